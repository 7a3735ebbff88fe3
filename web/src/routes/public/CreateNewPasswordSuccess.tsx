import { Link } from 'react-router';
import { Page } from '../../components/Page';
import { paths } from '../../paths';
import '../account/account.css';

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
