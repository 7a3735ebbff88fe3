import { randomBytes } from 'node:crypto';
import { ensureDatabase, natsEnv, storageEnv } from '@app/kit';
import type { NatsCredentials } from './bus-server.js';
import { freePort, httpOk, waitFor } from './net.js';
import { fromRoot } from './paths.js';
import { spawnProcess, type LogTarget, type Managed } from './processes.js';
import { resolveChromium } from '@app/browser';
import {
  PROCESS_NAMES,
  PROCESSES,
  SERVICE_NAMES,
  UPSTREAMS,
  upstreamUrlVariable,
  type ProcessName,
} from '@app/contracts';

/** A port for each process of @app/contracts' list (the one place that names them). */
export type StackPorts = Record<ProcessName, number> & {
  /** The gateway's internal metrics port (METRICS_PORT); unset: any free one (0). */
  gatewayMetrics?: number;
};

export const DEV_PORTS: StackPorts = {
  ...(Object.fromEntries(PROCESS_NAMES.map((p) => [p, PROCESSES[p].devPort])) as Record<ProcessName, number>),
  gatewayMetrics: 9464,
};

export interface StackSecrets {
  JWT_SECRET: string;
  INTERNAL_SECRET: string;
  MP_WEBHOOK_SECRET: string;
}

export const newSecrets = (): StackSecrets => ({
  JWT_SECRET: randomBytes(32).toString('base64url'),
  INTERNAL_SECRET: randomBytes(32).toString('base64url'),
  MP_WEBHOOK_SECRET: randomBytes(24).toString('base64url'),
});

export interface StackOptions {
  databaseUrl: string;
  natsUrl: string;
  natsPrefix: string;
  /**
   * Each process's NATS user on a server with the contracts' permissions (the stack's own: bus-server.ts). Absent:
   * every process connects with the launcher's NATS_USER / NATS_PASSWORD, if set (NATS_URL given), else with none.
   */
  natsUsers?: Partial<Record<ProcessName, NatsCredentials>>;
  smtpUrl: string;
  /** The stand-ins of Google and Mercado Pago (tools/dev-providers); null when both providers are real. */
  devProvidersUrl: string | null;
  /**
   * Which providers are the real ones (their credentials are set): each one switches on its own, and a real one
   * never gets the stand-in's settings. Default: neither.
   */
  realProviders?: { google?: boolean; mercadoPago?: boolean };
  /** Real Mercado Pago credentials: the access token reaches billing only, the public key the gateway (web). */
  mercadoPago?: { accessToken?: string; publicKey?: string };
  /** The address people reach the site at (Mercado Pago's back URLs and notifications, links in emails). */
  publicUrl?: string;
  ports: StackPorts;
  secrets: StackSecrets;
  log: LogTarget;
  adminEmail: string;
  adminPassword: string;
  backendEnv?: string;
  dbEnv?: string;
  /** The Google OAuth client id: the real one, or the stand-in's. */
  googleClientId: string;
  /** Extra variables for every process (e.g. real provider credentials, LOG_LEVEL). */
  extraEnv?: NodeJS.ProcessEnv;
  /** The browser the pdf-worker drives; resolved by startStack (`@app/browser`) when absent. */
  chromePath?: string;
}

export interface Stack {
  gatewayUrl: string;
  /** The environment each service was started with: tests use it to start more replicas. */
  env: Record<ProcessName, NodeJS.ProcessEnv>;
  processes: Map<string, Managed>;
  /**
   * Starts a process of the stack: `as` = `name` starts it again on its own port; another `as` (`pages-2`,
   * `gateway-2`) is one more replica on a port of its own (a gateway replica with its metrics on any free port), with
   * `overrides` over the stack's variables (a second gateway may be pointed at a second pages with `PAGES_URL`).
   */
  startService(name: ProcessName, as?: string, overrides?: NodeJS.ProcessEnv): Promise<Replica>;
  /**
   * Stops a process of the stack, or a replica started with startService (by its `as`), and starts it again on the
   * same port with some variables changed (benchmarks run the old and the new setting of a process side by side in
   * one run); `{}` restores the settings it was started with.
   */
  restart(as: string, overrides: NodeJS.ProcessEnv): Promise<Managed>;
  stop(): Promise<void>;
}

/** The variables of JetStream's limits (libs/kit config.ts: the storage caps and the publish retries). */
export const STORAGE_VARIABLES: ReadonlyArray<keyof typeof natsEnv.shape> = [
  ...(Object.keys(storageEnv.shape) as Array<keyof typeof storageEnv.shape>),
  'NATS_PUBLISH_RETRY_MS',
];

/**
 * Test stacks share one NATS server, which sets aside each stream's cap (max bytes) whether it is used or not: theirs
 * are small. A test that needs its own (the storage-cap test) sets them in its variables.
 */
