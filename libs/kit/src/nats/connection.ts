import { connect } from '@nats-io/transport-node';
import {
  headers as natsHeaders,
  type MsgHdrs,
  type NatsConnection,
  type Subscription,
} from '@nats-io/nats-core';
import { jetstreamManager, type ConsumerMessages, type JetStreamManager } from '@nats-io/jetstream';
import type { BucketName, LimitStreamName, StreamName } from '@app/contracts';
import { storageEnv } from '../config.js';
import type { Attributes, SpanContext, SpanKind } from '@opentelemetry/api';
import { currentContext, REQUEST_ID_HEADER, requestIdFrom, runWithContext } from '../context.js';
import type { Logger } from '../logger.js';
import type { Metrics } from '../metrics.js';
import { DEFAULT_PUBLISH_RETRY, type PublishRetryPolicy } from '../publish-retry.js';
import { storageLimits, type StorageLimits } from '../storage-limits.js';
import { parentFrom, traceparentOf, TRACEPARENT_HEADER, Tracing, type KitSpan } from '../tracing.js';

/**
 * The connection to the NATS server and what every part of the Bus shares over it: the names under the test prefix,
 * the request id carried in the headers, the subscriptions and consumers to stop and the handlers in flight to wait
 * for on shutdown, the JetStream managers.
 */

export interface BusOptions {
  url: string;
  name: string;
  /** The process's NATS user and password (NATS_USER, NATS_PASSWORD); absent: no credentials. */
  user?: string;
  pass?: string;
  /** TLS to the server (NATS_TLS_CA, and NATS_TLS_CERT / NATS_TLS_KEY for a client certificate): PEM files. */
  tls?: { caFile: string; certFile?: string; keyFile?: string };
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
  /** Where the spans of requests, publishes and handled messages go (none: the traceparent is passed on as is). */
  tracing?: Tracing;
}

/** The options with their defaults filled in. */
export type BusSettings = Required<
  Omit<BusOptions, 'url' | 'metrics' | 'publishRetryMs' | 'user' | 'pass' | 'tls'>
> & {
  metrics?: Metrics;
  publishRetry: PublishRetryPolicy;
};

/**
 * A change of the connection to the NATS server: `disconnected` (nothing is heard until `reconnected`; a fan-out
 * listener may miss messages meanwhile) or `reconnected` (subscriptions are back).
 */
export type ConnectionChange = 'disconnected' | 'reconnected';

/** How long a JetStream administration call (a stream or consumer created or updated) may take: see `adminManager`. */
export const JS_ADMIN_TIMEOUT_MS = 30_000;

/** NATS_URL as the client takes it: one address, or a cluster's several separated by commas. */
export const natsServers = (url: string): string[] =>
  url
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** Connects, waiting for the first server, and reconnects forever after. */
export function openConnection(options: BusOptions): Promise<NatsConnection> {
  return connect({
    servers: natsServers(options.url),
    name: options.name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 1000,
    waitOnFirstConnect: true,
    ...(options.user !== undefined ? { user: options.user, pass: options.pass } : {}),
    ...(options.tls ? { tls: options.tls } : {}),
    // Every request would otherwise build an Error up front, for a stack trace if it ever times out: a measurable
    // share of a preview's CPU. The request id in every log line says where a timed-out request came from.
    noAsyncTraces: true,
  });
}

export function settingsOf(options: BusOptions): BusSettings {
  return {
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
    tracing: options.tracing ?? Tracing.off,
  };
}

const te = new TextEncoder();
const td = new TextDecoder();
/** A payload as it travels: JSON in UTF-8. */
export const encodeJson = (value: unknown): Uint8Array => te.encode(JSON.stringify(value));
export const decodeJson = (data: Uint8Array): unknown => JSON.parse(td.decode(data));

/** What the spans of a message say of it: the messaging system and the contract's subject (never the payload). */
export const messagingAttributes = (subject: string): Attributes => ({
  'messaging.system': 'nats',
  'messaging.destination.name': subject,
});

/** One process's connection and the state its parts (request/reply, fan-out, JetStream, object store) share. */
export class NatsLink {
  readonly subs: Subscription[] = [];
  readonly consumers: ConsumerMessages[] = [];
  private readonly inflight = new Set<Promise<unknown>>();
  private readonly connectionListeners = new Set<(change: ConnectionChange) => void>();
  private jsm?: JetStreamManager;
  private adminJsm?: JetStreamManager;

