import { globalActions } from './globalState';
import type { GlobalStore } from './store';
import { getStoredToken, StorageKey } from './storage';
import { isTokenExpired } from './token';

/**
 * A session that ends or begins in another tab of this browser ends or begins here at once: the browser tells every
 * other tab that the stored token changed (the `storage` event). The header follows the new state, and the screen's
 * guards run again: a member screen left without a session goes to the login page without waiting for a click.
 */
export function followSessionAcrossTabs(
  router: { revalidate(): Promise<unknown> },
  store: Pick<GlobalStore, 'dispatch'>,
  tab: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> = window,
): () => void {
  const onStorage = (event: Event) => {
    const { key } = event as Event & { key: string | null };
    // `null`: the whole storage was cleared.
    if (key !== StorageKey.token && key !== null) return;
    const token = getStoredToken();
    store.dispatch(globalActions.setLoggedIn(token !== null && !isTokenExpired(token)));
    store.dispatch(globalActions.refreshUserData());
    void router.revalidate();
  };
  tab.addEventListener('storage', onStorage);
  return () => tab.removeEventListener('storage', onStorage);
}
