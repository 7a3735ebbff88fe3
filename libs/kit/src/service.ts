import type { DataSource } from 'typeorm';
import type { FastifyInstance } from 'fastify';
import type { StreamName } from '@app/contracts';
import { z } from 'zod';
import { baseServiceEnv, ConfigError, loadConfig } from './config.js';
import { openDatabase, type DatabaseOptions } from './db.js';
import { addHealthRoutes, createHttpApp } from './http.js';
import { createLogger, logFormatFor, type Logger } from './logger.js';
import { addHttpMetrics, addMetricsRoute, Metrics } from './metrics.js';
import { Bus } from './nats.js';

export interface ServiceContext<C> {
  config: C;
  logger: Logger;
  bus: Bus;
  db: DataSource;
  app: FastifyInstance;
  /** This process's Prometheus registry (served at /metrics): a service adds its own series here. */
  metrics: Metrics;
  /** Work to stop on shutdown after consumers stop and before NATS drains (e.g. a browser pool). */
  onShutdown(fn: () => Promise<void>): void;
}

export interface ServiceSpec<S extends z.ZodObject> {
  name: string;
  /** The service's own variables; merged over the base ones (DATABASE_URL, NATS_URL, ...). */
  env: S;
  /** Postgres schema, entities and migrations. */
  database: Omit<DatabaseOptions, 'url' | 'logger'>;
  /** JetStream streams it publishes to or consumes from (created or updated at boot). */
  streams?: StreamName[];
  setup(ctx: ServiceContext<z.infer<S> & z.infer<typeof baseServiceEnv>>): Promise<void>;
}

export interface RunningService {
  name: string;
  url: string;
  app: FastifyInstance;
  bus: Bus;
  db: DataSource;
  logger: Logger;
  metrics: Metrics;
  stop(): Promise<void>;
}

/**
 * Boots a service: config → logger → NATS → Postgres (+ migrations) → routes and consumers → HTTP listen.
 * `stop()` undoes it in the order that loses nothing: close HTTP, stop consumers, extra hooks, drain NATS, close DB.
 */
export async function startService<S extends z.ZodObject>(
  spec: ServiceSpec<S>,
  env: NodeJS.ProcessEnv = process.env,
): Promise<RunningService> {
  const schema = baseServiceEnv
    .extend({ PORT: z.coerce.number().int().min(0).max(65535) })
    .extend(spec.env.shape);
  const config = loadConfig(schema, env) as z.infer<S> & z.infer<typeof baseServiceEnv> & { PORT: number };
  const logger = createLogger(spec.name, config.LOG_LEVEL, undefined, { format: logFormatFor(config) });
  const metrics = new Metrics(spec.name);
  const bus = await Bus.connect({
    url: config.NATS_URL,
    name: spec.name,
    prefix: config.NATS_PREFIX,
    streamReplicas: config.NATS_STREAM_REPLICAS,
    logger,
    metrics,
  });
  if (spec.streams?.length) await bus.ensureStreams(...spec.streams);
  const db = await openDatabase({ ...spec.database, url: config.DATABASE_URL, logger });
  // Reached through the gateway, whose line (same request id) is the request's one at info.
  const app = createHttpApp({ logger, internalSecret: config.INTERNAL_SECRET, behindGateway: true });
  // Every request counted and timed by route pattern; /metrics on the service's own port, never via the gateway.
  addHttpMetrics(app, metrics);
  addMetricsRoute(app, metrics);
  const shutdownHooks: Array<() => Promise<void>> = [];
  let ready = false;
  addHealthRoutes(app, {
    database: async () => db.isInitialized && (await db.query('SELECT 1')).length === 1,
    nats: async () => !bus.nc.isClosed(),
    started: async () => ready,
  });
  await spec.setup({
    config,
    logger,
    bus,
    db,
    app,
    metrics,
    onShutdown: (fn) => void shutdownHooks.push(fn),
  });
  await bus.flush();
  const url = await app.listen({ port: config.PORT, host: config.HOST });
  ready = true;
  logger.info({ url }, `${spec.name} ready`);

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      ready = false;
      logger.info(`${spec.name} stopping`);
      await app.close();
      await bus.stopConsumers();
      for (const hook of shutdownHooks)
        await hook().catch((err) => logger.error({ err }, 'shutdown hook failed'));
      await bus.drain();
      await db.destroy();
      logger.info(`${spec.name} stopped`);
    })());
  return { name: spec.name, url, app, bus, db, logger, metrics, stop };
}

/** Entry point helper for `src/main.ts`: start, stop cleanly on SIGTERM/SIGINT, exit non-zero on a bad boot. */
export function runService<S extends z.ZodObject>(spec: ServiceSpec<S>): void {
  startService(spec).then(
    (svc) => {
      const onSignal = (signal: string) => {
        svc.logger.info({ signal }, 'signal received');
        svc.stop().then(
          () => process.exit(0),
          (err) => {
            svc.logger.error({ err }, 'shutdown failed');
            process.exit(1);
          },
        );
      };
      process.once('SIGTERM', onSignal);
      process.once('SIGINT', onSignal);
    },
    (err) => {
      if (err instanceof ConfigError) console.error(`[${spec.name}] ${err.message}`);
      else console.error(`[${spec.name}] failed to start:`, err);
      process.exit(1);
    },
  );
}
