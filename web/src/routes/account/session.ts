import { redirect, type LoaderFunctionArgs } from 'react-router';
import type { SignInSession } from '@app/contracts';
import { paths } from '../../paths';
import { globalActions } from '../../session/globalState';
import { clearSession, saveSession, type StoredSession } from '../../session/storage';
import { globalStoreContext } from '../../session/store';
import { takeReturn } from './returnAfterSignIn';

type RouterContext = LoaderFunctionArgs['context'];

/** Stores a new session and tells the header and the sidebar. */
export function signIn(context: RouterContext, session: StoredSession): void {
  saveSession(session);
  const store = context.get(globalStoreContext);
  store.dispatch(globalActions.setLoggedIn(true));
  store.dispatch(globalActions.refreshUserData());
}

/** The account pages start from a clean slate: whatever session was stored is forgotten. */
export function forgetSession(context: RouterContext): void {
  clearSession();
  const store = context.get(globalStoreContext);
  store.dispatch(globalActions.setLoggedIn(false));
  store.dispatch(globalActions.refreshUserData());
}

/**
 * Where a sign-in lands, from the role its answer carries (no request, so a member's sign-in asks nothing the server
 * refuses): an admin on the statistics, a member in the builder. Only where the screen goes: the admin screens are
 * still guarded by validateTokenAdmin, and every admin route by the server.
 */
export const landingFor = (session: Pick<SignInSession, 'role'>): string =>
  session.role === 'admin' ? paths.adminStats : paths.exercises;

/** After a password sign-in: back to the gabarito that asked for it, else where the account's role lands. */
export function redirectAfterSignIn(session: Pick<SignInSession, 'role'>) {
  return redirect(takeReturn() ?? landingFor(session));
}
