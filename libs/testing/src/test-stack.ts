import 'vitest';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { rmSync } from 'node:fs';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import { dropDatabase, natsServers } from '@app/kit';
import {
  freePort,
  fromRoot,
  newSecrets,
  startBusServer,
  which,
  type NatsCredentials,
  startDevProviders,
  startMailDev,
  startStack,
  type Managed,
  type Stack,
  type StackPorts,
  type StackSecrets,
} from '@app/stack';
import { PROCESS_NAMES, type ProcessName } from '@app/contracts';
import { resolveTestInfra, withDb, type TestInfra } from './infra.js';

declare module 'vitest' {
  /** `inject('stack')` in integration tests (any file that imports from @app/testing sees this type). */
  export interface ProvidedContext {
    stack: StackInfo;
  }
}

/** What a test needs to reach the stack started for its tier (serialisable: handed over with vitest's provide). */
export interface StackInfo {
  gatewayUrl: string;
  mailApiUrl: string;
  smtpPort: number;
  devProvidersUrl: string;
  databaseUrl: string;
  natsUrl: string;
  natsPrefix: string;
  /**
   * The `test` superuser of the stack's own NATS server, for the tests' own connections (spread it into `connect` or
   * `Bus.connect`: `{ servers, ...stack.natsAuth }`); absent when the stack runs on a server without authorization (a
   * fault test's private servers).
   */
  natsAuth?: NatsCredentials;
  secrets: StackSecrets;
  adminEmail: string;
  adminPassword: string;
  googleClientId: string;
  /** Environment of each service, to start extra replicas or in-process instances. */
  env: Record<string, NodeJS.ProcessEnv>;
  /** POST {controlUrl}/{process}/stop|start — stop or restart maildev or a service of the stack. */
  controlUrl: string;
  logDir: string;
}

export interface RunningTestStack {
  info: StackInfo;
  /** Restarts a process of the stack with some variables changed (`{}`: back to the stack's own); see Stack.restart. */
  restart: Stack['restart'];
  /**
   * Starts another replica of a process (`<name>-2`, ...) with the stack's settings, `overrides` over them, and a
   * port of its own; resolves with its address once it is ready. It is in `pids()`, the control server stops,
   * starts and restarts it by its `as` like the stack's own, and it stops with the stack (benchmarks with two
   * pdf-workers; two gateways each in front of its own pages: `PAGES_URL` of the second pages).
   */
  startReplica(name: ProcessName, as: string, overrides?: NodeJS.ProcessEnv): Promise<{ url: string }>;
  /** The process id of each process of the stack now (benchmarks read their CPU time from /proc). */
  pids(): Record<string, number>;
  stop(): Promise<void>;
}

/**
 * What every process of a test stack runs with, over `npm start`'s settings. The whole tier calls from 127.0.0.1: the
 * per-address limits are raised for it (their unit tests hold them, and replica-limits.test.ts on a stack of its own),
 * and TRUST_PROXY lets a test play callers at other addresses with X-Forwarded-For. A process a test starts beside the
 * stack, on its prefix, runs with these too: the limits' streams take the sizes of the last process that opened them.
 */
export const TIER_ENV: Readonly<Record<string, string>> = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'debug',
  AUTH_RATE_LIMIT_PER_MINUTE: '1000',
  LOGIN_MAX_FAILURES_PER_ADDRESS: '1000',
  RECOVERY_MAX_PER_ADDRESS_PER_HOUR: '1000',
  SIGN_UPS_PER_ADDRESS_PER_HOUR: '100000',
  MEMBER_STREAMS_PER_ADDRESS: '1000',
  TRUST_PROXY: 'loopback',
  // The cheapest bcrypt cost the hashes still go through (production refuses under 10): at 10 the tiers' sign-ups and
  // sign-ins spent about a minute of CPU a run in auth.
  BCRYPT_COST: '4',
  // No drain when a process stops (kit http-drain.ts): the tiers restart processes often, between requests; the
  // rolling-update test runs the production drain.
  HTTP_DRAIN_MS: '0',
};

/**
 * A whole system for one test run: a throwaway database, a NATS subject prefix of its own, a mail inbox, the
 * provider stand-ins, every service and the gateway on free ports. Logs go to .data/test-logs/<run>/.
 */