const TEST_STORAGE = {
  RENDERS_MAX_BYTES: '128M',
  EVENTS_MAX_BYTES: '32M',
  JOBS_PDF_MAX_BYTES: '16M',
  JOBS_MAIL_MAX_BYTES: '16M',
};

/** The storage variables of every process: the launcher's own, over the test stacks' small caps in tests. */
function storageSettings(nodeEnv: string | undefined): NodeJS.ProcessEnv {
  const own = Object.fromEntries(
    STORAGE_VARIABLES.flatMap((k) => (process.env[k] ? [[k, process.env[k]]] : [])),
  );
  return { ...(nodeEnv === 'test' ? TEST_STORAGE : {}), ...own };
}

/** The launcher's NATS variables that every process takes as they are (TLS, and credentials of NATS_URL's server). */
const NATS_LAUNCHER_VARIABLES = ['NATS_TLS_CA', 'NATS_TLS_CERT', 'NATS_TLS_KEY'] as const;

/** A process's NATS credentials: its own user on the stack's server, else the launcher's variables. */
function natsCredentialVariables(o: StackOptions, name: ProcessName): NodeJS.ProcessEnv {
  const own = o.natsUsers?.[name];
  if (own) return { NATS_USER: own.user, NATS_PASSWORD: own.pass };
  return Object.fromEntries(
    (['NATS_USER', 'NATS_PASSWORD'] as const).flatMap((k) => (process.env[k] ? [[k, process.env[k]]] : [])),
  );
}

/** Builds the environment of every process from one set of options: the single place where wiring lives. */
export function stackEnv(o: StackOptions): Stack['env'] {
  const publicUrl = o.publicUrl ?? `http://localhost:${o.ports.gateway}`;
  const local = (port: number) => `http://127.0.0.1:${port}`;
  const common: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: process.env.NODE_ENV ?? 'development',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
    // Unset: pretty lines in development, JSON in tests (their log files); LOG_FORMAT=json|pretty decides otherwise.
    ...(process.env.LOG_FORMAT ? { LOG_FORMAT: process.env.LOG_FORMAT } : {}),
    // Children write to a pipe, not the terminal: let their pretty lines keep the colours the terminal supports.
    ...(o.log.kind === 'inherit' && process.stdout.isTTY && !('NO_COLOR' in process.env)
      ? { FORCE_COLOR: '1' }
      : {}),
    NATS_URL: o.natsUrl,
    NATS_PREFIX: o.natsPrefix,
    ...Object.fromEntries(
      NATS_LAUNCHER_VARIABLES.flatMap((k) => (process.env[k] ? [[k, process.env[k]]] : [])),
    ),
    INTERNAL_SECRET: o.secrets.INTERNAL_SECRET,
    PUBLIC_URL: publicUrl,
    ...storageSettings(o.extraEnv?.NODE_ENV ?? process.env.NODE_ENV),
    ...o.extraEnv,
  };
  // Only the processes with a database read it (the gateway and the pdf-worker have none).
  const database: NodeJS.ProcessEnv = { DATABASE_URL: o.databaseUrl };
  const dev = o.devProvidersUrl;
  const googleStandIn = o.realProviders?.google ? null : dev;
  const mercadoPagoStandIn = o.realProviders?.mercadoPago ? null : dev;
  const google: NodeJS.ProcessEnv = {
    GOOGLE_CLIENT_ID: o.googleClientId,
    ...(googleStandIn
      ? { GOOGLE_CERTS_URL: `${googleStandIn}/__dev/google/certs`, GOOGLE_ISSUER: googleStandIn }
      : {}),
  };
  const env: Stack['env'] = {
    gateway: {
      ...common,
      PORT: String(o.ports.gateway),
      METRICS_PORT: String(o.ports.gatewayMetrics ?? 0),
      JWT_SECRET: o.secrets.JWT_SECRET,
      ...Object.fromEntries(UPSTREAMS.map((u) => [upstreamUrlVariable(u), local(o.ports[u])])),
      WEB_DIST: fromRoot('web', 'dist'),
      BACKEND_ENV: o.backendEnv ?? 'dev',
      DB_ENV: o.dbEnv ?? 'dev',
      GOOGLE_CLIENT_ID: o.googleClientId,
      ...(o.mercadoPago?.publicKey ? { MP_PUBLIC_KEY: o.mercadoPago.publicKey } : {}),
      ...(dev ? { DEV_PROVIDERS_URL: dev } : {}),
    },
    auth: {
      ...common,
      ...database,
      PORT: String(o.ports.auth),
      JWT_SECRET: o.secrets.JWT_SECRET,
      ADMIN_EMAIL: o.adminEmail,
      ADMIN_PASSWORD: o.adminPassword,
      ...google,
    },
    billing: {
      ...common,
      ...database,
      PORT: String(o.ports.billing),
      MP_WEBHOOK_SECRET: o.secrets.MP_WEBHOOK_SECRET,
      ...(mercadoPagoStandIn
        ? { MP_BASE_URL: mercadoPagoStandIn, MP_ACCESS_TOKEN: 'TEST-dev-providers' }
        : { MP_ACCESS_TOKEN: o.mercadoPago?.accessToken }),
      // Tests wait for the reconciler to credit a payment whose notification never came.
      BILLING_RECONCILE_INTERVAL_MS: common.NODE_ENV === 'test' ? '1000' : '60000',
    },
    pages: { ...common, ...database, PORT: String(o.ports.pages) },
    'pdf-worker': {
      ...common,
      PORT: String(o.ports['pdf-worker']),
      ...(o.chromePath ? { CHROME_PATH: o.chromePath } : {}),
    },
    mail: {
      ...common,
      ...database,
      PORT: String(o.ports.mail),
      SMTP_URL: o.smtpUrl,
      ADMIN_EMAIL: o.adminEmail,
    },
    'admin-stats': { ...common, ...database, PORT: String(o.ports['admin-stats']) },
    classroom: { ...common, ...database, PORT: String(o.ports.classroom) },
  };
  for (const name of PROCESS_NAMES) env[name] = { ...env[name], ...natsCredentialVariables(o, name) };
  return env;
}

