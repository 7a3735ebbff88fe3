import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
  type CounterConfiguration,
  type GaugeConfiguration,
  type HistogramConfiguration,
} from 'prom-client';

/**
 * Prometheus metrics of one process (prom-client): one Registry, every series labelled with the process's
 * `service`. Labels are bounded by design — route patterns (never the raw URL), RPC subjects, stream and consumer
 * names — so no page code, token, email or user id ever becomes a label.
 */

/** What a JetStream consumer reports about itself (the fields of `ConsumerInfo` read here). */
export interface ConsumerCounts {
  num_pending: number;
  num_ack_pending: number;
  num_redelivered: number;
}

/** The outcome label of a NATS request: `ok` or the RpcError code, lower-cased. */
export type RequestOutcome = 'ok' | 'timeout' | 'no_responders' | 'remote' | 'invalid_response';

/** The route label of a request that matched no route (404s, the gateway's SPA fallback). */
export const UNMATCHED_ROUTE = 'unmatched';

/** Longest a scrape waits for one consumer's info from the server; past it the last value stays. */
const CONSUMER_INFO_TIMEOUT_MS = 2000;

/** Scrapes this close together share one round of consumer info requests. */
const CONSUMER_POLL_REUSE_MS = 1000;

const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** What a JetStream stream reports of its storage (read from `StreamInfo` at each scrape). */
export interface StreamBytes {
  bytes: number;
  /** Its cap; -1 for none. */
  max_bytes: number;
}

/** A database pool's connections now (pg's Pool: total, idle and waiting clients). */
export interface PoolCounts {
  total: number;
  idle: number;
  waiting: number;
}

interface WatchedConsumer {
  stream: string;
  consumer: string;
  info: () => Promise<ConsumerCounts>;
}

export class Metrics {
  readonly registry = new Registry();
  readonly #httpRequests: Counter<'method' | 'route' | 'status_code'>;
  readonly #httpDuration: Histogram<'method' | 'route' | 'status_code'>;
  readonly #natsRequests: Histogram<'subject' | 'outcome'>;
  readonly #redeliveries: Counter<'stream' | 'consumer'>;
  readonly #publishRetries: Counter<'stream'>;
  readonly #consumers = new Map<string, WatchedConsumer>();
  readonly #streams = new Map<string, () => Promise<StreamBytes>>();
  /** The series of each (method, route, status) seen, bound once: a request pays two updates, no label lookups. */
  readonly #httpSeries = new Map<string, { count: () => void; time: (seconds: number) => void }>();
  #lastPoll:
    { at: number; counts: Promise<Array<[WatchedConsumer, ConsumerCounts | undefined]>> } | undefined;

