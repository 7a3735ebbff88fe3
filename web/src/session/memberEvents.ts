import { useEffect } from 'react';
import { EventSource } from 'eventsource';
import { BalanceEvent, MemberEventName, ResyncEvent } from '@app/contracts';
import { startupRoutes } from '@app/contracts/route-refs';
import type { z } from 'zod';
import { useGlobalDispatch, useGlobalState } from './GlobalStateProvider';
import { globalActions, type BalanceChange } from './globalState';
import { keepConnected } from './reconnect';
import { getStoredToken } from './storage';

/** The schema of each event of the stream, by its `event:` name (the gateway sends them from the same schemas). */
const MEMBER_EVENTS = {
  [MemberEventName.balance]: BalanceEvent,
  [MemberEventName.resync]: ResyncEvent,
} as const;

type MemberEventNames = keyof typeof MEMBER_EVENTS;

/** An event's data read with its schema: null when it is not JSON or not what the schema says. */
export function decodeMemberEvent<N extends MemberEventNames>(
  name: N,
  data: string,
): z.output<(typeof MEMBER_EVENTS)[N]> | null {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  const parsed = MEMBER_EVENTS[name].safeParse(value);
  return parsed.success ? (parsed.data as z.output<(typeof MEMBER_EVENTS)[N]>) : null;
}

/** A `balance` event as the global state takes it; null for one this tab cannot read. */
export function readBalanceChange(data: string): BalanceChange | null {
  const event = decodeMemberEvent(MemberEventName.balance, data);
  return event && { balance: event.balance, version: event.version };
}

/**
 * The member's live stream: one server-sent-events connection per tab while a member screen is open, so
 * that the sidebar, the builder and Extrato learn of every change of the balance (a Pix approved later, a purchase in
 * another tab, a refund) without a reload and without polling.
 *
 * The stream is read with fetch (the `eventsource` package, with the browser's fetch): the session token goes in the
 * Authorization header of each connection, read from storage then, never in the URL. The package reconnects a
 * dropped stream by itself (the server says how soon); a stream the server refused (429 past the limits of live
 * streams, 503) is opened again later, backing off (reconnect.ts); each reconnection reads the balance again, since
 * changes made meanwhile were not heard. A stream refused with 401 (the session ended) stays closed until the session
 * changes. A `balance` event this tab cannot read (a newer server's, say) is taken as a `resync`: the balance is read
 * again rather than left stale.
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
      const readAgain = () => {
        dispatch(globalActions.refreshBalance());
        dispatch(globalActions.statementChanged());
      };
      source.addEventListener('open', () => {
        if (connections++ === 0) return;
        readAgain();
      });
      source.addEventListener(MemberEventName.balance, (event) => {
        const change = readBalanceChange(event.data);
        if (change) dispatch(globalActions.balanceChanged(change));
        else readAgain();
      });
      source.addEventListener(MemberEventName.resync, readAgain);
      return source;
    });
  }, [refreshUserData, dispatch]);
}
