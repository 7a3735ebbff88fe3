import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { getStatement, Msg, STATEMENT_MAX_ENTRIES, type Statement as StatementData } from '@app/contracts';
import { api } from '../../api/client';
import { Page } from '../../components/Page';
import { paths } from '../../paths';
import { useGlobalState } from '../../session/GlobalStateProvider';
import { statementRows } from './statementRows';
import './statement.css';

type Load = { state: 'loading' } | { state: 'ready'; statement: StatementData } | { state: 'failed' };

/**
 * The statement is fetched by the screen (not a loader) so that the page shows at once with its loading state; and
 * again at every change heard on the member's live stream (a top-up credited or pending, a purchase, a refund),
 * keeping what it shows until the new answer arrives.
 */
function useStatement(): Load {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const navigate = useNavigate();
  const { statementRevision } = useGlobalState();
  useEffect(() => {
    const controller = new AbortController();
    api(getStatement, { signal: controller.signal })
      .then((result) => {
        if (result.httpStatus === 401) void navigate(paths.logout);
        else if (result.status === 'SUCCESS' && result.payload)
          setLoad({ state: 'ready', statement: result.payload });
        else setLoad((shown) => (shown.state === 'ready' ? shown : { state: 'failed' }));
      })
      .catch(() => {
        if (!controller.signal.aborted)
          setLoad((shown) => (shown.state === 'ready' ? shown : { state: 'failed' }));
      });
    return () => controller.abort();
  }, [navigate, statementRevision]);
  return load;
}

/** Extrato: every top-up, purchase and reversal with the balance after it, newest first. */
export default function Statement() {
  const load = useStatement();
  return (
    <Page title="Extrato">
      {load.state === 'loading' && (
        <p className="lead" role="status">
          Carregando extrato…
        </p>
      )}
      {load.state === 'failed' && (
        <p className="alert alert--error" role="alert">
          {Msg.statementFailed}
        </p>
      )}
      {load.state === 'ready' &&
        load.statement.entries.length === 0 &&
        load.statement.pending.length === 0 && (
          <p className="lead">
            {Msg.statementEmpty} <Link to={paths.addBalance}>Adicionar Saldo</Link>
          </p>
        )}
      {load.state === 'ready' && (load.statement.entries.length > 0 || load.statement.pending.length > 0) && (
        <>
          <table className="statement" aria-label="Movimentações, da mais recente à mais antiga">
            <thead>
              <tr>
                <th scope="col">Data</th>
                <th scope="col">Descrição</th>
                <th scope="col" className="statement__money">
                  Valor
                </th>
                <th scope="col" className="statement__money">
                  Saldo
                </th>
              </tr>
            </thead>
            <tbody>
              <StatementRows statement={load.statement} />
            </tbody>
          </table>
          {load.statement.pending.length > 0 && <p className="statement__note">{Msg.statementPendingHint}</p>}
          {load.statement.hasOlder && (
            <p className="statement__note">{Msg.statementOlderOmitted(STATEMENT_MAX_ENTRIES)}</p>
          )}
        </>
      )}
    </Page>
  );
}

/** The pending top-ups first, then every movement with the balance after it (statementRows.ts writes them). */
function StatementRows({ statement }: { statement: StatementData }) {
  return (
    <>
      {statementRows(statement).map((row) => (
        <tr
          key={row.key}
          data-kind={row.kind}
          className={row.kind === 'pending' ? 'statement__pending' : undefined}
        >
          <td data-label="Data" className="statement__date">
            {row.date}
          </td>
          <td data-label="Descrição" className="statement__description">
            {row.description}
          </td>
          <td data-label="Valor" className={`statement__money statement__money--${row.tone}`}>
            {row.amount}
          </td>
          <td data-label="Saldo" className="statement__money">
            {row.balance ?? <span className="statement__badge">{Msg.statementPending}</span>}
          </td>
        </tr>
      ))}
    </>
  );
}
