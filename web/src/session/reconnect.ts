/**
 * Keeping the member's live stream connected. The `eventsource` package reconnects a stream that dropped
 * by itself, but a stream the server refused (429 past a limit of live streams, 503, a proxy's error page) it closes
 * for good: without this, a tab refused once never had a live balance again.
 */

/** What is used of an EventSource here (the `eventsource` package's, or a test's). */
export interface LiveSource {
  readonly readyState: number;
  addEventListener(type: 'open' | 'error', listener: (event: { code?: number }) => void): void;
  close(): void;
}

/** EventSource.CLOSED: the source gave up (a refusal), as opposed to CONNECTING (it reconnects by itself). */
const CLOSED = 2;
/** The first wait after a refusal, then doubled each time up to MAX_DELAY_MS. */
export const FIRST_DELAY_MS = 3_000;
export const MAX_DELAY_MS = 5 * 60_000;

/**
 * The wait before trying again after the `attempt`-th refusal in a row (0 for the first): 3 s, 6 s, 12 s… up to
 * 5 minutes, plus up to a fifth more at random, so that tabs refused together do not all come back together.
 */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** Math.min(attempt, 20));
  return Math.round(base * (1 + random() / 5));
}

/**
 * Opens a stream with `open` and keeps one open: when the server refuses it, a new one is opened after
 * `reconnectDelayMs`, backing off while the refusals go on; a stream that opens resets the back-off. A 401 (the
 * session ended) is not tried again: a new session starts a new stream. Answers the function that closes it for good.
 */
export function keepConnected(
  open: () => LiveSource,
  timers: Pick<typeof globalThis, 'setTimeout' | 'clearTimeout'> = globalThis,
  random: () => number = Math.random,
): () => void {
  let source: LiveSource;
  let refusals = 0;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const connect = () => {
    retry = undefined;
    source = open();
    source.addEventListener('open', () => (refusals = 0));
    source.addEventListener('error', (event) => {
      if (stopped || source.readyState !== CLOSED || event.code === 401) return;
      retry = timers.setTimeout(connect, reconnectDelayMs(refusals++, random));
    });
  };
  connect();
  return () => {
    stopped = true;
    if (retry !== undefined) timers.clearTimeout(retry);
    source.close();
  };
}
