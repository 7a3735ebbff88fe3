import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { adminStats } from '@app/contracts';
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

function StatGroup({ title, figures }: { title: string; figures: Array<[label: string, value: number]> }) {
  return (
    <section className="admin-stat-group" aria-label={title}>
      <h2>{title}</h2>
      <dl>
        {figures.map(([label, value]) => (
          <div key={label} className="admin-stat">
            <dt>{label}</dt>
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
            ['Estornados', payments.paymentsReversed],
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
