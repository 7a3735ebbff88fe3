import pg from 'pg';
import { DataSource, type EntityManager, type EntitySchema, type MixedList } from 'typeorm';
import type { Logger } from './logger.js';

export interface DatabaseOptions {
  url: string;
  /** The service's own Postgres schema; no service reads another's. */
  schema: string;
  entities: MixedList<EntitySchema | string | (new () => unknown)>;
  migrations: MixedList<(new () => unknown) | string>;
  poolSize?: number;
  logger?: Logger;
}

/** Creates the schema if needed, then runs pending migrations (never `synchronize`). */
export async function openDatabase(opts: DatabaseOptions): Promise<DataSource> {
  await ensureSchema(opts.url, opts.schema);
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
      max: opts.poolSize ?? 10,
      application_name: opts.schema,
      options: `-c search_path=${opts.schema}`,
    },
  });
  await ds.initialize();
  const ran = await ds.runMigrations();
  if (ran.length) opts.logger?.info({ migrations: ran.map((m) => m.name) }, 'migrations applied');
  return ds;
}

async function ensureSchema(url: string, schema: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema name ${schema}`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
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
