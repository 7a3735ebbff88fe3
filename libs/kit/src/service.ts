import type { DataSource } from 'typeorm';
import type { FastifyInstance } from 'fastify';
import type { StreamName } from '@app/contracts';
import { z } from 'zod';
import { ConfigError, databaseEnv, loadConfig, logEnv, natsCredentials, processEnv } from './config.js';
import type { PostgresSpec } from './db.js';
import { addHealthRoutes, createHttpApp } from './http.js';
import { createLogger, logFormatFor, type Logger } from './logger.js';
import { addHttpMetrics, addMetricsRoute, Metrics } from './metrics.js';
import { Bus } from './nats/index.js';
import { publishWithRetries, type PublishRetryPolicy } from './publish-retry.js';
import { storageLimits } from './storage-limits.js';
import { Tracing } from './tracing.js';

/**
 * A process's Postgres schema, its entities and its migrations (run at boot, never `synchronize`): `postgres({…})`,
 * which also brings the code that opens it (this module imports none of TypeORM).
 */
export type DatabaseSpec = PostgresSpec;

/** The variables a process reads: the base ones (processEnv), DATABASE_URL when it has a database, then its own. */
type ConfigShape<S extends z.ZodObject, Db extends DatabaseSpec | undefined> = Omit<
  typeof processEnv.shape,
  keyof S['shape']
> &
  (Db extends DatabaseSpec ? typeof databaseEnv.shape : object) &
  S['shape'];
export type ConfigOf<S extends z.ZodObject, Db extends DatabaseSpec | undefined> = z.infer<
  z.ZodObject<ConfigShape<S, Db>>
>;

/** What a process's parts are built from: handed to `deps` (and to `httpApp`, the gateway's). */
export type ServiceContext<C, Db extends DatabaseSpec | undefined = DatabaseSpec | undefined> = {
  config: C;
  logger: Logger;
  bus: Bus;
  /** This process's Prometheus registry (served at /metrics): a service adds its own series here. */
  metrics: Metrics;
  /** Where its spans go (OTEL_EXPORTER_OTLP_ENDPOINT; off without one): the gateway's own app is given it. */
  tracing: Tracing;
  /** Work to stop on shutdown after consumers stop and before NATS drains (e.g. a browser pool). */
  onShutdown(fn: () => Promise<void>): void;
} & (Db extends DatabaseSpec ? { db: DataSource } : object);

/**
 * One process of the system, described once. Every service and the gateway are written with it, in the same files:
 * `src/config.ts` (`env`), `src/service.ts` (this definition), `src/main.ts` (`runService`), `src/routes.ts`
 * (`registerRoutes(app, deps)`), `src/nats/handlers.ts` (`serveNats(bus, deps)`), `src/domain/deps.ts` (the type of
 * `deps` and the ports), `src/persistence/` (entities, migrations, repositories: all SQL).
 */
export interface ServiceDefinition<
  S extends z.ZodObject = z.ZodObject,
  Db extends DatabaseSpec | undefined = DatabaseSpec | undefined,
  D = unknown,
> {
  name: string;
  /** The process's own variables, over the base ones (a key of its own replaces the base one's default). */
  env: S;
  /**
   * Its Postgres: `postgres({ schema, entities, migrations })`. Absent: the process opens no database, needs no
   * DATABASE_URL, and its bundle imports neither TypeORM nor pg.
   */
  database?: Db;
  /** JetStream streams it publishes to or consumes from (created or updated at boot). */
  streams?: readonly StreamName[];
  /** Builds what its routes and handlers use (repositories, clients, pools); registers their shutdown. */
  deps(ctx: ServiceContext<ConfigOf<S, Db>, Db>): D | Promise<D>;
  /** Its HTTP routes (`src/routes.ts`). */
  routes?(app: FastifyInstance, deps: D): void | Promise<void>;
  /** Its NATS request/reply handlers and JetStream consumers (`src/nats/handlers.ts`). */
  nats?(bus: Bus, deps: D): void | Promise<void>;
  /**
   * The process's HTTP app instead of the kit's internal one (the gateway: the public edge, with its own options,
   * health checks and metrics listener). Absent: the kit's app, reached through the gateway, with /health, /ready
   * (database, NATS, started) and /metrics.
   */
  httpApp?(ctx: ServiceContext<ConfigOf<S, Db>, Db>, deps: D): Promise<FastifyInstance>;
}

/** A process's definition with its whole variable schema (base + database + own): what `loadConfig` validates. */
export type Service<
  S extends z.ZodObject = z.ZodObject,
  Db extends DatabaseSpec | undefined = DatabaseSpec | undefined,
  D = unknown,
