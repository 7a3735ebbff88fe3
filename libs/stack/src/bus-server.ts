import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { busUsers, renderNatsAuthorization, type BusUser, type ProcessName } from '@app/contracts';
import { answers, waitFor } from './net.js';
import { fromRoot } from './paths.js';
import { spawnManaged, type LogTarget, type Managed } from './processes.js';

/** A NATS user's name and password, as the connection takes them (nats.js `user` / `pass`). */
export interface NatsCredentials {
  user: string;
  pass: string;
}

/** The user the test stacks' own connections use (recording bus, drains, stream clean-up): no permissions block. */
export const TEST_SUPERUSER = 'test';

export interface BusServerOptions {
  /** The path of `nats-server`. */
  binary: string;
  port: number;
  /** The stack's subject prefix: the permissions are those of the contracts under it. */
  prefix: string;
  log: LogTarget;
  /** JetStream's store; default: the server's temporary directory (removed on stop). */
  storeDir?: string;
  /** Adds the `test` superuser (test stacks only). */
  superuser?: boolean;
}

export interface BusServer {
  url: string;
  /** Each process's user and its password (random for each server). */
  users: Record<ProcessName, NatsCredentials>;
  superuser?: NatsCredentials;
  process: Managed;
}

const newPassword = () => randomBytes(18).toString('base64url');

/** The nats-server configuration of a stack's own server: JetStream, and the contracts' users under its prefix. */
export function busServerConfig(o: { port: number; storeDir: string; users: BusUser[] }): string {
  return [
    `listen: "127.0.0.1:${o.port}"`,
    `jetstream { store_dir: ${JSON.stringify(o.storeDir)} }`,
    renderNatsAuthorization(o.users),
  ].join('\n');
}

/**
 * Starts a `nats-server -js` of the stack's own whose users are the processes, each allowed what the contracts grant
 * it (the same permissions as production, under the stack's prefix), with random passwords. Its config
 * (and, unless `storeDir` is given, its store) lives in a temporary directory that stopping the server removes.
 */
export async function startBusServer(o: BusServerOptions): Promise<BusServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bus-'));
  const passwords = new Map<string, string>();
  const password = (user: string) => {
    const p = newPassword();
    passwords.set(user, p);
    return p;
  };
  const users: BusUser[] = busUsers(o.prefix, password);
  if (o.superuser) users.push({ user: TEST_SUPERUSER, password: password(TEST_SUPERUSER) });
  const configFile = path.join(dir, 'nats.conf');
  writeFileSync(
    configFile,
    busServerConfig({ port: o.port, storeDir: o.storeDir ?? path.join(dir, 'store'), users }),
    { mode: 0o600 },
  );
  const proc = spawnManaged('nats', o.binary, ['-c', configFile], { env: {}, log: o.log });
  const exited = new Promise<never>((_, reject) =>
    proc.child.once('exit', (code) =>
      reject(new Error(`nats-server exited with code ${code} during start-up`)),
    ),
  );
  const process: Managed = {
    ...proc,
    async stop(signal) {
      await proc.stop(signal);
      rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await Promise.race([waitFor(() => answers(o.port), 'nats-server'), exited]);
  } catch (err) {
    await process.stop();
    throw err;
  }
  const credentials = (user: string): NatsCredentials => ({ user, pass: passwords.get(user)! });
  return {
    url: `nats://127.0.0.1:${o.port}`,
    users: Object.fromEntries(
      users.flatMap((u) => (u.permissions ? [[u.user, credentials(u.user)]] : [])),
    ) as Record<ProcessName, NatsCredentials>,
    ...(o.superuser ? { superuser: credentials(TEST_SUPERUSER) } : {}),
    process,
  };
}

/** The production server's users and permissions (`npm run bus:config`), included by Kubernetes' and compose's NATS. */
export const BUS_AUTHORIZATION_FILE = fromRoot('deploy', 'k8s', 'base', 'nats', 'authorization.conf');
