import { beforeEach, describe, expect, it, vi } from 'vitest';
import { followSessionAcrossTabs } from '../../src/session/crossTab';
import { globalActions, type GlobalAction } from '../../src/session/globalState';
import { MemoryStorage } from './memoryStorage';

let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal('localStorage', storage);
  return () => vi.unstubAllGlobals();
});

/** A token that expires in an hour (the web reads only `exp`). */
const liveToken = () =>
  `h.${Buffer.from(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 })).toString('base64url')}.s`;

/** Another tab changed `key` (null: cleared the storage): what the browser tells this one. */
const changedElsewhere = (tab: EventTarget, key: string | null) =>
  tab.dispatchEvent(Object.assign(new Event('storage'), { key }));

function follow() {
  const tab = new EventTarget();
  const dispatched: GlobalAction[] = [];
  const router = { revalidate: vi.fn(async () => undefined) };
  const stop = followSessionAcrossTabs(router, { dispatch: (a) => dispatched.push(a) }, tab);
  return { tab, dispatched, router, stop };
}

describe('the session across tabs (the storage event)', () => {
  it('a sign-out in another tab signs this one out and runs its guards again at once', () => {
    const { tab, dispatched, router } = follow();
    changedElsewhere(tab, 'token');
    expect(dispatched).toEqual([globalActions.setLoggedIn(false), globalActions.refreshUserData()]);
    expect(router.revalidate).toHaveBeenCalledTimes(1);
  });

  it('a sign-in in another tab signs this one in', () => {
    const { tab, dispatched, router } = follow();
    storage.setItem('token', liveToken());
    changedElsewhere(tab, 'token');
    expect(dispatched).toEqual([globalActions.setLoggedIn(true), globalActions.refreshUserData()]);
    expect(router.revalidate).toHaveBeenCalledTimes(1);
  });

  it('the storage cleared elsewhere counts as a sign-out; other keys change nothing; stop stops following', () => {
    const { tab, dispatched, router, stop } = follow();
    changedElsewhere(tab, 'freeDownload');
    expect(dispatched).toEqual([]);
    changedElsewhere(tab, null);
    expect(dispatched).toEqual([globalActions.setLoggedIn(false), globalActions.refreshUserData()]);
    stop();
    changedElsewhere(tab, 'token');
    expect(router.revalidate).toHaveBeenCalledTimes(1);
  });
});
