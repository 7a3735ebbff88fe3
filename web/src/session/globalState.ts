import type { PaymentOutcome } from '@app/contracts';

/**
 * What became of a Mercado Pago payment the payer came back with (/pagamento-sucesso hands it to the builder, which
 * shows it until closed). 'unknown': the server could not tell (Mercado Pago or the service unreachable).
 */
export interface PaymentNotice {
  outcome: PaymentOutcome | 'unknown';
  /** In reais, when approved. */
  amount: number | null;
}

/**
 * The global state of spec §3. Counters are signals: a component that must reload something (the balance, the
 * user's name in the header, a page list) watches its counter, and anyone can bump it.
 */
export interface GlobalState {
  loadPage: number;
  refreshUserData: number;
  refreshBalance: number;
  /** In reais; null until the server's first answer (the sidebar shows a placeholder, never a false R$ 0,00). */
  balance: number | null;
  /** A free sample was downloaded (stops the pulsing prompt, starts the signup call-to-action animation). */
  downloadFree: boolean;
  isLoggedIn: boolean;
  /** Not in spec §3: the outcome of the last payment return, until the builder's alert is closed. */
  paymentNotice: PaymentNotice | null;
}

export type GlobalAction =
  | { type: 'loadPage' }
  | { type: 'refreshUserData' }
  | { type: 'refreshBalance' }
  | { type: 'setBalance'; balance: number }
  | { type: 'setDownloadFree'; downloadFree: boolean }
  | { type: 'setLoggedIn'; isLoggedIn: boolean }
  | { type: 'setPaymentNotice'; paymentNotice: PaymentNotice | null };

export const globalActions = {
  loadPage: (): GlobalAction => ({ type: 'loadPage' }),
  refreshUserData: (): GlobalAction => ({ type: 'refreshUserData' }),
  refreshBalance: (): GlobalAction => ({ type: 'refreshBalance' }),
  setBalance: (balance: number): GlobalAction => ({ type: 'setBalance', balance }),
  setDownloadFree: (downloadFree = true): GlobalAction => ({ type: 'setDownloadFree', downloadFree }),
  setLoggedIn: (isLoggedIn: boolean): GlobalAction => ({ type: 'setLoggedIn', isLoggedIn }),
  setPaymentNotice: (paymentNotice: PaymentNotice | null): GlobalAction => ({
    type: 'setPaymentNotice',
    paymentNotice,
  }),
};

export function initialGlobalState(init: Pick<GlobalState, 'downloadFree' | 'isLoggedIn'>): GlobalState {
  return { loadPage: 0, refreshUserData: 0, refreshBalance: 0, balance: null, paymentNotice: null, ...init };
}

/** Returns the same object when nothing changes, so subscribers do not re-render for no-op actions. */
export function globalReducer(state: GlobalState, action: GlobalAction): GlobalState {
  switch (action.type) {
    case 'loadPage':
    case 'refreshUserData':
    case 'refreshBalance':
      return { ...state, [action.type]: state[action.type] + 1 };
    case 'setBalance':
      return state.balance === action.balance ? state : { ...state, balance: action.balance };
    case 'setDownloadFree':
      return state.downloadFree === action.downloadFree
        ? state
        : { ...state, downloadFree: action.downloadFree };
    case 'setLoggedIn':
      if (state.isLoggedIn === action.isLoggedIn) return state;
      // Signing out forgets the balance: the next user must not see it while theirs loads.
      return action.isLoggedIn
        ? { ...state, isLoggedIn: true }
        : { ...state, isLoggedIn: false, balance: null };
    case 'setPaymentNotice':
      return state.paymentNotice === action.paymentNotice
        ? state
        : { ...state, paymentNotice: action.paymentNotice };
  }
}
