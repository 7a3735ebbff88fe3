import { EventSource } from 'eventsource';
import { memberEvents } from '@app/contracts';

/** What a member's live stream (GET /api/memberEvents) delivered, as the SPA reads it. */
export interface MemberStream {
  /** `{event, data}` of every event received, in order. */
  readonly events: Array<{ event: string; data: unknown }>;
  /** Times the stream opened (1, then one more per reconnection). */
  readonly opened: () => number;
  /** EventSource.CLOSED once the server refused it (or it was closed here). */
  readonly readyState: () => number;
  /** The HTTP status of the last refusal, if any. */
  readonly refusedWith: () => number | undefined;
  close(): void;
}

/**
 * Opens a member's live stream on a gateway the way the SPA does: the `eventsource` package with its own fetch, the
 * session token in the Authorization header (never in the URL). Answers once the stream is open.
 */
export async function openMemberStream(gatewayUrl: string, token: string): Promise<MemberStream> {
  const events: Array<{ event: string; data: unknown }> = [];
  let opened = 0;
  let refused: number | undefined;
  const source = new EventSource(new URL(memberEvents.path, gatewayUrl), {
    fetch: (input, init) =>
      fetch(input, { ...init, headers: { ...init?.headers, Authorization: `Bearer ${token}` } }),
  });
  for (const name of ['balance', 'resync'])
    source.addEventListener(name, (e) => events.push({ event: name, data: JSON.parse(e.data) as unknown }));
  const first = new Promise<void>((resolve, reject) => {
    source.addEventListener('open', () => {
      opened++;
      resolve();
    });
    source.addEventListener('error', (e) => {
      if (e.code !== undefined) refused = e.code;
      if (source.readyState === EventSource.CLOSED && opened === 0)
        reject(new Error(`member stream refused (${e.code ?? e.message})`));
    });
  });
  await first;
  return {
    events,
    opened: () => opened,
    readyState: () => source.readyState,
    refusedWith: () => refused,
    close: () => source.close(),
  };
}

export { EventSource };
