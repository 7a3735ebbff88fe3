import { redirect, type MiddlewareFunction } from 'react-router';
import type { validateToken, validateTokenAdmin } from '@app/contracts';
import { startupRoutes, type RouteRef } from '@app/contracts/route-refs';
import { api, ApiError } from '../api/client';
import { MORE_EXERCISES_REASON } from '../routes/public/loginReason';
import { paths } from '../paths';
import { globalActions } from './globalState';
import { globalStoreContext } from './store';
import { clearSession, getStoredToken } from './storage';
import { isTokenExpired } from './token';

/**
 * Route guards (member screens, admin screens), as router middleware so that they finish before any loader of the guarded
 * routes starts (a page's loader never calls the API for a visitor who is about to be redirected).
 */

/**
 * Public-only routes: a stored session the server no longer accepts is forgotten. A server that cannot answer
 * (5xx) says nothing about the token, so the session is kept.
 */
export const forgetInvalidSession: MiddlewareFunction = async ({ context, request }) => {
  const token = getStoredToken();
  if (!token) return;
  if (!isTokenExpired(token)) {
    const check = await api(startupRoutes.validateToken, { query: { token }, signal: request.signal });
    if (check.status === 'SUCCESS' || check.httpStatus >= 500) return;
  }
  clearSession();
  const store = context.get(globalStoreContext);
  store.dispatch(globalActions.setLoggedIn(false));
  store.dispatch(globalActions.refreshUserData());
};

export const requireMember: MiddlewareFunction = (args) => requireSession(startupRoutes.validateToken, args);

/**
 * A non-admin (or a stale session) fails the check and is signed out; a network failure, or a server that cannot
 * answer (5xx), shows the error screen instead of signing anyone out.
 */
export const requireAdmin: MiddlewareFunction = (args) =>
  requireSession(startupRoutes.validateTokenAdmin, args);

/**
 * Where a visitor goes: /login; on the way to the builder (the home's 'Adquira mais exercícios'), with the reason,
 * so the login page can say why (after signing in, a member lands on the builder).
 */
function signInFirst(request: Request): string {
  const target = new URL(request.url).pathname.replace(/\/$/, '');
  return target === paths.exercises ? `${paths.login}?motivo=${MORE_EXERCISES_REASON}` : paths.login;
}

async function requireSession(
  check: RouteRef<typeof validateToken | typeof validateTokenAdmin>,
  { context, request }: Parameters<MiddlewareFunction>[0],
): Promise<void> {
  const token = getStoredToken();
  if (!token) throw redirect(signInFirst(request));
  if (isTokenExpired(token)) throw redirect(paths.logout);
  const result = await api(check, { query: { token }, signal: request.signal });
  if (result.status !== 'SUCCESS' && result.httpStatus >= 500)
    throw new ApiError(result.message, result.httpStatus);
  if (result.status !== 'SUCCESS') throw redirect(paths.logout);
  context.get(globalStoreContext).dispatch(globalActions.setLoggedIn(true));
}