export async function startTestStack(
  tier: string,
  /** Variables for every process, over the tier's (benchmarks log at info, as production does). */
  env: NodeJS.ProcessEnv = {},
  /**
   * Postgres and NATS to run on (the fault tests' private servers, whose NATS has no authorization); else the tier's
   * Postgres (resolveTestInfra) and a NATS server of the stack's own with the contracts' users and permissions.
   */
  given?: TestInfra,
): Promise<RunningTestStack> {
  const infra = given ?? (await resolveTestInfra());
  const run = `${tier}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const databaseUrl = withDb(infra.postgresBase, `test_${run}`);
  const natsPrefix = `t${run}`.toLowerCase();
  const logDir = fromRoot('.data', 'test-logs', run);
  const log = { kind: 'dir', dir: logDir } as const;
  // The services speak on the bus as production's do, each as its own user allowed only its subjects.
  const natsServer = given ? null : await startOwnNats(natsPrefix, log);
  const natsUrl = natsServer?.url ?? infra.natsUrl;
  const natsAuth = natsServer?.superuser;
  const secrets = newSecrets();
  const [gateway, smtpPort, mailWeb, devPort, gatewayMetrics] = await Promise.all(
    Array.from({ length: 5 }, () => freePort()),
  );
  const ports: StackPorts = {
    ...(Object.fromEntries(
      await Promise.all(PROCESS_NAMES.map(async (p) => [p, p === 'gateway' ? gateway! : await freePort()])),
    ) as Record<ProcessName, number>),
    gatewayMetrics: gatewayMetrics!,
  };
  const googleClientId = 'test-google-client-id';
  const devProvidersUrl = `http://localhost:${devPort}`;
  const adminEmail = 'admin@exercicios.test';
  const adminPassword = 'admin-senha-123';

  const managed = new Map<string, () => Promise<Managed>>();
  const live = new Map<string, Managed>();
  const startManaged = async (name: string) => {
    const factory = managed.get(name);
    if (!factory) throw new Error(`unknown process ${name}`);
    live.set(name, await factory());
  };
  managed.set('maildev', () => startMailDev(smtpPort!, mailWeb!, log));
  managed.set('dev-providers', () =>
    startDevProviders({
      port: devPort!,
      publicUrl: `http://localhost:${gateway}`,
      webhookSecret: secrets.MP_WEBHOOK_SECRET,
      googleClientId,
      log,
    }),
  );
  await Promise.all([startManaged('maildev'), startManaged('dev-providers')]);

  let stack: Stack;
  try {
    stack = await startStack({
      databaseUrl,
      natsUrl,
      natsPrefix,
      ...(natsServer ? { natsUsers: natsServer.users } : {}),
      smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
      devProvidersUrl,
      ports,
      secrets,
      log,
      adminEmail,
      adminPassword,
      googleClientId,
      backendEnv: 'test',
      dbEnv: 'test',
      extraEnv: {
        ...TIER_ENV,
        ...env,
      },
    });
  } catch (err) {
    // What stop() would clean, as the caller never gets a stack to stop: the helpers, the database, the streams.
    await Promise.all([...live.values()].map((p) => p.stop()));
    await dropDatabase(databaseUrl).catch(() => undefined);
    await deleteStreams(natsUrl, natsPrefix, natsAuth).catch(() => undefined);
    await natsServer?.process.stop();
    throw new Error(`${(err as Error).message} (logs: ${logDir})`);
  }

  // Control server: lets a test stop and restart a process of this stack (e.g. the SMTP inbox), or restart one with
  // some variables changed (POST /<name>/restart with a JSON object of variables; `{}` restores the stack's own).
  const control = http.createServer((req, res) => {
    const [, name, action] = (req.url ?? '').split('/');
    void (async () => {
      try {
        const proc = live.get(name!) ?? stack.processes.get(name!);
        if (action === 'stop' && proc) {
          await proc.stop();
          live.delete(name!);
        } else if (action === 'start' && managed.has(name!)) {
          await startManaged(name!);
        } else if (action === 'start' && stack.processes.has(name!)) {
          await stack.restart(name!, {});
        } else if (action === 'restart' && stack.processes.has(name!)) {
          const overrides = JSON.parse((await text(req)) || '{}') as NodeJS.ProcessEnv;
          await stack.restart(name!, overrides);
        } else throw new Error(`cannot ${action} ${name}`);
        res.writeHead(200).end('ok');
      } catch (err) {
        res.writeHead(500).end(String(err));
      }
    })();
  });
  const controlPort = await freePort();
  await new Promise<void>((r) => control.listen(controlPort, '127.0.0.1', r));

  return {
    info: {
      gatewayUrl: stack.gatewayUrl,
      mailApiUrl: `http://127.0.0.1:${mailWeb}`,
      smtpPort: smtpPort!,
      devProvidersUrl,
      databaseUrl,
      natsUrl,
      natsPrefix,
      ...(natsAuth ? { natsAuth } : {}),
      secrets,
      adminEmail,
      adminPassword,
      googleClientId,
      env: stack.env,
      controlUrl: `http://127.0.0.1:${controlPort}`,
      logDir,
    },
    restart: (name, overrides) => stack.restart(name, overrides),
    startReplica: async (name, as, overrides) => ({
      url: (await stack.startService(name, as, overrides)).url,
    }),
    pids: () =>
      Object.fromEntries(
        [...stack.processes, ...live].flatMap(([name, proc]) =>
          proc.child.pid === undefined ? [] : [[name, proc.child.pid]],
        ),
      ),
    async stop() {
      control.close();
      await stack.stop();
      await Promise.all([...live.values()].map((p) => p.stop()));
      await dropDatabase(databaseUrl).catch(() => undefined);
      await deleteStreams(natsUrl, natsPrefix, natsAuth).catch(() => undefined);
      await natsServer?.process.stop();
      await infra.stop();
      if (process.env.KEEP_TEST_LOGS !== '1') rmSync(logDir, { recursive: true, force: true });
    },
  };
}

