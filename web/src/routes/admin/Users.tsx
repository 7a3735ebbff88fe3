import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { adminUsers } from '@app/contracts';
import { api } from '../../api/client';
import { Page } from '../../components/Page';
import { formatDateTime } from '../../format';
import { mustSucceed } from './load';
import { RefreshButton } from './RefreshButton';
import './admin.css';

export async function loader({ request }: LoaderFunctionArgs) {
  const { data, total } = mustSucceed(await api(adminUsers, { signal: request.signal }));
  return { users: data, total };
}

export default function Users() {
  const { users, total } = useLoaderData<typeof loader>();
  return (
    <Page title="Usuários">
      <div className="admin-toolbar">
        <p className="lead">
          Total de usuários: <strong>{total}</strong>
        </p>
        <RefreshButton />
      </div>
      {users.length === 0 ? (
        <p className="admin-empty">Nenhum usuário encontrado.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Nome completo</th>
                <th scope="col">Email</th>
                <th scope="col">Google?</th>
                <th scope="col">Criado em</th>
                <th scope="col">Atualizado em</th>
              </tr>
            </thead>
            <tbody>
              {users.map((user) => (
                <tr key={user._id}>
                  <td>{user.fullname}</td>
                  <td>{user.email}</td>
                  <td>{user.fromGoogle ? 'Sim' : 'Não'}</td>
                  <td>{formatDateTime(user.createdAt)}</td>
                  <td>{formatDateTime(user.updatedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Page>
  );
}
