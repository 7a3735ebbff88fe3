import { redirect, type LoaderFunctionArgs } from 'react-router';
import { paths } from '../../paths';
import { globalActions } from '../../session/globalState';
import { clearSession } from '../../session/storage';
import { globalStoreContext } from '../../session/store';

/** /logout has no screen: it forgets the session, tells the header and goes to the login page. */
export function loader({ context }: LoaderFunctionArgs) {
  clearSession();
  const store = context.get(globalStoreContext);
  store.dispatch(globalActions.refreshUserData());
  store.dispatch(globalActions.setLoggedIn(false));
  return redirect(paths.login);
}
