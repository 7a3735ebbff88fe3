import pg from 'pg';
import { DataSource, type EntityManager, type EntitySchema, type MixedList } from 'typeorm';
import { DB_POOL_DEFAULT } from './config.js';
import type { Logger } from './logger.js';

export interface DatabaseOptions {
  url: string;
  /** The service's own Postgres schema; no service reads another's. */
  schema: string;
  entities: MixedList<EntitySchema | string | (new () => unknown)>;
  migrations: MixedList<(new () => unknown) | string>;
  /** The most connections the process opens (`DB_POOL_MAX`; DB_POOL_DEFAULT). */
  poolSize?: number;
  /** `boot` (the default) and `only` run the pending migrations; `verify` refuses to open with one pending. */
  migrationsMode?: 'boot' | 'only' | 'verify';
  /** After the migrations, the role granted use, read and write on the schema's tables and sequences (`DB_APP_ROLE`). */
  appRole?: string | undefined;
  logger?: Logger;
}

/**
 * Creates the schema if needed, then runs pending migrations (never `synchronize`), once however many replicas start
 * at the same moment: each holds the schema's migration lock (`withMigrationLock`) while it does, so the first
 * migrates and the others find nothing pending.
 */
export async function openDatabase(opts: DatabaseOptions): Promise<DataSource> {
  const ds = new DataSource({
    type: 'postgres',
    url: opts.url,
    schema: opts.schema,
    entities: opts.entities,
    migrations: opts.migrations,
    migrationsTableName: 'migrations',
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: false,
    // search_path makes raw SQL in migrations and queries land in the service's own schema too.
    extra: {
      max: opts.poolSize ?? DB_POOL_DEFAULT,
      application_name: opts.schema,
      options: `-c search_path=${opts.schema}`,
    },
  });
  if (opts.migrationsMode === 'verify') {
    await ds.initialize();
    await refusePending(ds, opts.schema);
    return ds;
  }
  await withMigrationLock(opts.url, opts.schema, async (client) => {
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${opts.schema}`);
    await ds.initialize();
    try {
      const ran = await ds.runMigrations();
      if (ran.length) opts.logger?.info({ migrations: ran.map((m) => m.name) }, 'migrations applied');
      if (opts.appRole !== undefined) await grantToApp(client, opts.schema, opts.appRole);
    } catch (err) {
      await ds.destroy();
      throw err;
    }
  });
  return ds;
}

/** `verify`: the process starts only on a schema whose migrations all ran (the migrate Job runs them first). */
async function refusePending(ds: DataSource, schema: string): Promise<void> {
  let pending: boolean;
  try {
    pending = await ds.showMigrations();
  } catch (err) {
    await ds.destroy();
    throw new Error(
      `${schema}: the migrations table cannot be read (has the migrate Job run?): ${String(err)}`,
    );
  }
  if (pending) {
    await ds.destroy();
    throw new Error(
      `${schema}: migrations are pending; the migrate Job runs them (deploy/README.md, "Migrations")`,
    );
  }
}

/**
 * `only`: what the services' role needs on the schema and no more: use the schema, read and write its tables, use
 * its sequences (ids). It creates nothing, alters nothing, drops nothing: a service that tried would be refused.
 */
async function grantToApp(client: pg.Client, schema: string, role: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(role)) throw new Error(`invalid role name ${role}`);
  await client.query(`GRANT USAGE ON SCHEMA ${schema} TO ${role}`);
  await client.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${schema} TO ${role}`);
  await client.query(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA ${schema} TO ${role}`);
}

/** A pool's connections now (pg's Pool behind TypeORM's Postgres driver), for the metrics. */
export function poolCounts(ds: DataSource): { total: number; idle: number; waiting: number } {
  const pool = (ds.driver as unknown as { master?: pg.Pool }).master;
  return { total: pool?.totalCount ?? 0, idle: pool?.idleCount ?? 0, waiting: pool?.waitingCount ?? 0 };
}

/**
 * A process's Postgres: its schema, entities and migrations, and how the kit opens and watches it. A service's
 * definition says `database: postgres({ schema, entities, migrations })`; the kit's runtime reaches TypeORM and pg
 * only through it, so a process without a database (the gateway, the pdf-worker, the stand-ins) imports neither and
 * its image installs neither.
 */
export function postgres(spec: Omit<DatabaseOptions, 'url' | 'logger'>): PostgresSpec {
  return { ...spec, open: openDatabase, poolCounts };
}
export type PostgresSpec = Omit<DatabaseOptions, 'url' | 'logger'> & {
  open: typeof openDatabase;
  poolCounts: typeof poolCounts;
};

/**
 * Runs `fn` holding a Postgres advisory lock of the schema's migrations, on a connection of its own (a session lock:
 * released when `fn` ends, or by the server when the process dies mid-way). Replicas of a service starting together
 * (three pods of a rollout on an empty database, `npm start`'s first boot) wait for each other here: the schema and
 * the migrations table are created once, and each migration runs once.
 */
async function withMigrationLock(url: string, schema: string, fn: (client: pg.Client) => Promise<void>) {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema name ${schema}`);
  const client = new pg.Client({ connectionString: url, application_name: `${schema}-migrations` });
  await client.connect();
  try {
    await client.query(`SELECT pg_advisory_lock(hashtext('migrations'), hashtext($1))`, [schema]);
    await fn(client);
  } finally {
    await client.end();
  }
}

/** Runs `fn` on the server's maintenance database, for creating or dropping the database of `url`. */
async function onServer(url: string, fn: (client: pg.Client, name: string) => Promise<void>): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new Error(`invalid database name ${name}`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await fn(client, name);
  } finally {
    await client.end();
  }
}

/** Creates a database if it does not exist (start script and test stacks). */
export const ensureDatabase = (url: string) =>
  onServer(url, async (client, name) => {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name}"`);
  });

export const dropDatabase = (url: string) =>
  onServer(url, async (client, name) => {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });

/**
 * A service's repositories as its domain sees them (the port): each statement on its own, and `transaction`, which
 * runs `work` with repositories whose statements all belong to one transaction: committed when `work` resolves,
 * rolled back when it rejects.
 */
export type Store<R> = R & { transaction<T>(work: (tx: R) => Promise<T>): Promise<T> };

/**
 * The Postgres side of a Store: `repositoriesOn` builds every repository on one manager; outside a transaction they
 * run on the data source's, inside `transaction` on the transaction's.
 */
export function storeOver<R extends object>(
  db: DataSource,
  repositoriesOn: (m: EntityManager) => R,
): Store<R> {
  return {
    ...repositoriesOn(db.manager),
    transaction: (work) => db.transaction((m) => work(repositoriesOn(m))),
  };
}
