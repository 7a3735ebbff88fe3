import { Form, useLoaderData, useSubmit, type LoaderFunctionArgs } from 'react-router';
import { adminLogs, AuditType } from '@app/contracts';
import { formatDateTime } from '@app/contracts/format';
import { api } from '../../api/client';
import { Page } from '../../components/Page';
import { mustSucceed } from './load';
import { RefreshButton } from './RefreshButton';
import { BreakableEmail, TableRegion } from './TableRegion';
import './admin.css';

const LIMIT = 100;

const typeLabels: Record<AuditType, string> = {
  'user.registered': 'Cadastro',
  'user.activated': 'Ativação',
  'login.failed': 'Falha de login',
  'topup.credited': 'Saldo adicionado',
  'topup.reversed': 'Estorno ou contestação',
  'topup.refunded': 'Devolução (conta excluída)',
  'page.bought': 'Página comprada',
};

export async function loader({ request }: LoaderFunctionArgs) {
  // An unknown ?type= in the address shows everything rather than an error.
  const parsed = AuditType.safeParse(new URL(request.url).searchParams.get('type'));
  const type = parsed.success ? parsed.data : undefined;
  const result = mustSucceed(await api(adminLogs, { query: { type, limit: LIMIT }, signal: request.signal }));
  return { entries: result.payload ?? [], type };
}

export default function Logs() {
  const { entries, type } = useLoaderData<typeof loader>();
  const submit = useSubmit();
  return (
    <Page title="Atividade recente">
      <p className="lead">Os últimos {LIMIT} acontecimentos do site, do mais recente ao mais antigo.</p>
      <div className="admin-toolbar">
        <Form method="get" className="admin-filter" onChange={(event) => void submit(event.currentTarget)}>
          <label htmlFor="type">Tipo</label>
          <select id="type" name="type" defaultValue={type ?? ''} key={type ?? ''}>
            <option value="">Todos</option>
            {AuditType.options.map((value) => (
              <option key={value} value={value}>
                {typeLabels[value]}
              </option>
            ))}
          </select>
          <noscript>
            <button type="submit" className="button button--small">
              Filtrar
            </button>
          </noscript>
        </Form>
        <RefreshButton />
      </div>
      {entries.length === 0 ? (
        <p className="admin-empty">Nenhuma atividade registrada.</p>
      ) : (
        <TableRegion label="Tabela de atividades">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Data</th>
                <th scope="col">Tipo</th>
                <th scope="col">Descrição</th>
                <th scope="col">Usuário</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={`${entry.type}:${entry.id}`}>
                  <td className="admin-nowrap">{formatDateTime(entry.at)}</td>
                  <td className="admin-words">{typeLabels[entry.type]}</td>
                  <td>{entry.summary}</td>
                  <td>{entry.email ? <BreakableEmail email={entry.email} /> : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
    </Page>
  );
}