  constructor(
    readonly service: string,
    opts: { defaultMetrics?: boolean } = {},
  ) {
    this.registry.setDefaultLabels({ service });
    if (opts.defaultMetrics ?? true) collectDefaultMetrics({ register: this.registry });

    this.#httpRequests = this.counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status_code'],
    });
    this.#httpDuration = this.histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route pattern and status code.',
      labelNames: ['method', 'route', 'status_code'],
      buckets: SECONDS_BUCKETS,
    });
    this.#natsRequests = this.histogram({
      name: 'nats_request_duration_seconds',
      help: 'NATS request/reply round trips made by this process, by subject and outcome.',
      labelNames: ['subject', 'outcome'],
      buckets: SECONDS_BUCKETS,
    });
    this.#redeliveries = this.counter({
      name: 'jetstream_redeliveries_total',
      help: 'JetStream messages this process received again (delivery count > 1), by stream and durable consumer.',
      labelNames: ['stream', 'consumer'],
    });
    this.#publishRetries = this.counter({
      name: 'jetstream_publish_retries_total',
      help: 'JetStream publishes tried again because the stream was between leaders or did not answer in time, by stream.',
      labelNames: ['stream'],
    });
    // Polled from the server when Prometheus scrapes, never per message: one round of info requests serves the
    // three gauges of a scrape.
    const poll = () => this.#pollConsumers();
    const countsGauge = (name: string, help: string, field: keyof ConsumerCounts) =>
      this.gauge({
        name,
        help,
        labelNames: ['stream', 'consumer'],
        async collect() {
          for (const [w, c] of await poll())
            if (c) this.set({ stream: w.stream, consumer: w.consumer }, c[field]);
        },
      });
    countsGauge(
      'jetstream_consumer_pending_messages',
      'Messages of the stream not yet delivered to the durable consumer (shared by every replica).',
      'num_pending',
    );
    countsGauge(
      'jetstream_consumer_ack_pending_messages',
      'Messages delivered to the durable consumer and not acknowledged yet.',
      'num_ack_pending',
    );
    countsGauge(
      'jetstream_consumer_redelivered_messages',
      'Messages the server is redelivering to the durable consumer right now.',
      'num_redelivered',
    );
    // The streams this process opens, read at each scrape: what the alert on a stream nearly full compares.
    const streams = this.#streams;
    const streamGauge = (name: string, help: string, field: keyof StreamBytes) =>
      this.gauge({
        name,
        help,
        labelNames: ['stream'],
        async collect() {
          for (const [stream, info] of streams) {
            const read = await withTimeout(info(), CONSUMER_INFO_TIMEOUT_MS).catch(() => undefined);
            if (read) this.set({ stream }, read[field]);
          }
        },
      });
    streamGauge('jetstream_stream_bytes', 'Bytes a JetStream stream holds now.', 'bytes');
    streamGauge('jetstream_stream_max_bytes', "A JetStream stream's cap in bytes (-1: none).", 'max_bytes');
  }

  /** Reports a stream's bytes and cap at each scrape. */
  watchStream(stream: string, info: () => Promise<StreamBytes>): void {
    this.#streams.set(stream, info);
  }

  /** Reports a database pool's connections at each scrape: in use, idle, waiting for one, and its most. */
  watchPool(read: () => PoolCounts, max: number): void {
    this.gauge({
      name: 'db_pool_connections',
      help: 'Connections of the Postgres pool, by state: in_use, idle, and waiting (requests queued for one).',
      labelNames: ['state'],
      collect() {
        const { total, idle, waiting } = read();
        this.set({ state: 'in_use' }, total - idle);
        this.set({ state: 'idle' }, idle);
        this.set({ state: 'waiting' }, waiting);
      },
    });
    this.gauge({
      name: 'db_pool_max_connections',
      help: 'The most connections the pool opens (DB_POOL_MAX).',
    }).set(max);
  }

  /** A counter in this process's registry (services add their own, e.g. billing's money counters). */
  counter<L extends string>(config: Omit<CounterConfiguration<L>, 'registers'>): Counter<L> {
    return new Counter({ ...config, registers: [this.registry] });
  }
  /** Several unlabelled counters at once, by a name of the caller's: `{ credits: ['billing_credits_total', help] }`. */
  counters<K extends string>(defs: Record<K, readonly [name: string, help: string]>): Record<K, Counter> {
    const entries = Object.entries(defs) as Array<[K, readonly [string, string]]>;
    return Object.fromEntries(
      entries.map(([key, [name, help]]) => [key, this.counter({ name, help })]),
    ) as Record<K, Counter>;
  }
  gauge<L extends string>(config: Omit<GaugeConfiguration<L>, 'registers'>): Gauge<L> {
    return new Gauge({ ...config, registers: [this.registry] });
  }
  histogram<L extends string>(config: Omit<HistogramConfiguration<L>, 'registers'>): Histogram<L> {
    return new Histogram({ ...config, registers: [this.registry] });
  }

  observeHttp(method: string, route: string, statusCode: number, seconds: number): void {
    const key = `${method} ${route} ${statusCode}`;
    let series = this.#httpSeries.get(key);
    if (!series) {
      const labels = { method, route, status_code: String(statusCode) };
      const counter = this.#httpRequests.labels(labels);
      const histogram = this.#httpDuration.labels(labels);
      series = { count: () => counter.inc(), time: (s) => histogram.observe(s) };
      this.#httpSeries.set(key, series);
    }
    series.count();
    series.time(seconds);
  }

  /** Starts timing a NATS request; call the answer with its outcome when it settles. */
  natsRequest(subject: string): (outcome: RequestOutcome) => void {
    const end = this.#natsRequests.startTimer({ subject });
    return (outcome) => void end({ outcome });
  }

  redelivered(stream: string, consumer: string): void {
    this.#redeliveries.inc({ stream, consumer });
  }

  publishRetried(stream: string): void {
    this.#publishRetries.inc({ stream });
  }

  /** Reports a durable consumer's pending, ack-pending and redelivered counts at each scrape. */
  watchConsumer(stream: string, consumer: string, info: () => Promise<ConsumerCounts>): void {
    this.#consumers.set(`${stream}/${consumer}`, { stream, consumer, info });
  }

  #pollConsumers(): Promise<Array<[WatchedConsumer, ConsumerCounts | undefined]>> {
    const now = Date.now();
    if (!this.#lastPoll || now - this.#lastPoll.at > CONSUMER_POLL_REUSE_MS) {
      const counts = Promise.all(
        [...this.#consumers.values()].map((w) =>
          withTimeout(w.info(), CONSUMER_INFO_TIMEOUT_MS).then(
            (c): [WatchedConsumer, ConsumerCounts | undefined] => [w, c],
            (): [WatchedConsumer, ConsumerCounts | undefined] => [w, undefined],
          ),
        ),
      );
      this.#lastPoll = { at: now, counts };
    }
    return this.#lastPoll.counts;
  }

  /** The exposition text (Prometheus format) and its content type. */
  async exposition(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}

export interface HttpMetricsOptions {
  /** The route label of a request, when the route pattern is not the right one (e.g. 'static' for files). */
  routeOf?: (req: FastifyRequest) => string | undefined;
}

/**
 * Counts and times every request the app answers, by method, route pattern (`req.routeOptions.url`: the
 * pattern, never the URL the client sent) and status. Add it before the routes, on the root instance.
 */
export function addHttpMetrics(app: FastifyInstance, metrics: Metrics, opts: HttpMetricsOptions = {}): void {
  app.addHook('onResponse', (req, reply, done) => {
    const route = opts.routeOf?.(req) ?? req.routeOptions.url ?? UNMATCHED_ROUTE;
    metrics.observeHttp(req.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
}

/** GET /metrics: the registry in Prometheus text format (its successful scrapes are logged at debug, see http.ts). */
export function addMetricsRoute(app: FastifyInstance, metrics: Metrics): void {
  app.get('/metrics', async (_req, reply) => {
    const { contentType, body } = await metrics.exposition();
    return reply.header('content-type', contentType).send(body);
  });
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
