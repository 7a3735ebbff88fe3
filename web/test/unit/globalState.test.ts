import { describe, expect, it, vi } from 'vitest';
import { globalActions, globalReducer, initialGlobalState } from '../../src/session/globalState';
import { createGlobalStore } from '../../src/session/store';

const initial = initialGlobalState({ isLoggedIn: false, downloadFree: false });

describe('globalReducer', () => {
  it('starts with zeroed counters and no balance yet', () => {
    expect(initial).toEqual({
      loadPage: 0,
      refreshUserData: 0,
      refreshBalance: 0,
      balance: null,
      downloadFree: false,
      isLoggedIn: false,
      paymentNotice: null,
      balanceVersion: 0,
      statementRevision: 0,
      balanceDetails: null,
    });
  });

  it('shows a balance heard on the live stream unless a newer one was shown already; every change revises Extrato', () => {
    let state = globalReducer(initial, globalActions.balanceChanged({ balance: 10, version: 5 }));
    expect(state).toMatchObject({ balance: 10, balanceVersion: 5, statementRevision: 1 });
    // An older change arriving late does not overwrite it.
    state = globalReducer(state, globalActions.balanceChanged({ balance: 4, version: 3 }));
    expect(state).toMatchObject({ balance: 10, balanceVersion: 5, statementRevision: 2 });
    state = globalReducer(state, globalActions.balanceChanged({ balance: 9.5, version: 6 }));
    expect(state).toMatchObject({ balance: 9.5, balanceVersion: 6, statementRevision: 3 });
    // A pending payment's status: the statement only.
    state = globalReducer(state, globalActions.balanceChanged({ balance: null, version: null }));
    expect(state).toMatchObject({ balance: 9.5, balanceVersion: 6, statementRevision: 4 });
    // Signing out forgets the version with the balance.
    state = globalReducer(
      globalReducer(state, globalActions.setLoggedIn(true)),
      globalActions.setLoggedIn(false),
    );
    expect(state).toMatchObject({ balance: null, balanceVersion: 0, balanceDetails: null });
  });

  it('holds the outcome of a payment return until it is cleared', () => {
    const notice = { outcome: 'approved' as const, amount: 10 };
    const state = globalReducer(initial, globalActions.setPaymentNotice(notice));
    expect(state.paymentNotice).toEqual(notice);
    expect(globalReducer(state, globalActions.setPaymentNotice(null)).paymentNotice).toBeNull();
    expect(globalReducer(initial, globalActions.setPaymentNotice(null))).toBe(initial);
  });

  it('forgets the balance when the user signs out', () => {
    const signedIn = globalReducer(
      globalReducer(initial, globalActions.setLoggedIn(true)),
      globalActions.setBalance(3),
    );
    expect(signedIn.balance).toBe(3);
    expect(globalReducer(signedIn, globalActions.setLoggedIn(false)).balance).toBeNull();
  });

  it('bumps each counter on its own', () => {
    let state = globalReducer(initial, globalActions.refreshBalance());
    state = globalReducer(state, globalActions.refreshBalance());
    state = globalReducer(state, globalActions.refreshUserData());
    state = globalReducer(state, globalActions.loadPage());
    expect(state).toMatchObject({ refreshBalance: 2, refreshUserData: 1, loadPage: 1 });
  });

  it('sets the balance, the free-download flag and the signed-in flag', () => {
    let state = globalReducer(initial, globalActions.setBalance(12.5));
    state = globalReducer(state, globalActions.setDownloadFree());
    state = globalReducer(state, globalActions.setLoggedIn(true));
    expect(state).toMatchObject({ balance: 12.5, downloadFree: true, isLoggedIn: true });
    expect(globalReducer(state, globalActions.setDownloadFree(false)).downloadFree).toBe(false);
  });

  it('keeps the same object when a setter changes nothing', () => {
    const zero = globalReducer(initial, globalActions.setBalance(0));
    expect(globalReducer(zero, globalActions.setBalance(0))).toBe(zero);
    expect(globalReducer(initial, globalActions.setLoggedIn(false))).toBe(initial);
    expect(globalReducer(initial, globalActions.setDownloadFree(false))).toBe(initial);
  });

  it('never mutates the previous state', () => {
    const frozen = Object.freeze({ ...initial });
    expect(() => globalReducer(frozen, globalActions.refreshBalance())).not.toThrow();
    expect(frozen.refreshBalance).toBe(0);
  });
});

describe('createGlobalStore', () => {
  it('applies actions and notifies subscribers only on change', () => {
    const store = createGlobalStore(initial);
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);

    store.dispatch(globalActions.setLoggedIn(true));
    store.dispatch(globalActions.setLoggedIn(true));
    expect(store.getState().isLoggedIn).toBe(true);
    expect(listener).toHaveBeenCalledTimes(1);

    unsubscribe();
    store.dispatch(globalActions.refreshBalance());
    expect(store.getState().refreshBalance).toBe(1);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
