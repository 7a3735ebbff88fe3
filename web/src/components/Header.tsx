import { Link } from 'react-router';
import { paths } from '../paths';
import { useGlobalState } from '../session/GlobalStateProvider';
import { getStoredFullname } from '../session/storage';
import { Logo } from './Logo';

export function Header() {
  // The name is read from storage on every render: whoever changes it dispatches refreshUserData, which
  // re-renders this component through the global state.
  const { isLoggedIn } = useGlobalState();
  const fullname = getStoredFullname() || 'Visitante';

  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Logo />
        <nav className="site-header__account" aria-label="Conta">
          {isLoggedIn ? (
            <>
              {/* A long name ends in an ellipsis on a narrow screen; the title keeps the whole of it. */}
              <span className="greeting" title={`Olá, ${fullname}`}>
                Olá, {fullname}
              </span>
              <Link to={paths.exercises} className="button button--small">
                Minha Área
              </Link>
            </>
          ) : (
            <Link to={paths.login} className="button button--small">
              Entrar
            </Link>
          )}
        </nav>
      </div>
    </header>
  );
}
