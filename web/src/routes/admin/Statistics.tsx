import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { adminStats, Msg } from '@app/contracts';
import { api } from '../../api/client';
import { Page } from '../../components/Page';
import { paths } from '../../paths';
import { mustSucceed } from './load';
import { RefreshButton } from './RefreshButton';
import './admin.css';

export async function loader({ request }: LoaderFunctionArgs) {
  return mustSucceed(await api(adminStats, { signal: request.signal })).data;
}

const number = new Intl.NumberFormat('pt-BR');

type Figure = [label: string, value: number, hint?: string];

function StatGroup({ title, figures }: { title: string; figures: Figure[] }) {
  return (
    <section className="admin-stat-group" aria-label={title}>
      <h2>{title}</h2>
      <dl>
        {figures.map(([label, value, hint]) => (
          <div key={label} className="admin-stat">
            <dt>
              <span>{label}</span>
              {hint && <span className="admin-stat__hint">{hint}</span>}
            </dt>
            <dd>{number.format(value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export default function Statistics() {
  const { users, payments, pages } = useLoaderData<typeof loader>();
  return (
    <Page title="Estatísticas">
      <div className="admin-stat-groups">
        <StatGroup
          title="Usuários"
          figures={[
            ['Total', users.totalUsers],
            ['Via Google', users.usersGoogle],
            ['Cadastro manual', users.usersLocal],
          ]}
        />
        <StatGroup
          title="Pagamentos"
          figures={[
            ['Total criados', payments.totalPayments],
            ['Finalizados', payments.paymentsFinished],
            ['Não finalizados', payments.paymentsPending],
            // What it counts, said where it is read.
            [Msg.adminReversedLabel, payments.paymentsReversed, Msg.adminReversedHint],
          ]}
        />
        <StatGroup
          title="Páginas"
          figures={[
            ['Total criadas', pages.totalPages],
            ['Compradas', pages.pagesWithPayments],
            ['Não compradas', pages.pagesWithoutPayments],
          ]}
        />
      </div>
      <div className="actions">
        <RefreshButton />
        <Link className="button button--secondary button--small" to={paths.adminLogs}>
          Ver atividade recente
        </Link>
      </div>
    </Page>
  );
}
