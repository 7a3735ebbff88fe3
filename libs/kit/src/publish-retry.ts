import { errors as natsErrors } from '@nats-io/nats-core';
import { JetStreamApiError } from '@nats-io/jetstream';

/**
 * Bounded retries of JetStream publishes across a stream leader election (or a node restart): for a few seconds the
 * stream has no leader and every publish fails with "no responders" (503) or times out, though nothing is wrong
 * with the message. Measured on a 3-node cluster with one node killed: 5.5 s of failed publishes. Every publish of
 * the system carries a `msgID` (the business id), so a retry of a publish that was in fact stored is dropped by the
 * stream's duplicate window: retrying never stores a job or an event twice.
 *
 * Kept apart from the Bus (nats/) on purpose: the policy, which errors are worth a retry and the back-off are pure
 * and unit-tested with a fake clock.
 */
export interface PublishRetryPolicy {
  /** The longest a publish keeps trying, from its first attempt (NATS_PUBLISH_RETRY_MS); 0: one attempt only. */
  budgetMs: number;
  /** The wait after the first failure; each next one doubles, up to `maxDelayMs`, with jitter. */
  firstDelayMs: number;
  maxDelayMs: number;
  /** The longest one attempt waits for the stream's acknowledgement (never past what is left of the budget). */
  attemptTimeoutMs: number;
}

/** 10 s: nearly twice the leader election measured, well inside a request's patience. */
export const DEFAULT_PUBLISH_RETRY: PublishRetryPolicy = {
  budgetMs: 10_000,
  firstDelayMs: 100,
  maxDelayMs: 1_000,
  attemptTimeoutMs: 2_000,
};

/**
 * Whether a failed publish may succeed if tried again: the stream or the cluster is between leaders (JetStream's
 * 503, no responders), the acknowledgement did not come in time, or the connection is reconnecting. A closed or
 * draining connection (the process is stopping) and any other API error (a message the stream refuses) are final.
 */
export function isTransientPublishError(err: unknown): boolean {
  if (err instanceof natsErrors.ClosedConnectionError || err instanceof natsErrors.DrainingConnectionError)
    return false;
  if (err instanceof JetStreamApiError) return err.status === 503;
  // What the client calls a publish nobody answered (no stream leader yet): "jetstream is not enabled", its cause a
  // no-responders RequestError. Not exported by @nats-io/jetstream: known by its name.
  if (err instanceof Error && err.name === 'JetStreamNotEnabled') return true;
  return (
    err instanceof natsErrors.NoRespondersError ||
    err instanceof natsErrors.TimeoutError ||
    err instanceof natsErrors.ConnectionError ||
    err instanceof natsErrors.RequestError
  );
}

/** The wait before attempt `attempt + 1` (attempt ≥ 1): doubling from `firstDelayMs`, capped, half of it random. */
export function backoffDelay(
  attempt: number,
  policy: PublishRetryPolicy,
  random: () => number = Math.random,
) {
  const ceiling = Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** (attempt - 1));
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

export interface RetryClock {
  now(): number;
  sleep(ms: number): Promise<void>;
  random(): number;
}

const realClock: RetryClock = {
  now: () => performance.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  random: Math.random,
};

/**
 * Runs `attempt(timeoutMs)` until it succeeds, fails with an error that is not transient, or the budget is spent (the
 * last error is thrown then). `onRetry` hears each failure that will be tried again (for a log line and a metric).
 */
export async function publishWithRetries<T>(
  attempt: (timeoutMs: number) => Promise<T>,
  policy: PublishRetryPolicy,
  onRetry: (err: unknown, attempt: number, delayMs: number) => void = () => undefined,
  clock: RetryClock = realClock,
): Promise<T> {
  const started = clock.now();
  for (let n = 1; ; n++) {
    const left = policy.budgetMs - (clock.now() - started);
    try {
      return await attempt(Math.max(250, Math.min(policy.attemptTimeoutMs, left)));
    } catch (err) {
      if (!isTransientPublishError(err)) throw err;
      const delay = backoffDelay(n, policy, clock.random);
      if (clock.now() - started + delay >= policy.budgetMs) throw err;
      onRetry(err, n, delay);
      await clock.sleep(delay);
    }
  }
}

/**
 * Request/reply across a node's death: a request whose responder (or whose own connection) was on the node that died
 * is lost, and one sent while the service's replicas are reconnecting finds no responder. Every RPC of the contracts
 * is idempotent (reads, and the debit with its idempotency key), so such a request is asked again: while nobody
 * responds, with back-off within the budget; after a timeout, once (a slow service is not asked a third time).
 */
export type RequestFailure = 'NO_RESPONDERS' | 'TIMEOUT' | 'OTHER';

export async function requestWithRetries<T>(
  attempt: () => Promise<T>,
  failureOf: (err: unknown) => RequestFailure,
  policy: PublishRetryPolicy,
  onRetry: (err: unknown, attempt: number, delayMs: number) => void = () => undefined,
  clock: RetryClock = realClock,
): Promise<T> {
  const started = clock.now();
  let timeouts = 0;
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (err) {
      const failure = failureOf(err);
      if (failure === 'OTHER' || (failure === 'TIMEOUT' && ++timeouts > 1)) throw err;
      const delay = backoffDelay(n, policy, clock.random);
      // The budget bounds the asking while nobody responds; the one retry after a timeout is bounded by its count.
      if (failure === 'NO_RESPONDERS' && clock.now() - started + delay >= policy.budgetMs) throw err;
      onRetry(err, n, delay);
      await clock.sleep(delay);
    }
  }
}
