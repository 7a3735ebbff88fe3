import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { answers, freePort, waitFor } from '@app/stack';

/**
 * Servers a fault test owns, so it may stop and start them while a stack runs on them: a `nats-server -js` and a
 * Postgres cluster made with `initdb`, each on a free port with its data in a temporary directory that survives a
 * restart. Nothing shared with the other tests (their servers on 4222 and 5432 are never touched).
 */
export interface PrivateServer {
  url: string;
  port: number;
  /** Stops the server (SIGTERM, waiting for the process to end); its data stays. */
  stop(): Promise<void>;
  /** Starts it again on the same port with the same data, and waits until it answers. */
  start(): Promise<void>;
  /** Stops it for good and removes its data. */
  remove(): Promise<void>;
}

function stopProcess(proc: ChildProcess | undefined): Promise<void> {
  if (!proc || proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    proc.once('exit', () => resolve());
    proc.kill('SIGTERM');
  });
}

function binary(name: string, candidates: string[]): string {
  for (const c of candidates) if (existsSync(c)) return c;
  try {
    return execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error(`${name} não encontrado: os testes de falha precisam dele (apt-get install ${name})`);
  }
}

export async function startPrivateNats(): Promise<PrivateServer> {
  const exe = binary('nats-server', ['/usr/sbin/nats-server', '/usr/bin/nats-server']);
  const port = await freePort();
  const store = mkdtempSync(path.join(tmpdir(), 'fault-nats-'));
  let proc: ChildProcess | undefined;
  const server: PrivateServer = {
    url: `nats://127.0.0.1:${port}`,
    port,
    async start() {
      proc = spawn(exe, ['-a', '127.0.0.1', '-p', String(port), '-js', '-sd', store], { stdio: 'ignore' });
      await waitFor(() => answers(port), 'private nats-server', 20_000);
    },
    stop: () => stopProcess(proc),
    async remove() {
      await stopProcess(proc);
      rmSync(store, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}

/** The Debian layout's newest server binaries (/usr/lib/postgresql/<version>/bin), else PATH. */
function postgresBin(name: string): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(path.join(root, v, 'bin', name)))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  return versions.length ? path.join(root, versions[0]!, 'bin', name) : binary(name, []);
}

/** Postgres refuses to run as root: as root, the cluster belongs to (and runs as) the `postgres` account. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

export async function startPrivatePostgres(): Promise<PrivateServer> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'fault-pg-'));
  const data = path.join(dir, 'data');
  const user = runAs();
  if (user) chownSync(dir, user.uid, user.gid);
  execFileSync(
    postgresBin('initdb'),
    ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'],
    {
      stdio: 'ignore',
      ...user,
    },
  );
  let proc: ChildProcess | undefined;
  const server: PrivateServer = {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async start() {
      proc = spawn(
        postgresBin('postgres'),
        ['-D', data, '-p', String(port), '-k', dir, '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off'],
        { stdio: 'ignore', ...user },
      );
      await waitFor(() => answers(port), 'private postgres', 30_000);
    },
    // SIGTERM: Postgres's "smart" shutdown waits for clients to leave; SIGINT ("fast") ends their sessions at once,
    // as a crash or a failover does to the services.
    async stop() {
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
      const p = proc;
      await new Promise<void>((resolve) => {
        p.once('exit', () => resolve());
        p.kill('SIGINT');
      });
    },
    async remove() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await server.start();
  return server;
}
