import { Outlet } from 'react-router';
import { MemberSidebar } from '../../components/MemberSidebar';
import { useMemberEvents } from '../../session/memberEvents';

export function MemberLayout() {
  // One live stream per tab while a member screen is open: the balance everywhere follows every change.
  useMemberEvents();
  return (
    <div className="area-layout">
      <MemberSidebar />
      <div className="area-layout__content">
        <Outlet />
      </div>
    </div>
  );
}