/** A process of the stack as started: its process and the address of its HTTP port. */
export interface Replica {
  process: Managed;
  url: string;
}

/** Starts every service and the gateway, waiting until each answers /ready. */
export async function startStack(o: StackOptions): Promise<Stack> {
  await ensureDatabase(o.databaseUrl);
  const env = stackEnv({ ...o, chromePath: o.chromePath ?? (await resolveChromium()).path });
  const processes = new Map<string, Managed>();
  /** What each process (by its `as`) was started as, so that a restart keeps its port and its own variables. */
  const started = new Map<string, { name: ProcessName; extra: NodeJS.ProcessEnv }>();
  const port = (name: ProcessName) => o.ports[name];

  async function start(
    name: ProcessName,
    as: string = name,
    extra: NodeJS.ProcessEnv = {},
  ): Promise<Replica> {
    const proc = spawnProcess(
      as,
      { folder: PROCESSES[name].folder, bundle: name },
      { ...env[name], ...extra },
      o.log,
    );
    processes.set(as, proc);
    // What it was first started with: a restart's overrides are over these, and `{}` restores them.
    if (!started.has(as)) started.set(as, { name, extra });
    const exited = new Promise<never>((_, reject) =>
      proc.child.once('exit', (code) => reject(new Error(`${as} exited with code ${code} during start-up`))),
    );
    const url = `http://127.0.0.1:${extra.PORT ?? port(name)}`;
    const readyUrl = name === 'gateway' ? `${url}/api/env` : `${url}/ready`;
    // Longer than a boot's own retries (libs/kit service.ts: up to 2 min while NATS answers with transient errors).
    await Promise.race([waitFor(() => httpOk(readyUrl), `${as} to be ready`, 180_000), exited]);
    return { process: proc, url };
  }

  try {
    // auth first: it creates the streams others publish to and serves the session checks.
    await start('auth');
    await Promise.all(SERVICE_NAMES.filter((s) => s !== 'auth').map((s) => start(s)));
    await start('gateway');
  } catch (err) {
    await Promise.all([...processes.values()].map((p) => p.stop()));
    throw err;
  }

  return {
    gatewayUrl: `http://localhost:${o.ports.gateway}`,
    env,
    processes,
    // A restart of the process itself (as === name) keeps its port: the gateway and the others have its address.
    // Another replica gets a port of its own (and a gateway's metrics any free one: the stack's holds its own).
    startService: async (name, as = `${name}-2`, overrides = {}) =>
      start(name, as, {
        ...(as === name
          ? {}
          : { PORT: String(await freePort()), ...(name === 'gateway' ? { METRICS_PORT: '0' } : {}) }),
        ...overrides,
      }),
    async restart(as, overrides) {
      const was = started.get(as);
      if (!was) throw new Error(`no process ${as} in the stack`);
      await processes.get(as)?.stop();
      // A replica keeps its port (and whatever it was started with); `{}` is back to that.
      const own = as === was.name ? {} : was.extra;
      return (await start(was.name, as, { ...own, ...overrides })).process;
    },
    async stop() {
      const gateway = processes.get('gateway');
      await gateway?.stop();
      await Promise.all([...processes.values()].filter((p) => p !== gateway).map((p) => p.stop()));
    },
  };
}
