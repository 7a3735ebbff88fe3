import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { answers, freePort, waitFor, which } from '@app/stack';

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

/** The nats-server the tests run: the first on PATH, else the system's. */
function natsServer(): string {
  const exe = which('nats-server');
  if (!exe)
    throw new Error('nats-server não encontrado: os testes de falha precisam dele (bash .ci/run o instala)');
  return exe;
}

export async function startPrivateNats(): Promise<PrivateServer> {
  const exe = natsServer();
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

/** One node of a private JetStream cluster: its server name, and stop/start like any private server. */
export interface ClusterNode extends PrivateServer {
  name: string;
  /** SIGKILL: the node dies as a crashed machine does (no lame duck, no leadership hand-over). */
  kill(): Promise<void>;
}

export interface PrivateNatsCluster {
  /** Every node's client address, comma-separated (what NATS_URL takes for a cluster). */
  url: string;
  nodes: ClusterNode[];
  /** The node named `name` (a stream's `cluster.leader`). */
  node(name: string): ClusterNode;
  /** Stops every node for good and removes their data. */
  remove(): Promise<void>;
}

/**
 * A JetStream cluster of `size` local `nats-server` processes (the binary the machine has), each on free client and
 * route ports with its store in a temporary directory, routed to each other; resolves when every node answers and
 * the cluster has a JetStream meta leader (streams with 3 replicas can be made). Nothing shared with other tests.
 */
export async function startPrivateNatsCluster(size = 3): Promise<PrivateNatsCluster> {
  const exe = natsServer();
  const clusterName = `c${Math.random().toString(36).slice(2, 8)}`;
  const specs = await Promise.all(
    Array.from({ length: size }, async (_, i) => ({
      name: `${clusterName}-n${i + 1}`,
      port: await freePort(),
      routePort: await freePort(),
      monitorPort: await freePort(),
      store: mkdtempSync(path.join(tmpdir(), 'cluster-nats-')),
    })),
  );
  const routes = specs.map((s) => `nats://127.0.0.1:${s.routePort}`).join(',');
  const nodes = specs.map((spec): ClusterNode => {
    let proc: ChildProcess | undefined;
    const node: ClusterNode = {
      name: spec.name,
      url: `nats://127.0.0.1:${spec.port}`,
      port: spec.port,
      async start() {
        proc = spawn(
          exe,
          [
            ...['-n', spec.name, '-a', '127.0.0.1', '-p', String(spec.port), '-m', String(spec.monitorPort)],
            ...['-js', '-sd', spec.store, '--cluster_name', clusterName],
            ...['--cluster', `nats://127.0.0.1:${spec.routePort}`, '--routes', routes],
          ],
          { stdio: 'ignore' },
        );
        await waitFor(() => answers(spec.port), `cluster node ${spec.name}`, 20_000);
      },
      stop: () => stopProcess(proc),
      async kill() {
        if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
        const p = proc;
        await new Promise<void>((resolve) => {
          p.once('exit', () => resolve());
          p.kill('SIGKILL');
        });
      },
      async remove() {
        await node.kill();
        rmSync(spec.store, { recursive: true, force: true });
      },
    };
    return node;
  });
  await Promise.all(nodes.map((n) => n.start()));
  // JetStream is usable once the cluster elected a meta leader: /healthz?js-enabled-only answers before that, so ask
  // each node's monitor for its meta leader.
  await waitFor(
    async () => {
      const metas = await Promise.all(
        specs.map((s) =>
          fetch(`http://127.0.0.1:${s.monitorPort}/jsz`)
            .then((r) => r.json() as Promise<{ meta_cluster?: { leader?: string; cluster_size?: number } }>)
            .catch(() => ({}) as { meta_cluster?: { leader?: string; cluster_size?: number } }),
        ),
      );
      return metas.every((m) => Boolean(m.meta_cluster?.leader) && m.meta_cluster?.cluster_size === size);
    },
    'the cluster to elect a JetStream meta leader',
    60_000,
  );
  return {
    url: nodes.map((n) => n.url).join(','),
    nodes,
    node(name) {
      const found = nodes.find((n) => n.name === name);
      if (!found) throw new Error(`no cluster node ${name}`);
      return found;
    },
    async remove() {
      await Promise.all(nodes.map((n) => n.remove()));
    },
  };
}
