import { useEffect } from 'react';
import { Link } from 'react-router';
import { startupRoutes } from '@app/contracts/route-refs';
import { formatReais } from '@app/contracts/format';
import { api } from '../api/client';
import { paths } from '../paths';
import { useGlobalDispatch, useGlobalState } from '../session/GlobalStateProvider';
import { globalActions } from '../session/globalState';
import { getStoredToken } from '../session/storage';
import { MenuLinks, SideMenu } from './SideMenu';

const memberMenu = [
  { to: paths.exercises, label: 'Exercícios de Aritmética' },
  { to: paths.myPurchases, label: 'Minhas Compras' },
  { to: paths.statement, label: 'Extrato' },
  { to: paths.myData, label: 'Meus Dados' },
  { to: paths.logout, label: 'Sair' },
] as const;

/**
 * Spec §2 and §4: the balance is loaded on mount and again whenever the refreshBalance counter changes (after a
 * purchase, after a payment), as long as a token exists; a 401 marks the user logged out.
 */
function useBalance(): number | null {
  const { balance, refreshBalance } = useGlobalState();
  const dispatch = useGlobalDispatch();
  useEffect(() => {
    if (!getStoredToken()) return;
    const controller = new AbortController();
    api(startupRoutes.getBalance, { signal: controller.signal })
      .then((result) => {
        if (result.httpStatus === 401) dispatch(globalActions.setLoggedIn(false));
        else if (result.status === 'SUCCESS' && result.payload !== null)
          dispatch(globalActions.setBalance(result.payload));
      })
      // A failed or cancelled call keeps the last balance shown; the next refresh tries again.
      .catch(() => undefined);
    return () => controller.abort();
  }, [refreshBalance, dispatch]);
  return balance;
}

export function MemberSidebar() {
  const balance = useBalance();
  return (
    <SideMenu label="Menu">
      <div className="balance">
        {/* Until the first answer, a placeholder of the value's size: no false 'R$ 0,00' and no layout shift. */}
        <p aria-busy={balance === null}>
          Seu saldo é{' '}
          {balance === null ? (
            <strong className="balance__value">
              <span className="balance__placeholder" role="img" aria-label="carregando" />
            </strong>
          ) : (
            <strong className="balance__value money">{formatReais(balance)}</strong>
          )}
        </p>
        <Link to={paths.addBalance} className="button button--accent button--block">
          Adicionar Saldo
        </Link>
      </div>
      <MenuLinks label="Minha Área" items={memberMenu} />
    </SideMenu>
  );
}