> = ServiceDefinition<S, Db, D> & {
  /** Every variable the process reads (the deploy tests hold compose and Kubernetes to it). */
  readonly configSchema: z.ZodObject<ConfigShape<S, Db>>;
};

/** Describes a process; `runService` (in `src/main.ts`) or `startService` (tests) runs it. */
export function defineService<S extends z.ZodObject, D, Db extends DatabaseSpec | undefined = undefined>(
  definition: ServiceDefinition<S, Db, D>,
): Service<S, HasDatabase<Db>, D> {
  const base = definition.database ? processEnv.extend(databaseEnv.shape) : processEnv;
  const configSchema = base.extend(definition.env.shape);
  return { ...definition, configSchema } as unknown as Service<S, HasDatabase<Db>, D>;
}

/** Whether a definition has a database, without its entities' types (which its module's declarations cannot name). */
type HasDatabase<Db> = Db extends DatabaseSpec ? DatabaseSpec : undefined;

export interface RunningService {
  name: string;
  url: string;
  app: FastifyInstance;
  bus: Bus;
  /** The process's database; undefined for a process without one. */
  db: DataSource | undefined;
  logger: Logger;
  metrics: Metrics;
  stop(): Promise<void>;
}

/**
 * Boots a process: config → logger → NATS (+ streams) → Postgres (+ migrations), if it has one → deps → routes and
 * NATS handlers → HTTP listen. `stop()` undoes it in the order that loses nothing: close HTTP, stop consumers,
 * shutdown hooks, drain NATS, close the database.
 */
export async function startService<S extends z.ZodObject, Db extends DatabaseSpec | undefined, D>(
  service: Service<S, Db, D>,
  env: NodeJS.ProcessEnv = process.env,
): Promise<RunningService> {
  const config = loadConfig(service.configSchema, env) as unknown as ConfigOf<S, Db> &
    z.infer<typeof processEnv>;
  const logger = createLogger(service.name, config.LOG_LEVEL, undefined, { format: logFormatFor(config) });
  // A boot that meets a NATS cluster between leaders, or too busy to answer its administration calls in time, is
  // tried again (each attempt closes what it opened) rather than leaving the process to exit and be restarted. Each
  // attempt has a registry of its own: `deps` registers the service's series again.
  const tracing = Tracing.open(service.name, config, logger);
  return publishWithRetries(
    () => bootOnce(service, config, logger, new Metrics(service.name), tracing),
    BOOT_RETRY,
    (err, attempt, delayMs) =>
      logger.warn(
        { err: (err as Error).message, attempt, delayMs },
        'start-up: the NATS cluster did not answer in time; trying again',
      ),
  );
}

/** How long a boot keeps trying while NATS answers with transient errors (publish-retry.ts decides which). */
const BOOT_RETRY: PublishRetryPolicy = {
  budgetMs: 120_000,
  firstDelayMs: 1000,
  maxDelayMs: 10_000,
  attemptTimeoutMs: 120_000,
};

/**
 * One boot attempt. What it opened before a failure (the HTTP app, the NATS connection and its consumers, the hooks
 * `deps` registered, the database) is closed again, so the caller may try again in the same process (runService
 * does, for a busy or electing cluster).
 */
