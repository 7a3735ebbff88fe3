import { Outlet } from 'react-router';
import { MenuLinks, SideMenu } from '../../components/SideMenu';
import { paths } from '../../paths';

const adminMenu = [
  { to: paths.adminStats, label: 'Estatísticas' },
  { to: paths.adminUsers, label: 'Usuários' },
  { to: paths.adminEmails, label: 'Emails' },
  { to: paths.adminChangePassword, label: 'Alterar Senha' },
  { to: paths.logout, label: 'Sair' },
] as const;

export function AdminLayout() {
  return (
    <div className="area-layout">
      <SideMenu label="Administração">
        <p className="side-menu__title">Administração</p>
        <MenuLinks label="Administração" items={adminMenu} />
      </SideMenu>
      <div className="area-layout__content">
        <Outlet />
      </div>
    </div>
  );
}
