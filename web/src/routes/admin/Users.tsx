import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { adminUsers } from '@app/contracts';
import { formatDateTime } from '@app/contracts/format';
import { api } from '../../api/client';
import { Page } from '../../components/Page';
import { mustSucceed } from './load';
import { RefreshButton } from './RefreshButton';
import { BreakableEmail, TableRegion } from './TableRegion';
import './admin.css';

/** Users per page of the table; `?pagina=N` picks the page (the newest users first). */
export const USERS_PER_PAGE = 100;

export async function loader({ request }: LoaderFunctionArgs) {
  const asked = Number(new URL(request.url).searchParams.get('pagina') ?? '1');
  const page = Number.isInteger(asked) && asked >= 1 ? asked : 1;
  const { data, total } = mustSucceed(
    await api(adminUsers, {
      query: { limit: USERS_PER_PAGE, offset: (page - 1) * USERS_PER_PAGE },
      signal: request.signal,
    }),
  );
  return { users: data, total, page, pages: Math.max(1, Math.ceil(total / USERS_PER_PAGE)) };
}

export default function Users() {
  const { users, total, page, pages } = useLoaderData<typeof loader>();
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
        <TableRegion label="Tabela de usuários">
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
                  <td>
                    <BreakableEmail email={user.email} />
                  </td>
                  <td>{user.fromGoogle ? 'Sim' : 'Não'}</td>
                  <td>{formatDateTime(user.createdAt)}</td>
                  <td>{formatDateTime(user.updatedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
      {pages > 1 && (
        <nav className="admin-pager" aria-label="Páginas de usuários">
          {page > 1 && <Link to={`?pagina=${page - 1}`}>Anterior</Link>}
          <span>
            Página {page} de {pages}
          </span>
          {page < pages && <Link to={`?pagina=${page + 1}`}>Próxima</Link>}
        </nav>
      )}
    </Page>
  );
}
