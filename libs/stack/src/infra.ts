import { existsSync, mkdirSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import pg from 'pg';
import type { ProcessName } from '@app/contracts';
import { startBusServer, type NatsCredentials } from './bus-server.js';
import { answers, freePort, httpOk, waitFor } from './net.js';
import { fromRoot } from './paths.js';
import { spawnManaged, spawnProcess, spawnTs, type LogTarget, type Managed } from './processes.js';

export interface Resolved {
  url: string;
  /** How it was found, for the start banner. */
  source: string;
  process?: Managed;
}

async function postgresAnswers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1500 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * Postgres: DATABASE_URL, else the server on 127.0.0.1:5432, else an embedded PGlite served over the
 * Postgres protocol with its data under .data/ (development only).
 */
export async function resolvePostgres(
  database: string,
  log: LogTarget,
  pglitePort = 54329,
): Promise<Resolved> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, source: 'DATABASE_URL' };
  const local = `postgres://postgres@127.0.0.1:5432/${database}`;
  if (await postgresAnswers('postgres://postgres@127.0.0.1:5432/postgres')) {
    return { url: local, source: 'local server on 127.0.0.1:5432' };
  }
  const dir = fromRoot('.data', 'pglite');
  mkdirSync(dir, { recursive: true });
  const proc = spawnTs(
    'pglite',
    'libs/stack/src/pglite-server.ts',
    { ...process.env, PGLITE_DIR: dir, PGLITE_PORT: String(pglitePort) },
    log,
  );
  const url = `postgres://postgres@127.0.0.1:${pglitePort}/postgres`;
  await waitFor(() => postgresAnswers(url), 'embedded PGlite');
  return { url, source: `embedded PGlite (${dir})`, process: proc };
}

/**
 * NATS: NATS_URL (the processes' credentials then come from NATS_USER / NATS_PASSWORD and NATS_TLS_*, as everywhere
 * else), else a `nats-server -js` of its own with the contracts' users and permissions on 127.0.0.1:4222,
 * or a free port when 4222 is taken, its store under .data/nats; else, with no `nats-server` installed, the server
 * on 127.0.0.1:4222 without credentials (the banner says so).
 */
export async function resolveNats(
  log: LogTarget,
  prefix = '',
): Promise<Resolved & { users?: Record<ProcessName, NatsCredentials> }> {
  if (process.env.NATS_URL) return { url: process.env.NATS_URL, source: 'NATS_URL' };
  const binary = which('nats-server');
  if (binary) {
    const storeDir = fromRoot('.data', 'nats');
    mkdirSync(storeDir, { recursive: true });
    const port = (await answers(4222)) ? await freePort() : 4222;
    const server = await startBusServer({ binary, port, prefix, log, storeDir });
    return {
      url: server.url,
      source: `nats-server (${storeDir}), um usuário por serviço com as permissões dos contratos`,
      process: server.process,
      users: server.users,
    };
  }
  if (await answers(4222)) {
    return {
      url: 'nats://127.0.0.1:4222',
      source:
        'servidor em 127.0.0.1:4222, SEM autenticação (instale `nats-server` para as permissões por serviço)',
    };
  }
  throw new Error(
    'NATS não encontrado: nada responde em 127.0.0.1:4222 e não há `nats-server` no PATH; ' +
      'instale com `apt-get install nats-server` (Debian/Ubuntu) ou defina NATS_URL.',
  );
}

/**
 * An executable by name: PATH first (so a newer build put ahead of the system's wins, as `.ci/run` does for
 * nats-server), else the usual system directories (sbin is not on every PATH); null when absent.
 */
export function which(cmd: string): string | null {
  try {
    const found = execFileSync('sh', ['-c', `command -v ${cmd}`])
      .toString()
      .trim();
    if (found) return found;
  } catch {
    // not on PATH
  }
  for (const candidate of [`/usr/sbin/${cmd}`, `/usr/bin/${cmd}`, `/usr/local/bin/${cmd}`]) {
    if (existsSync(candidate)) return candidate;
  }
  return null;
}

/** A MailDev inbox: SMTP on smtpPort, web UI and REST API on webPort. */
export async function startMailDev(smtpPort: number, webPort: number, log: LogTarget): Promise<Managed> {
  const proc = spawnManaged(
    'maildev',
    process.execPath,
    [
      fromRoot('node_modules', 'maildev', 'bin', 'maildev'),
      '--smtp',
      String(smtpPort),
      '--web',
      String(webPort),
      '--ip',
      '127.0.0.1',
      '--silent',
    ],
    { env: process.env, log },
  );
  await waitFor(() => httpOk(`http://127.0.0.1:${webPort}/email`), 'MailDev');
  return proc;
}

export interface DevProvidersOptions {
  port: number;
  publicUrl: string;
  webhookSecret: string;
  googleClientId: string;
  log: LogTarget;
}

/** The local stand-ins of Mercado Pago and Google (tools/dev-providers). */
export async function startDevProviders(o: DevProvidersOptions): Promise<Managed> {
  const proc = spawnProcess(
    'dev-providers',
    { folder: 'tools/dev-providers', bundle: 'dev-providers' },
    {
      ...process.env,
      PORT: String(o.port),
      PUBLIC_URL: o.publicUrl,
      DEV_PROVIDERS_URL: `http://localhost:${o.port}`,
      MP_WEBHOOK_SECRET: o.webhookSecret,
      GOOGLE_CLIENT_ID: o.googleClientId,
    },
    o.log,
  );
  await waitFor(() => httpOk(`http://127.0.0.1:${o.port}/health`), 'dev providers');
  return proc;
}
