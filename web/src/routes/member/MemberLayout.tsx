import { Outlet } from 'react-router';
import { MemberSidebar } from '../../components/MemberSidebar';

export function MemberLayout() {
  return (
    <div className="area-layout">
      <MemberSidebar />
      <div className="area-layout__content">
        <Outlet />
      </div>
    </div>
  );
}
