import { redirect, type LoaderFunctionArgs } from 'react-router';
import { logout } from '@app/contracts';
import { api } from '../../api/client';
import { paths } from '../../paths';
import { globalActions } from '../../session/globalState';
import { clearSession, getStoredToken } from '../../session/storage';
import { globalStoreContext } from '../../session/store';

/**
 * /logout has no screen: it ends the session on the server (the token stops working everywhere at once), forgets it
 * here, tells the header and goes to the login page. Signing out here never waits on the server's answer to
 * succeed: an expired token (401) or a network failure still leaves this browser signed out.
 */
export async function loader({ context }: LoaderFunctionArgs) {
  if (getStoredToken()) await api(logout).catch(() => undefined);
  clearSession();
  const store = context.get(globalStoreContext);
  store.dispatch(globalActions.refreshUserData());
  store.dispatch(globalActions.setLoggedIn(false));
  return redirect(paths.login);
}
