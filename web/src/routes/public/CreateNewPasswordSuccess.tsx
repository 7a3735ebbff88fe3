import { Link, type LoaderFunctionArgs } from 'react-router';
import { Page } from '../../components/Page';
import { paths } from '../../paths';
import { forgetSession } from '../account/session';
import '../account/account.css';

/** A recovery page: it starts by forgetting any stored session. */
export function loader({ context }: LoaderFunctionArgs) {
  forgetSession(context);
  return null;
}

export default function CreateNewPasswordSuccess() {
  return (
    <Page title="Criar Nova Senha" className="account-page">
      <p role="status" className="alert alert--success">
        Sua senha foi alterada com sucesso.
      </p>
      <div className="actions">
        <Link to={paths.login} className="button">
          Ir para o login
        </Link>
      </div>
    </Page>
  );
}
