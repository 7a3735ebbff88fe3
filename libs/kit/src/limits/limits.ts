import { createHmac, randomUUID } from 'node:crypto';
import {
  DiscardPolicy,
  JetStreamApiError,
  RetentionPolicy,
  StorageType,
  type JetStreamClient,
  type StreamConfig,
} from '@nats-io/jetstream';
import { limitStream, limitSubject, type LimitName } from '@app/contracts';
import type { Logger } from '../logger.js';
import type { NatsLink } from '../nats/connection.js';
import { publishWithRetries, type PublishRetryPolicy } from '../publish-retry.js';

/**
 * Limits counted once for every replica, in JetStream, which every process already has: one stream per
 * limit (`LIMITS_<NAME>`, @app/contracts `Limits`), whose `max_msgs_per_subject` is the limit and which refuses a
 * message past it on that subject (`discard: new` per subject, nats-server ≥ 2.9). Taking a slot is publishing one
 * empty message on `limits.<name>.<key hash>`: the server stores it or refuses it atomically, whichever replica asks,
 * so a burst gets exactly the limit. A rate limit's slots age out with the stream's `max_age` (a sliding window); a
 * concurrency slot is given back by deleting its message (by sequence) when the work ends, and `max_age` bounds what
 * a process that died holding it keeps.
 *
 * What the server is asked, for the permissions of a process's NATS user: publish on `limits.>` (under the prefix)
 * with a reply inbox; `$JS.API.STREAM.INFO.<stream>` and `$JS.API.STREAM.CREATE.<stream>` or
 * `$JS.API.STREAM.UPDATE.<stream>` at boot, and `$JS.API.STREAM.MSG.DELETE.<stream>` to give a slot back, for its
 * own `LIMITS_*` streams.
 */

/** One limit's size: `max` slots per key; a rate limit's window, or a concurrency slot's bound after a crash. */
export interface LimitSetting {
  max: number;
  windowMs: number;
}
export type LimitSettings = Partial<Record<LimitName, LimitSetting>>;

/**
 * What to do when the store does not answer (NATS down, or a stream between leaders): `refuse` for what costs money
 * or sends mail (the caller answers 503), `allow` for reads (the request goes on unlimited; logged once per outage).
 */
export type WhenDown = 'refuse' | 'allow';

/** A taken slot (`release` gives a concurrency slot back: idempotent, never throws), or why there is none. */
export type Taken = { ok: true; release(): void } | { ok: false; reason: 'full' | 'unavailable' };

/** The JetStream error of a message past `max_msgs_per_subject` with discard new per subject. */
const PER_SUBJECT_LIMIT_REACHED = 10077;
/** How long one attempt of a take waits for the server's acknowledgement. */
export const TAKE_TIMEOUT_MS = 2000;
/**
 * How long a read's take (`allow`) keeps trying before it goes on unchecked: a read is not held for a whole leader
 * election. A take that spends money or mail (`refuse`) keeps trying for the bus's publish budget
 * (NATS_PUBLISH_RETRY_MS), as every publish does, so a member sees no error while a stream elects a leader.
 */
export const READ_TAKE_BUDGET_MS = 3000;
/** How long a take waits for a lost connection to come back (to another node of the cluster) before it gives up. */
export const RECONNECT_GRACE_MS = 3000;
/** A slot never taken (the store was down and the caller lets the request through): nothing to give back. */
const UNCHECKED: Taken = { ok: true, release: () => undefined };
/** What an attempt answers when the key holds its limit. */
const FULL = Symbol('full');

const ns = 1_000_000;

/** The stream of one limit: its subjects, refusing past `max` per subject, slots ageing out after the window. */
export function limitStreamConfig(
  link: Pick<NatsLink, 'subject' | 'streamName'>,
  name: LimitName,
  setting: LimitSetting,
  replicas: number,
): Partial<StreamConfig> & { name: string } {
  const windowNs = Math.round(setting.windowMs * ns);
  return {
    name: link.streamName(limitStream(name)),
    subjects: [link.subject(limitSubject(name, '>'))],
    retention: RetentionPolicy.Limits,
    discard: DiscardPolicy.New,
    discard_new_per_subject: true,
    max_msgs_per_subject: setting.max,
    max_age: windowNs,
    // Each take carries an id, so a retried one counts once; the server wants the window within the age.
    duplicate_window: Math.min(windowNs, 60_000 * ns),
    // On disk: a restarted server keeps the counts (and the stream) as it keeps the other streams.
    storage: StorageType.File,
    num_replicas: replicas,
  };
}

export class Limits {
  /** Whether the last call reached the store: an outage is logged when it starts and when it ends, once each. */
  #answering = true;
  /** False between a disconnect and the reconnect. */
  #connected = true;
  /** Takes waiting for the connection to come back (see RECONNECT_GRACE_MS). */
  readonly #awaitingReconnect = new Set<() => void>();
  readonly #stopWatching: () => void;