  constructor(
    readonly nc: NatsConnection,
    readonly settings: BusSettings,
  ) {}

  /** Tells the connection listeners of every disconnect and reconnect, for as long as the connection lives. */
  watchStatus(): void {
    const log = this.settings.logger;
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

  onConnectionChange(listener: (change: ConnectionChange) => void): () => void {
    this.connectionListeners.add(listener);
    return () => void this.connectionListeners.delete(listener);
  }

  /** The real subject or stream name on the server (test stacks run under a prefix). */
  subject(s: string): string {
    return this.settings.prefix ? `${this.settings.prefix}.${s}` : s;
  }
  streamName(s: StreamName | BucketName | LimitStreamName): string {
    return this.settings.prefix ? `${this.settings.prefix.toUpperCase()}_${s}` : s;
  }
  /** A durable consumer's name on the server. */
  durableName(durable: string): string {
    return this.settings.prefix ? `${this.settings.prefix}_${durable}` : durable;
  }

  /**
   * The headers of an outgoing message: the request id of the current context (or the one given, or a new one) and
   * the W3C `traceparent` of `span` (the message's own span, a child of the current one).
   */
  outgoingHeaders(requestId?: string, span?: SpanContext): MsgHdrs {
    const h = natsHeaders();
    h.set(REQUEST_ID_HEADER, requestId ?? currentContext()?.requestId ?? requestIdFrom(undefined));
    const traceparent = traceparentOf(span ?? currentContext()?.trace);
    if (traceparent) h.set(TRACEPARENT_HEADER, traceparent);
    return h;
  }

  /** The request context an incoming message's handler runs in: its request id, and the trace it belongs to. */
  contextOf(h: MsgHdrs | undefined): { requestId: string; trace?: SpanContext } {
    const trace = parentFrom(h?.get(TRACEPARENT_HEADER));
    return { requestId: requestIdFrom(h?.get(REQUEST_ID_HEADER)), ...(trace ? { trace } : {}) };
  }

  /** A span of an outgoing message, under `parent` when the caller names one, else under the current context's span. */
  outgoingSpan(name: string, kind: SpanKind, attributes: Attributes, parent?: SpanContext): KitSpan {
    return this.settings.tracing.start(name, kind, parent ?? currentContext()?.trace, attributes);
  }

  /**
   * Runs the handler of an incoming message in its request context, inside a span under the message's traceparent.
   * The span ends when the handler does (with its error, if it throws), or earlier where the handler ends it itself.
   */
  handleIn<T>(
    h: MsgHdrs | undefined,
    name: string,
    kind: SpanKind,
    attributes: Attributes,
    fn: (span: KitSpan) => Promise<T>,
  ): Promise<T> {
    const { requestId, trace } = this.contextOf(h);
    const span = this.settings.tracing.start(name, kind, trace, attributes);
    return runWithContext({ requestId, trace: span.context }, async () => {
      try {
        const result = await fn(span);
        span.end();
        return result;
      } catch (err) {
        span.end({ error: err });
        throw err;
      }
    });
  }

  /** A handler in flight, waited for by `stopAll`. */
  track(p: Promise<unknown>): void {
    this.inflight.add(p);
    void p.finally(() => this.inflight.delete(p));
  }

  async manager(): Promise<JetStreamManager> {
    this.jsm ??= await jetstreamManager(this.nc);
    return this.jsm;
  }

  /**
   * The streams and consumers set up at start-up: their calls wait up to JS_ADMIN_TIMEOUT_MS, not the client's
   * 5 s, so a start during a replicated stream's election or on a busy machine waits for the cluster rather than
   * failing the service's start. (Reads of the object store keep the 5 s of `manager`: a member waits on those.)
   */
  async adminManager(): Promise<JetStreamManager> {
    this.adminJsm ??= await jetstreamManager(this.nc, { timeout: JS_ADMIN_TIMEOUT_MS });
    return this.adminJsm;
  }

  /** Stops taking new messages (consumers and subscriptions) and waits for the handlers in flight. */
  async stopAll(): Promise<void> {
    for (const c of this.consumers) c.stop();
    for (const s of this.subs) s.unsubscribe();
    await Promise.allSettled([...this.inflight]);
  }

  async drain(): Promise<void> {
    if (!this.nc.isClosed()) await this.nc.drain();
  }
}
