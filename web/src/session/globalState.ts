import type { BalanceDetails, PaymentOutcome } from '@app/contracts';

/**
 * What became of a Mercado Pago payment the payer came back with (/pagamento-sucesso hands it to the builder, which
 * shows it until closed). 'unknown': the server could not tell (Mercado Pago or the service unreachable).
 */
export interface PaymentNotice {
  outcome: PaymentOutcome | 'unknown';
  /** In reais, when approved. */
  amount: number | null;
  /** Approved, and a return of the same payment was answered before: it was already added. */
  alreadyAdded?: boolean;
}

/** A change of the balance heard on the member's live stream (GET /api/memberEvents). */
export interface BalanceChange {
  /** In reais; null when only a pending payment changed (the statement's pending list). */
  balance: number | null;
  /** Newer changes have larger versions; null with a null balance. */
  version: number | null;
}

/**
 * The SPA's global state. Counters are signals: a component that must reload something (the balance, the
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
  /** The outcome of the last payment return, until the builder's alert is closed. */
  paymentNotice: PaymentNotice | null;
  /** The version of the newest balance change heard on the live stream (0: none yet). */
  balanceVersion: number;
  /** Bumped by every change heard on the live stream; an open Extrato reads itself again. */
  statementRevision: number;
  /** What took the balance below zero, while it is below zero (the sidebar and the builder say it). */
  balanceDetails: BalanceDetails | null;
}

export type GlobalAction =
  | { type: 'loadPage' }
  | { type: 'refreshUserData' }
  | { type: 'refreshBalance' }
  | { type: 'setBalance'; balance: number }
  | { type: 'setDownloadFree'; downloadFree: boolean }
  | { type: 'setLoggedIn'; isLoggedIn: boolean }
  | { type: 'setPaymentNotice'; paymentNotice: PaymentNotice | null }
  | { type: 'balanceChanged'; change: BalanceChange }
  | { type: 'statementChanged' }
  | { type: 'setBalanceDetails'; balanceDetails: BalanceDetails | null };

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
  balanceChanged: (change: BalanceChange): GlobalAction => ({ type: 'balanceChanged', change }),
  statementChanged: (): GlobalAction => ({ type: 'statementChanged' }),
  setBalanceDetails: (balanceDetails: BalanceDetails | null): GlobalAction => ({
    type: 'setBalanceDetails',
    balanceDetails,
  }),
};

export function initialGlobalState(init: Pick<GlobalState, 'downloadFree' | 'isLoggedIn'>): GlobalState {
  return {
    loadPage: 0,
    refreshUserData: 0,
    refreshBalance: 0,
    balance: null,
    paymentNotice: null,
    balanceVersion: 0,
    statementRevision: 0,
    balanceDetails: null,
    ...init,
  };
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
        : { ...state, isLoggedIn: false, balance: null, balanceVersion: 0, balanceDetails: null };
    case 'balanceChanged': {
      // The statement changed whatever the balance did; an older balance than one already shown is not shown again.
      const { balance, version } = action.change;
      const newer = balance !== null && version !== null && version > state.balanceVersion;
      return {
        ...state,
        statementRevision: state.statementRevision + 1,
        ...(newer ? { balance, balanceVersion: version } : {}),
      };
    }
    case 'statementChanged':
      return { ...state, statementRevision: state.statementRevision + 1 };
    case 'setBalanceDetails':
      return state.balanceDetails === action.balanceDetails
        ? state
        : { ...state, balanceDetails: action.balanceDetails };
    case 'setPaymentNotice':
      return state.paymentNotice === action.paymentNotice
        ? state
        : { ...state, paymentNotice: action.paymentNotice };
  }
}
