import { useEffect } from 'react';
import { Link } from 'react-router';
import { startupRoutes } from '@app/contracts/route-refs';
import { formatReais } from '@app/contracts/format';
import { api } from '../api/client';
import { paths } from '../paths';
import { useGlobalDispatch, useGlobalState, useGlobalStore } from '../session/GlobalStateProvider';
import { globalActions } from '../session/globalState';
import { getStoredToken } from '../session/storage';
import { negativeBalanceText } from '../session/balanceTexts';
import { MenuLinks, SideMenu } from './SideMenu';

const memberMenu = [
  { to: paths.exercises, label: 'Exercícios de Aritmética' },
  { to: paths.myPurchases, label: 'Minhas Compras' },
  { to: paths.turmas, label: 'Minhas Turmas' },
  { to: paths.statement, label: 'Extrato' },
  { to: paths.myData, label: 'Meus Dados' },
  { to: paths.logout, label: 'Sair' },
] as const;

/**
 * The balance is loaded on mount and again whenever the refreshBalance counter changes (after a
 * purchase, after a payment), as long as a token exists; a 401 marks the user logged out. Between loads the member's
 * live stream (session/memberEvents.ts) keeps it current; an answer that left before a change heard on the stream
 * is not shown over it (it is asked again instead).
 */
function useBalance(): number | null {
  const { balance, refreshBalance } = useGlobalState();
  const dispatch = useGlobalDispatch();
  const store = useGlobalStore();
  useEffect(() => {
    if (!getStoredToken()) return;
    const controller = new AbortController();
    const heardBefore = store.getState().statementRevision;
    api(startupRoutes.getBalance, { signal: controller.signal })
      .then((result) => {
        if (result.httpStatus === 401) dispatch(globalActions.setLoggedIn(false));
        else if (store.getState().statementRevision !== heardBefore) dispatch(globalActions.refreshBalance());
        else if (result.status === 'SUCCESS' && result.payload !== null)
          dispatch(globalActions.setBalance(result.payload));
      })
      // A failed or cancelled call keeps the last balance shown; the next refresh tries again.
      .catch(() => undefined);
    return () => controller.abort();
  }, [refreshBalance, dispatch, store]);
  return balance;
}

/**
 * Below zero, what took it there (the latest refund or chargeback), for the sidebar and the builder's
 * warning; asked again at every change while the balance stays negative, forgotten once it is not.
 */
function useBalanceDetails(balance: number | null): void {
  const dispatch = useGlobalDispatch();
  const negative = balance !== null && balance < 0;
  useEffect(() => {
    if (!negative) {
      dispatch(globalActions.setBalanceDetails(null));
      return;
    }
    const controller = new AbortController();
    api(startupRoutes.getBalanceDetails, { signal: controller.signal })
      .then((result) => {
        if (result.status === 'SUCCESS' && result.payload)
          dispatch(globalActions.setBalanceDetails(result.payload));
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [negative, balance, dispatch]);
}

function BalanceValue({ balance }: { balance: number | null }) {
  // Until the first answer, a placeholder of the value's size: no false 'R$ 0,00' and no layout shift.
  if (balance === null)
    return (
      <strong className="balance__value">
        <span className="balance__placeholder" role="img" aria-label="carregando" />
      </strong>
    );
  return (
    <strong
      className={balance < 0 ? 'balance__value balance__value--owed money' : 'balance__value money'}
      data-balance
    >
      {formatReais(balance)}
    </strong>
  );
}

export function MemberSidebar() {
  const balance = useBalance();
  useBalanceDetails(balance);
  const { balanceDetails } = useGlobalState();
  const owed = balance !== null && balance < 0 ? negativeBalanceText(balance, balanceDetails) : null;
  return (
    <SideMenu
      label="Menu"
      // On a phone the menu is folded: its button still shows the balance, which changes live.
      summary={
        balance === null ? null : (
          <span
            className={balance < 0 ? 'side-menu__balance money balance--owed' : 'side-menu__balance money'}
            data-balance
          >
            {formatReais(balance)}
          </span>
        )
      }
    >
      <div className={owed ? 'balance balance--negative' : 'balance'}>
        <p aria-busy={balance === null}>
          Seu saldo é <BalanceValue balance={balance} />
        </p>
        {owed && <p className="balance__owed">{owed}</p>}
        <Link to={paths.addBalance} className="button button--accent button--block">
          Adicionar Saldo
        </Link>
      </div>
      <MenuLinks label="Minha Área" items={memberMenu} />
    </SideMenu>
  );
}
