import { useEffect } from 'react';
import { EventSource } from 'eventsource';
import { startupRoutes } from '@app/contracts/route-refs';
import { useGlobalDispatch, useGlobalState } from './GlobalStateProvider';
import { globalActions, type BalanceChange } from './globalState';
import { keepConnected } from './reconnect';
import { getStoredToken } from './storage';

/** The `event:` names of the stream (MemberEventName in @app/contracts, kept here without its schemas). */
const BALANCE = 'balance';
const RESYNC = 'resync';

/** A `balance` event's data, checked by hand: this runs in the member layout, which keeps zod out of it. */
function readBalanceChange(data: string): BalanceChange | null {
  try {
    const value = JSON.parse(data) as { balance?: unknown; version?: unknown };
    const balance = typeof value.balance === 'number' ? value.balance : null;
    const version = typeof value.version === 'number' ? value.version : null;
    return { balance, version };
  } catch {
    return null;
  }
}

/**
 * The member's live stream (issue 28): one server-sent-events connection per tab while a member screen is open, so
 * that the sidebar, the builder and Extrato learn of every change of the balance (a Pix approved later, a purchase in
 * another tab, a refund) without a reload and without polling.
 *
 * The stream is read with fetch (the `eventsource` package, with the browser's fetch): the session token goes in the
 * Authorization header of each connection, read from storage then, never in the URL. The package reconnects a
 * dropped stream by itself (the server says how soon); a stream the server refused (429 past the limits of live
 * streams, 503) is opened again later, backing off (reconnect.ts); each reconnection reads the balance again, since
 * changes made meanwhile were not heard. A stream refused with 401 (the session ended) stays closed until the session
 * changes.
 */
export function useMemberEvents(): void {
  const dispatch = useGlobalDispatch();
  // A new session (sign-in, a password change in this tab) starts a new stream with its token.
  const { refreshUserData } = useGlobalState();
  useEffect(() => {
    if (!getStoredToken()) return;
    let connections = 0;
    return keepConnected(() => {
      const source = new EventSource(startupRoutes.memberEvents.path, {
        fetch: (input, init) =>
          fetch(input, {
            ...init,
            headers: { ...init?.headers, Authorization: `Bearer ${getStoredToken() ?? ''}` },
          }),
      });
      source.addEventListener('open', () => {
        if (connections++ === 0) return;
        dispatch(globalActions.refreshBalance());
        dispatch(globalActions.statementChanged());
      });
      source.addEventListener(BALANCE, (event) => {
        const change = readBalanceChange(event.data);
        if (change) dispatch(globalActions.balanceChanged(change));
      });
      source.addEventListener(RESYNC, () => {
        dispatch(globalActions.refreshBalance());
        dispatch(globalActions.statementChanged());
      });
      return source;
    });
  }, [refreshUserData, dispatch]);
}