  private constructor(
    private readonly link: NatsLink,
    private readonly js: JetStreamClient,
    private readonly secret: string,
    private readonly logger: Logger,
  ) {
    this.#stopWatching = link.onConnectionChange((change) => {
      this.#connected = change === 'reconnected';
      if (this.#connected) for (const wake of [...this.#awaitingReconnect]) wake();
    });
  }

  /** Creates or updates the streams of `settings` (idempotent: a new size replaces the old one for every replica). */
  static async open(
    link: NatsLink,
    js: JetStreamClient,
    settings: LimitSettings,
    opts: { secret: string; logger: Logger },
  ): Promise<Limits> {
    const jsm = await link.adminManager();
    for (const [name, setting] of Object.entries(settings) as Array<[LimitName, LimitSetting]>) {
      const config = limitStreamConfig(link, name, setting, link.settings.streamReplicas);
      const exists = await jsm.streams.info(config.name).then(
        () => true,
        () => false,
      );
      if (exists) {
        // A stream's storage cannot change (the server refuses it): the rest follows the setting.
        const { storage: _storage, ...update } = config;
        void _storage;
        await jsm.streams.update(config.name, update);
      } else await jsm.streams.add(config);
    }
    return new Limits(link, js, opts.secret, opts.logger);
  }

  /**
   * Takes one slot of `name` for `key` (an account id, a client address: hashed here, never sent as it is): `ok` with
   * the slot, or `full` (the key holds the limit), or `unavailable` (the store did not answer and `whenDown` is
   * `refuse`; with `allow`, an unchecked slot).
   */
  async take(name: LimitName, key: string, whenDown: WhenDown): Promise<Taken> {
    const subject = this.link.subject(limitSubject(name, this.#hash(name, key)));
    const retry: PublishRetryPolicy = {
      ...this.link.settings.publishRetry,
      attemptTimeoutMs: TAKE_TIMEOUT_MS,
      ...(whenDown === 'allow' && {
        budgetMs: Math.min(READ_TAKE_BUDGET_MS, this.link.settings.publishRetry.budgetMs),
      }),
    };
    // One id for every attempt: a retry of a slot the stream stored already (its acknowledgement lost, or late) is
    // dropped by the stream's duplicate window and answered with the first one's sequence, so it takes one slot.
    const msgID = randomUUID();
    try {
      // A read does not wait for the connection: it goes on unchecked at once. Money and mail wait a moment for it.
      if (!this.#connected && (whenDown === 'allow' || !(await this.#reconnected())))
        throw new Error('not connected to NATS');
      const ack = await publishWithRetries(async (timeout) => {
        try {
          return await this.js.publish(subject, undefined, { timeout, msgID });
        } catch (err) {
          // A full key is the answer, not a failure to retry (JetStream says it with a 503 status).
          if (err instanceof JetStreamApiError && err.code === PER_SUBJECT_LIMIT_REACHED) return FULL;
          throw err;
        }
      }, retry);
      this.#answered();
      if (ack === FULL) return { ok: false, reason: 'full' };
      const stream = ack.stream;
      let released = false;
      return {
        ok: true,
        release: () => {
          if (released) return;
          released = true;
          this.#release(name, stream, ack.seq);
        },
      };
    } catch (err) {
      this.#failed(name, err, whenDown);
      return whenDown === 'allow' ? UNCHECKED : { ok: false, reason: 'unavailable' };
    }
  }

  /**
   * Whether the connection comes back within RECONNECT_GRACE_MS: a node of the cluster that died takes its clients
   * with it, and they reconnect to another node within a second or two; a server that is down does not come back, and
   * the take does not wait longer than the grace for it.
   */
  #reconnected(): Promise<boolean> {
    return new Promise((resolve) => {
      const done = (back: boolean) => {
        clearTimeout(timer);
        this.#awaitingReconnect.delete(wake);
        resolve(back);
      };
      const wake = () => done(true);
      const timer = setTimeout(() => done(this.#connected), RECONNECT_GRACE_MS);
      this.#awaitingReconnect.add(wake);
    });
  }

  /** Stops following the connection (shutdown). */
  close(): void {
    this.#stopWatching();
  }

  #hash(name: LimitName, key: string): string {
    return createHmac('sha256', this.secret).update(`${name}\0${key}`).digest('hex').slice(0, 32);
  }

  /**
   * Deletes the slot's message, without waiting: the work is over either way. A slot that aged out already is gone
   * ("not found"); one the store could not delete now ages out with the stream's `max_age`.
   */
  #release(name: LimitName, stream: string, seq: number): void {
    void this.link
      .manager()
      .then((jsm) => jsm.streams.deleteMessage(stream, seq, false))
      .catch((err: unknown) =>
        this.logger.debug({ limit: name, seq, err: (err as Error).message }, 'limit slot not given back'),
      );
  }

  #answered(): void {
    if (this.#answering) return;
    this.#answering = true;
    this.logger.info('limits store answers again: every limit is counted');
  }

  #failed(name: LimitName, err: unknown, whenDown: WhenDown): void {
    if (!this.#answering) return;
    this.#answering = false;
    this.logger.error(
      { limit: name, whenDown, err: (err as Error).message },
      'limits store unreachable: requests that cost money or send mail are refused (503), reads pass unlimited',
    );
  }
}