async function bootOnce<S extends z.ZodObject, Db extends DatabaseSpec | undefined, D>(
  service: Service<S, Db, D>,
  config: ConfigOf<S, Db> & z.infer<typeof processEnv>,
  logger: Logger,
  metrics: Metrics,
  tracing: Tracing,
): Promise<RunningService> {
  const opened: { bus?: Bus; db?: DataSource; app?: FastifyInstance } = {};
  const shutdownHooks: Array<() => Promise<void>> = [];
  try {
    const bus = (opened.bus = await Bus.connect({
      url: config.NATS_URL,
      name: service.name,
      ...natsCredentials(config),
      prefix: config.NATS_PREFIX,
      streamReplicas: config.NATS_STREAM_REPLICAS,
      publishRetryMs: config.NATS_PUBLISH_RETRY_MS,
      storage: storageLimits(config),
      logger,
      metrics,
      tracing,
    }));
    if (service.streams?.length) await bus.ensureStreams(...service.streams);
    const db = (opened.db = service.database
      ? await service.database.open({
          ...service.database,
          url: (config as unknown as z.infer<typeof databaseEnv>).DATABASE_URL,
          poolSize: (config as unknown as z.infer<typeof databaseEnv>).DB_POOL_MAX,
          migrationsMode: (config as unknown as z.infer<typeof databaseEnv>).DB_MIGRATIONS,
          logger,
        })
      : undefined);
    if (db)
      metrics.watchPool(
        () => service.database!.poolCounts(db),
        (config as unknown as z.infer<typeof databaseEnv>).DB_POOL_MAX,
      );
    const ctx = {
      config,
      logger,
      bus,
      metrics,
      tracing,
      onShutdown: (fn: () => Promise<void>) => void shutdownHooks.push(fn),
      ...(db ? { db } : {}),
    } as unknown as ServiceContext<ConfigOf<S, Db>, Db>;
    const deps = await service.deps(ctx);
    let ready = false;
    const app = (opened.app = service.httpApp
      ? await service.httpApp(ctx, deps)
      : internalApp(config, logger, metrics, tracing));
    if (!service.httpApp)
      addHealthRoutes(app, {
        ...(db
          ? { database: async () => db.isInitialized && (await db.query('SELECT 1')).length === 1 }
          : {}),
        nats: async () => !bus.nc.isClosed(),
        started: async () => ready,
      });
    await service.routes?.(app, deps);
    await service.nats?.(bus, deps);
    await bus.flush();
    const url = await app.listen({ port: config.PORT, host: config.HOST });
    ready = true;
    logger.info({ url }, `${service.name} ready`);

    let stopping: Promise<void> | undefined;
    const stop = () =>
      (stopping ??= (async () => {
        ready = false;
        logger.info(`${service.name} stopping`);
        await app.close();
        await bus.stopConsumers();
        for (const hook of shutdownHooks)
          await hook().catch((err) => logger.error({ err }, 'shutdown hook failed'));
        await bus.drain();
        await db?.destroy();
        await tracing.shutdown().catch((err) => logger.warn({ err }, 'traces not sent at shutdown'));
        logger.info(`${service.name} stopped`);
      })());
    return { name: service.name, url, app, bus, db, logger, metrics, stop };
  } catch (err) {
    const quietly = (p: Promise<unknown> | undefined) => p?.catch(() => undefined);
    await quietly(opened.app?.close());
    await quietly(opened.bus?.stopConsumers());
    for (const hook of shutdownHooks) await quietly(hook());
    await quietly(opened.bus?.drain());
    await quietly(opened.db?.destroy());
    throw err;
  }
}

/** A service's HTTP app: reached through the gateway (whose line, same request id, is the request's one at info). */
function internalApp(
  config: z.infer<typeof processEnv>,
  logger: Logger,
  metrics: Metrics,
  tracing: Tracing,
): FastifyInstance {
  const app = createHttpApp({
    logger,
    internalSecret: config.INTERNAL_SECRET,
    behindGateway: true,
    tracing,
    drain: config,
  });
  // Every request counted and timed by route pattern; /metrics on the service's own port, never via the gateway.
  addHttpMetrics(app, metrics);
  addMetricsRoute(app, metrics);
  return app;
}

/**
 * `DB_MIGRATIONS=only` (the Kubernetes migrate Job): the process's migrations under the schema's lock, the grants of
 * `DB_APP_ROLE`, and nothing else (no NATS, no HTTP); it reads only the database's and the log's variables.
 */
export async function migrateOnly(
  service: Pick<Service, 'name' | 'database'>,
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  if (!service.database) throw new Error(`${service.name} has no database to migrate`);
  const config = loadConfig(databaseEnv.extend(logEnv.shape), env);
  const logger = createLogger(service.name, config.LOG_LEVEL, undefined, {
    format: config.LOG_FORMAT ?? 'json',
  });
  const db = await service.database.open({
    ...service.database,
    url: config.DATABASE_URL,
    poolSize: 1,
    migrationsMode: 'only',
    appRole: config.DB_APP_ROLE,
    logger,
  });
  await db.destroy();
  logger.info(`${service.name} migrated`);
}

/** Entry point for `src/main.ts`: start, stop cleanly on SIGTERM/SIGINT, exit non-zero on a bad boot. */
export function runService<S extends z.ZodObject, Db extends DatabaseSpec | undefined, D>(
  service: Service<S, Db, D>,
): void {
  if (process.env.DB_MIGRATIONS === 'only') {
    migrateOnly(service).then(
      () => process.exit(0),
      (err) => {
        if (err instanceof ConfigError) console.error(`[${service.name}] ${err.message}`);
        else console.error(`[${service.name}] migrations failed:`, err);
        process.exit(1);
      },
    );
    return;
  }
  startService(service).then(
    (svc) => {
      // Ctrl-C signals the whole process group, and `npm start` then sends SIGTERM too: stop() runs once.
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
      if (err instanceof ConfigError) console.error(`[${service.name}] ${err.message}`);
      else console.error(`[${service.name}] failed to start:`, err);
      process.exit(1);
    },
  );
}
