import { BrokerError } from './errors.js';
import { connect } from '@nats-io/transport-node';
import {
  errors as natsErrors,
  headers as natsHeaders,
  type Msg,
  type MsgHdrs,
  type NatsConnection,
  type Subscription,
} from '@nats-io/nats-core';
import {
  AckPolicy,
  DeliverPolicy,
  jetstream,
  jetstreamManager,
  JetStreamApiError,
  type ConsumerMessages,
  type JetStreamClient,
  type JetStreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import {
  Buckets,
  Streams,
  type BucketName,
  type MessageDef,
  type RpcDef,
  type StreamName,
} from '@app/contracts';
import type { z } from 'zod';
import { storageEnv } from './config.js';
import { currentContext, REQUEST_ID_HEADER, requestIdFrom, runWithContext } from './context.js';
import { NatsFileStore, type FileStore } from './file-store.js';
import {
  DEFAULT_PUBLISH_RETRY,
  publishWithRetries,
  requestWithRetries,
  type PublishRetryPolicy,
} from './publish-retry.js';
import { storageLimits, streamSettings, type StorageLimits } from './storage-limits.js';
import type { Logger } from './logger.js';
import type { Metrics, RequestOutcome } from './metrics.js';

export interface BusOptions {
  url: string;
  name: string;
  prefix?: string;
  logger: Logger;
  /** Default timeout of request/reply calls. */
  requestTimeoutMs?: number;
  /** Copies of each stream this process creates (NATS_STREAM_REPLICAS). */
  streamReplicas?: number;
  /** Where request durations, redeliveries and consumer counts are reported (none: not measured). */
  metrics?: Metrics;
  /** How long a publish keeps retrying while a stream has no leader (NATS_PUBLISH_RETRY_MS; default 10 s). */
  publishRetryMs?: number;
  /** Each stream's and bucket's cap (the storage variables); default: their variables' defaults. */
  storage?: StorageLimits;
}

/**
 * Whether an error from the NATS client says the broker is out of reach (closed or reconnecting connection, a request
 * or direct get that timed out, JetStream answering 503) rather than that a message is wrong: a request that meets it
 * is answered 503, like a failed RpcError or BrokerError. The FileStore's gets and any JetStream call can throw these.
 */
export function isBrokerOutage(err: unknown): boolean {
  return (
    err instanceof BrokerError ||
    err instanceof RpcError ||
    err instanceof natsErrors.TimeoutError ||
    err instanceof natsErrors.ClosedConnectionError ||
    err instanceof natsErrors.ConnectionError ||
    err instanceof natsErrors.DrainingConnectionError ||
    err instanceof natsErrors.NoRespondersError ||
    err instanceof natsErrors.RequestError ||
    (err instanceof JetStreamApiError && err.status === 503)
  );
}

export class RpcError extends Error {
  constructor(
    message: string,
    readonly code: 'TIMEOUT' | 'NO_RESPONDERS' | 'REMOTE' | 'INVALID_RESPONSE',
  ) {
    super(message);
  }
}

interface ReplyEnvelope {
  ok: boolean;
  data?: unknown;
  error?: string;
}

export interface ConsumeOptions {
  /** Durable consumer name shared by every replica (replicas share the work). */
  durable: string;
  /** How long a message may stay unacked before JetStream hands it to another consumer. */
  ackWaitMs: number;
  /** After this many deliveries the message is terminated and logged. */
  maxDeliver: number;
  /** Messages processed at the same time by this process. */
  concurrency?: number;
  /** Start position for a brand-new durable on a limits stream (events). */
  deliverPolicy?: 'all' | 'new';
}

export interface ConsumeContext {
  deliveryCount: number;
  /** Tell JetStream the job is still in progress (resets the ack timer). */
  working(): void;
}

/**
 * A change of the connection to the NATS server: `disconnected` (nothing is heard until `reconnected`; a fan-out
 * listener may miss messages meanwhile) or `reconnected` (subscriptions are back).
 */
export type ConnectionChange = 'disconnected' | 'reconnected';

const ns = 1_000_000;

/** How long a request keeps asking while nobody responds (a replica reconnecting after its node died). */
const REQUEST_RETRY_BUDGET_MS = 3000;
/** How long a JetStream administration call (a stream or consumer created or updated) may take: see `manager`. */
const JS_ADMIN_TIMEOUT_MS = 30_000;
/** How long a handled message's ack waits for the server's confirmation: see `confirmAck`. */
const ACK_CONFIRM_TIMEOUT_MS = 5_000;
const te = new TextEncoder();
const td = new TextDecoder();

/**
 * Typed NATS access for services: request/reply (queue groups), JetStream publish (with msgID) and
 * durable pull consumers with explicit ack. Subjects and payload schemas come from @app/contracts only.
 */
export class Bus {
  private readonly subs: Subscription[] = [];
  private readonly consumers: ConsumerMessages[] = [];
  private readonly inflight = new Set<Promise<unknown>>();
  private readonly connectionListeners = new Set<(change: ConnectionChange) => void>();
  private jsm?: JetStreamManager;
  private adminJsm?: JetStreamManager;

  private constructor(
    readonly nc: NatsConnection,
    readonly js: JetStreamClient,
    private readonly opts: Required<Omit<BusOptions, 'url' | 'metrics' | 'publishRetryMs'>> & {
      metrics?: Metrics;
      publishRetry: PublishRetryPolicy;
    },
  ) {}

  static async connect(options: BusOptions): Promise<Bus> {
    const nc = await connect({
      servers: natsServers(options.url),
      name: options.name,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 1000,
      waitOnFirstConnect: true,
      // Every request would otherwise build an Error up front, for a stack trace if it ever times out: a measurable
      // share of a preview's CPU. The request id in every log line says where a timed-out request came from.
      noAsyncTraces: true,
    });
    const bus = new Bus(nc, jetstream(nc), {
      name: options.name,
      prefix: options.prefix ?? '',
      logger: options.logger,
      requestTimeoutMs: options.requestTimeoutMs ?? 5000,
      streamReplicas: options.streamReplicas ?? 1,
      metrics: options.metrics,
      publishRetry: {
        ...DEFAULT_PUBLISH_RETRY,
        budgetMs: options.publishRetryMs ?? DEFAULT_PUBLISH_RETRY.budgetMs,
      },
      storage: options.storage ?? storageLimits(storageEnv.parse({})),
    });
    bus.watchStatus();
    return bus;
  }

  private watchStatus(): void {
    const log = this.opts.logger;
    void (async () => {
      for await (const s of this.nc.status()) {
        if (s.type !== 'disconnect' && s.type !== 'reconnect') continue;
        log.warn({ nats: s.type }, 'nats connection status');
        const change: ConnectionChange = s.type === 'disconnect' ? 'disconnected' : 'reconnected';
        for (const listener of this.connectionListeners) {
          try {
            listener(change);
          } catch (err) {
            log.error({ err, nats: s.type }, 'connection listener failed');
          }
        }
      }
    })();
  }

  /** Calls `listener` on every disconnect and reconnect of this connection; answers a function that stops it. */
  onConnectionChange(listener: (change: ConnectionChange) => void): () => void {
    this.connectionListeners.add(listener);
    return () => void this.connectionListeners.delete(listener);
  }

  /** The real subject or stream name on the server (test stacks run under a prefix). */
  subject(s: string): string {
    return this.opts.prefix ? `${this.opts.prefix}.${s}` : s;
  }
  streamName(s: StreamName | BucketName): string {
    return this.opts.prefix ? `${this.opts.prefix.toUpperCase()}_${s}` : s;
  }

  private outgoingHeaders(requestId?: string): MsgHdrs {
    const h = natsHeaders();
    h.set(REQUEST_ID_HEADER, requestId ?? currentContext()?.requestId ?? requestIdFrom(undefined));
    return h;
  }

  private contextOf(h: MsgHdrs | undefined) {
    return { requestId: requestIdFrom(h?.get(REQUEST_ID_HEADER)) };
  }

  // ---------------- request / reply ----------------

  async request<Req extends z.ZodType, Res extends z.ZodType>(
    def: RpcDef<Req, Res>,
    payload: z.input<Req>,
    /** `requestId`: the id the request carries, when the caller does not run inside a request context (the gateway). */
    opts: { timeoutMs?: number; requestId?: string } = {},
  ): Promise<z.infer<Res>> {
    const body = def.request.parse(payload);
    // Labelled by the contract's subject (never the prefixed one, never the payload) and the outcome.
    const done = this.opts.metrics?.natsRequest(def.subject);
    let outcome: RequestOutcome = 'invalid_response';
    try {
      let reply: Msg;
      const data = te.encode(JSON.stringify(body));
      const headers = this.outgoingHeaders(opts.requestId);
      const ask = async () => {
        try {
          return await this.nc.request(this.subject(def.subject), data, {
            timeout: opts.timeoutMs ?? this.opts.requestTimeoutMs,
            headers,
          });
        } catch (err) {
          const text = String((err as Error).message ?? err);
          const code = /no responders|503/i.test(text) ? 'NO_RESPONDERS' : 'TIMEOUT';
          throw new RpcError(`${def.subject}: ${code.toLowerCase()}`, code);
        }
      };
      try {
        // Asked again when its responder went with a dying node or is reconnecting (publish-retry.ts).
        reply = await requestWithRetries(
          ask,
          (err) => (err instanceof RpcError && err.code !== 'REMOTE' ? (err.code as 'TIMEOUT') : 'OTHER'),
          // A responder reconnects within a second or two; a service that is down is said so (503) soon.
          {
            ...this.opts.publishRetry,
            budgetMs: Math.min(REQUEST_RETRY_BUDGET_MS, this.opts.publishRetry.budgetMs),
          },
          (err, attempt, delayMs) =>
            this.opts.logger.warn(
              { subject: def.subject, attempt, delayMs, err: (err as Error).message },
              'request not answered: asking again',
            ),
        );
      } catch (err) {
        if (err instanceof RpcError) outcome = err.code === 'NO_RESPONDERS' ? 'no_responders' : 'timeout';
        throw err;
      }
      const env = JSON.parse(td.decode(reply.data)) as ReplyEnvelope;
      if (!env.ok) {
        outcome = 'remote';
        throw new RpcError(`${def.subject}: ${env.error ?? 'remote error'}`, 'REMOTE');
      }
      const parsed = def.response.safeParse(env.data);
      if (!parsed.success) throw new RpcError(`${def.subject}: invalid response`, 'INVALID_RESPONSE');
      outcome = 'ok';
      return parsed.data;
    } finally {
      done?.(outcome);
    }
  }

  /** Serve a request subject in a queue group named after the service, so replicas share the load. */
  serve<Req extends z.ZodType, Res extends z.ZodType>(
    def: RpcDef<Req, Res>,
    handler: (req: z.infer<Req>) => Promise<z.input<Res>>,
  ): void {
    const sub = this.nc.subscribe(this.subject(def.subject), { queue: this.opts.name });
    this.subs.push(sub);
    const log = this.opts.logger;
    void (async () => {
      for await (const msg of sub) {
        const work = runWithContext(this.contextOf(msg.headers), async () => {
          let env: ReplyEnvelope;
          try {
            const parsed = def.request.safeParse(JSON.parse(td.decode(msg.data)));
            if (!parsed.success) {
              log.warn({ subject: def.subject, issues: parsed.error.issues.length }, 'invalid rpc request');
              env = { ok: false, error: 'invalid request' };
            } else {
              env = { ok: true, data: def.response.parse(await handler(parsed.data)) };
            }
          } catch (err) {
            log.error({ err, subject: def.subject }, 'rpc handler failed');
            env = { ok: false, error: 'internal error' };
          }
          msg.respond(te.encode(JSON.stringify(env)));
        });
        this.track(work);
      }
    })();
  }

  // ---------------- fan-out ----------------

  /**
   * Hears every message of an event subject in this process: a plain subscription to the subject, no queue group
   * and no durable consumer, so every replica hears every message (events published to JetStream reach core
   * subscribers too), while it is connected: what is published during a disconnect is not heard (see
   * `onConnectionChange`). For state each replica keeps for itself (a cache to invalidate), not for work that must
   * be done once or must not be lost (use `consume`). A payload that does not match the contract is logged and
   * dropped; a handler that throws is logged. Handlers run outside any request context (one would turn on Node 20's
   * promise hooks for the whole process, which the gateway keeps off); the lines logged here name the message's
   * request id.
   */
  listen<P extends z.ZodType>(
    def: MessageDef<P>,
    handler: (payload: z.infer<P>) => void | Promise<void>,
  ): void {
    const sub = this.nc.subscribe(this.subject(def.subject));
    this.subs.push(sub);
    const log = this.opts.logger;
    const handle = async (msg: Msg) => {
      const reqId = this.contextOf(msg.headers).requestId;
      let payload: unknown;
      try {
        payload = JSON.parse(td.decode(msg.data));
      } catch {
        payload = undefined;
      }
      const parsed = def.payload.safeParse(payload);
      if (!parsed.success) {
        log.warn({ subject: def.subject, reqId }, 'invalid event dropped');
        return;
      }
      try {
        await handler(parsed.data);
      } catch (err) {
        log.error({ err, subject: def.subject, reqId }, 'event listener failed');
      }
    };
    void (async () => {
      for await (const msg of sub) this.track(handle(msg));
    })();
  }

  /** Round-trip to the server so every subscription made so far is registered there (other connections can reach it). */
  async flush(): Promise<void> {
    await this.nc.flush();
  }

  // ---------------- JetStream ----------------

  private async manager(): Promise<JetStreamManager> {
    this.jsm ??= await jetstreamManager(this.nc);
    return this.jsm;
  }

  /**
   * The streams and consumers set up at start-up: their calls wait up to JS_ADMIN_TIMEOUT_MS, not the client's
   * 5 s, so a start during a replicated stream's election or on a busy machine waits for the cluster rather than
   * failing the service's start. (Reads of the object store keep the 5 s of `manager`: a member waits on those.)
   */
  private async adminManager(): Promise<JetStreamManager> {
    this.adminJsm ??= await jetstreamManager(this.nc, { timeout: JS_ADMIN_TIMEOUT_MS });
    return this.adminJsm;
  }

  /** A JetStream Object Store bucket of the contracts (created on first use, with the configured replicas). */
  async fileStore(name: BucketName): Promise<FileStore> {
    return NatsFileStore.open(this.nc, await this.manager(), {
      bucket: this.streamName(name),
      description: Buckets[name].description,
      replicas: this.opts.streamReplicas,
      limit: this.opts.storage[name],
      publishRetry: this.opts.publishRetry,
      logger: this.opts.logger,
    });
  }

  /** Create or update the named streams (idempotent; every service calls it for what it touches). */
  async ensureStreams(...names: StreamName[]): Promise<void> {
    const jsm = await this.adminManager();
    for (const name of names) {
      const def = Streams[name];
      const config = {
        name: this.streamName(name),
        subjects: def.subjects.map((s) => this.subject(s)),
        ...streamSettings(name, this.opts.storage[name]),
        num_replicas: this.opts.streamReplicas,
      };
      let exists = true;
      try {
        await jsm.streams.info(config.name);
      } catch {
        exists = false;
      }
      // The retention of an existing stream cannot change (the server refuses it): everything else follows the config.
      if (exists) {
        const { retention: _retention, ...update } = config;
        void _retention;
        await jsm.streams.update(config.name, update);
      } else await jsm.streams.add(config);
    }
  }

  /** Publish a job or event; `msgID` is the business id, so JetStream drops a repeat within its window. */
  async publish<P extends z.ZodType>(
    def: MessageDef<P>,
    payload: z.input<P>,
    opts: { msgID: string },
  ): Promise<void> {
    const body = def.payload.parse(payload);
    const data = te.encode(JSON.stringify(body));
    const headers = this.outgoingHeaders();
    try {
      // Retried while the stream is between leaders; the msgID makes a retry of a stored message a no-op.
      await publishWithRetries(
        (timeout) =>
          this.js.publish(this.subject(def.subject), data, { msgID: opts.msgID, headers, timeout }),
        this.opts.publishRetry,
        (err, attempt, delayMs) => {
          this.opts.metrics?.publishRetried(def.stream);
          this.opts.logger.warn(
            { subject: def.subject, attempt, delayMs, err: (err as Error).message },
            'publish not acknowledged: trying again',
          );
        },
      );
    } catch (err) {
      throw new BrokerError(`${def.subject}: not published (${(err as Error).message})`, { cause: err });
    }
  }

  /**
   * Publishes an event: the one way every service does. Its `eventId`, which is also its JetStream `msgID`, names the
   * fact: `<subject>:<businessId>` (the user registered, the payment credited, the page bought...). A retried
   * publish of the same fact is dropped by JetStream within the stream's window, and a consumer's projection keyed
   * on the id absorbs a redelivery. `at` is when it happened (default: now). Answers the event's id.
   */
  async publishEvent<P extends z.ZodObject>(
    def: MessageDef<P>,
    payload: Omit<z.input<P>, 'eventId' | 'at'>,
    businessId: string,
    at: Date = new Date(),
  ): Promise<string> {
    const message = eventMessage(def, payload, businessId, at);
    await this.publish(def, message.payload, { msgID: message.msgID });
    return message.msgID;
  }

  /**
   * Consume a job or event stream with a durable pull consumer and explicit ack.
   * The handler's success acks; a throw naks with a back-off; past maxDeliver the message is terminated and logged.
   * While the handler runs, the message is kept in progress (`working()` every third of the ack wait), so ack wait
   * bounds how long a dead consumer holds a message, not how long a slow but live handler may take: a slow job is
   * never handed to a second consumer while the first is still on it.
   */
  async consume<P extends z.ZodType>(
    def: MessageDef<P>,
    opts: ConsumeOptions,
    handler: (payload: z.infer<P>, ctx: ConsumeContext) => Promise<void>,
  ): Promise<void> {
    const jsm = await this.adminManager();
    const stream = this.streamName(def.stream);
    const durable = this.opts.prefix ? `${this.opts.prefix}_${opts.durable}` : opts.durable;
    const config = {
      durable_name: durable,
      ack_policy: AckPolicy.Explicit,
      ack_wait: opts.ackWaitMs * ns,
      max_deliver: opts.maxDeliver,
      filter_subject: this.subject(def.subject),
      deliver_policy: opts.deliverPolicy === 'new' ? DeliverPolicy.New : DeliverPolicy.All,
    };
    try {
      await jsm.consumers.info(stream, durable);
      await jsm.consumers.update(stream, durable, {
        ack_wait: config.ack_wait,
        max_deliver: config.max_deliver,
        filter_subject: config.filter_subject,
      });
    } catch {
      await jsm.consumers.add(stream, config);
    }
    // Through a client with the administration timeout: getting the consumer asks the cluster for its info, a
    // start-up call like the ones above.
    const consumer = await jetstream(this.nc, { timeout: JS_ADMIN_TIMEOUT_MS }).consumers.get(
      stream,
      durable,
    );
    // Labelled by the contract's stream and the durable's own name (the same for every replica and test prefix).
    const metrics = this.opts.metrics;
    metrics?.watchConsumer(def.stream, opts.durable, () => consumer.info());
    const concurrency = opts.concurrency ?? 1;
    const messages = await consumer.consume({ max_messages: concurrency });
    this.consumers.push(messages);
    const log = this.opts.logger;
    const slots = new Set<Promise<void>>();

    const handle = (m: JsMsg) =>
      runWithContext(this.contextOf(m.headers), async () => {
        const deliveryCount = m.info.deliveryCount;
        if (deliveryCount > 1) metrics?.redelivered(def.stream, opts.durable);
        try {
          const parsed = def.payload.safeParse(JSON.parse(td.decode(m.data)));
          if (!parsed.success) {
            log.error({ subject: def.subject, seq: m.seq }, 'invalid message terminated');
            m.term('invalid payload');
            return;
          }
          const heartbeat = setInterval(() => m.working(), Math.max(1000, Math.floor(opts.ackWaitMs / 3)));
          try {
            await handler(parsed.data, { deliveryCount, working: () => m.working() });
          } finally {
            clearInterval(heartbeat);
          }
          await this.confirmAck(m, def.subject);
        } catch (err) {
          if (deliveryCount >= opts.maxDeliver) {
            log.error(
              { err, subject: def.subject, seq: m.seq, deliveryCount },
              'message failed for the last time: terminated',
            );
            m.term('max deliveries');
          } else {
            log.warn(
              { err, subject: def.subject, seq: m.seq, deliveryCount },
              'message failed; will be redelivered',
            );
            m.nak(Math.min(30_000, 500 * 2 ** deliveryCount));
          }
        }
      });

    void (async () => {
      for await (const m of messages) {
        const p = handle(m).finally(() => slots.delete(p));
        slots.add(p);
        this.track(p);
        if (slots.size >= concurrency) await Promise.race(slots);
      }
    })();
  }

  /**
   * Acks and waits for the server to confirm it. A plain ack is fire-and-forget: sent while the consumer is between
   * leaders (its node died), it is lost, and the message stays unacked until its ack wait ends, then comes back. The
   * confirmation does not bring a lost ack back (the client acks a message once), but it tells: the operator sees
   * the log line, and the handler, which already absorbs redeliveries, meets the message again after the ack wait.
   */
  private async confirmAck(m: JsMsg, subject: string): Promise<void> {
    let confirmed = false;
    try {
      confirmed = await m.ackAck({ timeout: ACK_CONFIRM_TIMEOUT_MS });
    } catch (err) {
      this.opts.logger.warn(
        { subject, seq: m.seq, err: (err as Error).message },
        'ack not confirmed (the consumer may be between leaders): the message comes back after its ack wait',
      );
      return;
    }
    if (!confirmed)
      this.opts.logger.warn({ subject, seq: m.seq }, 'ack not sent: the message was already acknowledged');
  }

  private track(p: Promise<unknown>): void {
    this.inflight.add(p);
    void p.finally(() => this.inflight.delete(p));
  }

  /** Stop taking new messages and wait for handlers in flight. */
  async stopConsumers(): Promise<void> {
    for (const c of this.consumers) c.stop();
    for (const s of this.subs) s.unsubscribe();
    await Promise.allSettled([...this.inflight]);
  }

  async drain(): Promise<void> {
    if (!this.nc.isClosed()) await this.nc.drain();
  }
}

/** NATS_URL as the client takes it: one address, or a cluster's several separated by commas. */
export const natsServers = (url: string): string[] =>
  url
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** An event's id (and JetStream msgID): its subject and the id of the fact it tells (Bus.publishEvent). */
export const eventIdOf = (def: { subject: string }, businessId: string): string =>
  `${def.subject}:${businessId}`;

/** What Bus.publishEvent sends: the payload with its eventId and time, and the JetStream msgID (the same id). */
export function eventMessage<P extends z.ZodObject>(
  def: MessageDef<P>,
  payload: Omit<z.input<P>, 'eventId' | 'at'>,
  businessId: string,
  at: Date = new Date(),
): { payload: z.input<P>; msgID: string } {
  const eventId = eventIdOf(def, businessId);
  return { payload: { ...payload, eventId, at: at.toISOString() } as z.input<P>, msgID: eventId };
}
