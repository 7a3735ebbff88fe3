import pg from 'pg';
import { DataSource, type EntitySchema, type MixedList } from 'typeorm';
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
