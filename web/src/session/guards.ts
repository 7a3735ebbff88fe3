import { redirect, type MiddlewareFunction } from 'react-router';
import { validateToken, validateTokenAdmin } from '@app/contracts';
import { api } from '../api/client';
import { paths } from '../paths';
import { globalActions } from './globalState';
import { globalStoreContext } from './store';
import { clearSession, getStoredToken } from './storage';
import { isTokenExpired } from './token';

/**
 * Route guards of spec §2 and §6, as router middleware so that they finish before any loader of the guarded
 * routes starts (a page's loader never calls the API for a visitor who is about to be redirected).
 */

/** Public-only routes: a stored session the server no longer accepts is forgotten. */
export const forgetInvalidSession: MiddlewareFunction = async ({ context, request }) => {
  const token = getStoredToken();
  if (!token) return;
  const valid =
    !isTokenExpired(token) &&
    (await api(validateToken, { query: { token }, signal: request.signal })).status === 'SUCCESS';
  if (valid) return;
  clearSession();
  const store = context.get(globalStoreContext);
  store.dispatch(globalActions.setLoggedIn(false));
  store.dispatch(globalActions.refreshUserData());
};

/** Login, signup and the recovery request have nothing to offer a signed-in user. */
export const sendSignedInToMemberArea: MiddlewareFunction = () => {
  if (getStoredToken()) throw redirect(paths.exercises);
};

export const requireMember: MiddlewareFunction = (args) => requireSession(validateToken, args);

/** A non-admin (or a stale session) fails the check and is signed out; a network failure shows the error screen. */
export const requireAdmin: MiddlewareFunction = (args) => requireSession(validateTokenAdmin, args);

async function requireSession(
  check: typeof validateToken | typeof validateTokenAdmin,
  { context, request }: Parameters<MiddlewareFunction>[0],
): Promise<void> {
  const token = getStoredToken();
  if (!token) throw redirect(paths.login);
  if (isTokenExpired(token)) throw redirect(paths.logout);
  const result = await api(check, { query: { token }, signal: request.signal });
  if (result.status !== 'SUCCESS') throw redirect(paths.logout);
  context.get(globalStoreContext).dispatch(globalActions.setLoggedIn(true));
}
