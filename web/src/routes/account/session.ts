import { redirect, type LoaderFunctionArgs } from 'react-router';
import { validateTokenAdmin } from '@app/contracts';
import { api } from '../../api/client';
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
 * After a password sign-in: back to the gabarito that asked for it, else the admin check decides where to
 * go: admins to the statistics, others to the builder.
 */
export async function redirectAfterSignIn(token: string) {
  const back = takeReturn();
  if (back) return redirect(back);
  const admin = await api(validateTokenAdmin, { query: { token } });
  return redirect(admin.status === 'SUCCESS' ? paths.adminStats : paths.exercises);
}