async function text(req: http.IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of req) body += String(chunk);
  return body;
}

/**
 * Restarts a process of the test stack with some variables changed (`{}`: back to the stack's own settings), on the
 * same port; resolves once it answers /ready again.
 */
export async function restartProcess(
  stack: Pick<StackInfo, 'controlUrl'>,
  name: string,
  overrides: NodeJS.ProcessEnv = {},
): Promise<void> {
  const res = await fetch(`${stack.controlUrl}/${name}/restart`, {
    method: 'POST',
    body: JSON.stringify(overrides),
  });
  if (!res.ok) throw new Error(`restart ${name}: ${await res.text()}`);
}

/**
 * Stops or starts a process of the test stack (a service, maildev or the providers' stand-ins) through the stack's
 * control server; a start resolves once the process answers /ready again. Throws with the control server's answer when
 * it refuses, so a test never goes on against a stack in an unknown state.
 */
export async function controlProcess(
  stack: Pick<StackInfo, 'controlUrl'>,
  name: string,
  action: 'stop' | 'start',
): Promise<void> {
  const res = await fetch(`${stack.controlUrl}/${name}/${action}`, { method: 'POST' });
  if (!res.ok) throw new Error(`${action} ${name}: ${res.status} ${await res.text()}`);
}

/**
 * A NATS server of the test stack's own (bus-server.ts) with a `test` superuser, on a free port; null (the tier's
 * shared server, without authorization) where `nats-server` is not installed.
 */
async function startOwnNats(prefix: string, log: { kind: 'dir'; dir: string }) {
  const binary = which('nats-server');
  if (!binary) return null;
  return startBusServer({ binary, port: await freePort(), prefix, log, superuser: true });
}

/** Deletes a run's streams and Object Store buckets from the NATS server: those named under `prefix`. */
export async function deleteStreams(natsUrl: string, prefix: string, auth?: NatsCredentials) {
  const nc = await connect({ servers: natsServers(natsUrl), ...auth });
  const jsm = await jetstreamManager(nc);
  for await (const s of jsm.streams.list()) {
    // The run's streams, and its Object Store buckets (streams `OBJ_<bucket>`).
    const name = s.config.name.replace(/^OBJ_/, '');
    if (name.startsWith(`${prefix.toUpperCase()}_`)) await jsm.streams.delete(s.config.name);
  }
  await nc.drain();
}

/**
 * The variables that connect a process a test starts under a prefix of its own (not the stack's: the contracts'
 * users are allowed the stack's subjects only) to the stack's NATS server: the `test` superuser's credentials.
 */
export const superuserNatsEnv = (stack: Pick<StackInfo, 'natsAuth'>): NodeJS.ProcessEnv =>
  stack.natsAuth ? { NATS_USER: stack.natsAuth.user, NATS_PASSWORD: stack.natsAuth.pass } : {};
