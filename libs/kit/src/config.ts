import { z } from 'zod';
import { drainEnv } from './http-drain.js';
import { tracingEnv } from './tracing.js';

/** The default connections of a process's pool (`DB_POOL_MAX`). */
export const DB_POOL_DEFAULT = 10;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuração inválida:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

/**
 * Validates the environment once, at boot, into a frozen typed object.
 * Every problem names the variable, so a bad deploy says exactly what to fix. An empty variable counts as unset
 * (compose's `${X:-}` and Kubernetes' optional keys pass empty strings for "not configured").
 */
export function loadConfig<S extends z.ZodObject>(
  schema: S,
  given: NodeJS.ProcessEnv = process.env,
): Readonly<z.infer<S>> {
  const env = Object.fromEntries(Object.entries(given).filter(([, value]) => value !== ''));
  const result = schema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((i) => {
        const name = i.path.join('.') || '(env)';
        return env[name] === undefined ? `${name} is required but not set` : `${name}: ${i.message}`;
      }),
    );
  }
  const data = result.data as Record<string, unknown>;
  if ('NATS_URL' in schema.shape) {
    const problems = natsVariableProblems(data);
    if (problems.length) throw new ConfigError(problems);
  }
  if (data.NODE_ENV === 'production') {
    const problems = productionSecretProblems(Object.keys(schema.shape), env);
    if (problems.length) throw new ConfigError(problems);
  }
  return Object.freeze(result.data);
}

/**
 * Variables that hold a credential. In production every one a process reads must be set to a value of its own:
 * a development value (the stand-ins', a placeholder, the default admin password) stops the process with the
 * variable's name, instead of running with a key that anyone who read the repository knows.
 */
export const SECRET_VARIABLES = [
  'JWT_SECRET',
  'INTERNAL_SECRET',
  'MP_ACCESS_TOKEN',
  'MP_WEBHOOK_SECRET',
  'ADMIN_PASSWORD',
] as const;

const DEVELOPMENT_VALUE = /change-?me|dev-providers|development|^compose-|^admin123$/i;

export function productionSecretProblems(variables: string[], env: NodeJS.ProcessEnv): string[] {
  return SECRET_VARIABLES.filter((name) => variables.includes(name)).flatMap((name) => {
    const value = env[name]?.trim();
    if (!value) return [`${name} is required in production`];
    if (DEVELOPMENT_VALUE.test(value)) return [`${name}: a development value is refused in production`];
    return [];
  });
}

/** The logging variables of every process (services, gateway): level, and the format (logFormatFor in logger.ts). */
export const logEnv = z.object({
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Unset (or empty): pretty lines when NODE_ENV=development, JSON otherwise. */
  LOG_FORMAT: z.preprocess((v) => (v === '' ? undefined : v), z.enum(['json', 'pretty']).optional()),
});

const BYTE_UNITS: Record<string, number> = { '': 1, k: 2 ** 10, m: 2 ** 20, g: 2 ** 30, t: 2 ** 40 };

/** A size in bytes, `1073741824` or with a unit of powers of 1024: `512M`, `4G`, `64MiB`, `5GB`. Null if unreadable. */
export function parseByteSize(text: string): number | null {
  const m = /^\s*(\d+(?:\.\d+)?)\s*([kmgt]?)(?:i?b)?\s*$/i.exec(text);
  if (!m) return null;
  return Math.round(Number(m[1]) * BYTE_UNITS[m[2]!.toLowerCase()]!);
}

const byteSize = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((text, ctx) => {
      const bytes = parseByteSize(text);
      if (bytes === null || bytes < 64 * 1024) {
        ctx.addIssue({ code: 'custom', message: 'a size of at least 64k, e.g. 512M, 4G or 1073741824' });
        return z.NEVER;
      }
      return bytes;
    });

const days = (fallback: number) => z.coerce.number().min(0.001).max(3650).default(fallback);

/**
 * How much JetStream keeps (deploy/README.md, "Storage"). Every stream has its own cap, so one that fills never takes
 * another's room: the rendered files (`RENDERS`) drop their oldest files when full or old (a page whose file went is
 * rendered again from its seed when asked), the events drop their oldest, the work queues refuse new jobs only when
 * they themselves are full. Read by every process that creates or updates a stream (each applies the same values).
 */
export const storageEnv = z.object({
  /** The RENDERS bucket's cap (every page's PDF and PNG, ~85 kB a page): past it the oldest files go first. */
  RENDERS_MAX_BYTES: byteSize('5G'),
  /** A rendered file is kept at most this many days after it was drawn (then drawn again when asked). */
  RENDERS_MAX_AGE_DAYS: days(90),
  /** The events' history (the audit log's source): kept this many days, so nobody's data outlives it there. */
  EVENTS_MAX_AGE_DAYS: days(30),
  EVENTS_MAX_BYTES: byteSize('1G'),
  /** The render queue's own room (a few hundred bytes a job). */
  JOBS_PDF_MAX_BYTES: byteSize('256M'),
  /** pages' own queue (class sets' purchases under way, a hundred bytes each). */
  JOBS_PAGES_MAX_BYTES: byteSize('16M'),
  /** The mail queue's own room. */
  JOBS_MAIL_MAX_BYTES: byteSize('64M'),
  /** A mail job (an address, a name) not sent within this many days is dropped: no personal data waits longer. */
  JOBS_MAIL_MAX_AGE_DAYS: days(7),
});

/** The NATS variables of every process (services, gateway). */
export const natsEnv = z.object({
  NATS_URL: z.string().min(1),
  /** Prefixes every subject and stream so that test stacks never meet the dev stack on one NATS server. */
  NATS_PREFIX: z
    .string()
    .regex(/^[a-z0-9_]*$/)
    .default(''),
  /**
   * Copies of each JetStream stream: 1 on a single server, 3 on a 3-node cluster (Kubernetes), so that losing one
   * node loses no queue and stops no consumer.
   */
  NATS_STREAM_REPLICAS: z.coerce.number().int().min(1).max(5).default(1),
  /**
   * The longest a JetStream publish keeps retrying while the stream has no leader (an election, a node restart), with
   * back-off (publish-retry.ts); 0: one attempt.
   */
  NATS_PUBLISH_RETRY_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  /**
   * The process's NATS user and password (each process a user of its own, allowed only its subjects;
   * @app/contracts' busPermissions). Both or neither: unset, the connection carries no credentials (a server without
   * authorization). The password is never logged.
   */
  NATS_USER: z
    .string()
    .regex(/^[a-z0-9_-]+$/)
    .optional(),
  NATS_PASSWORD: z.string().min(8).optional(),
  /** A CA certificate (PEM file) to verify the server with: set, the connection is TLS. */
  NATS_TLS_CA: z.string().optional(),
  /** A client certificate and its key (PEM files), when the server asks for one (mutual TLS): both or neither. */
  NATS_TLS_CERT: z.string().optional(),
  NATS_TLS_KEY: z.string().optional(),
  ...storageEnv.shape,
});

/** The connection options of the NATS variables: the user and password, TLS (libs/kit BusOptions). */
export function natsCredentials(config: z.infer<typeof natsEnv>): {
  user?: string;
  pass?: string;
  tls?: { caFile: string; certFile?: string; keyFile?: string };
} {
  return {
    ...(config.NATS_USER ? { user: config.NATS_USER, pass: config.NATS_PASSWORD } : {}),
    ...(config.NATS_TLS_CA
      ? {
          tls: {
            caFile: config.NATS_TLS_CA,
            ...(config.NATS_TLS_CERT ? { certFile: config.NATS_TLS_CERT, keyFile: config.NATS_TLS_KEY } : {}),
          },
        }
      : {}),
  };
}

/** NATS variables that only make sense together: a user without a password, a certificate without its key. */
export function natsVariableProblems(env: Record<string, unknown>): string[] {
  const pairs: Array<[string, string]> = [
    ['NATS_USER', 'NATS_PASSWORD'],
    ['NATS_PASSWORD', 'NATS_USER'],
    ['NATS_TLS_CERT', 'NATS_TLS_KEY'],
    ['NATS_TLS_KEY', 'NATS_TLS_CERT'],
  ];
  return pairs.flatMap(([set, missing]) =>
    env[set] !== undefined && env[missing] === undefined ? [`${missing} is required when ${set} is set`] : [],
  );
}

/** Variables every process reads (the services and the gateway); each extends them with its own (kit service.ts). */
export const processEnv = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  ...logEnv.shape,
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535),
  ...natsEnv.shape,
  /** HMAC key for the identity headers the gateway adds; services trust those headers only when signed. */
  INTERNAL_SECRET: z.string().min(32),
  PUBLIC_URL: z.url().default('http://localhost:8080'),
  ...tracingEnv.shape,
  ...drainEnv.shape,
});

/** Read by a process that has a database (`defineService({ database })`) and by no other. */
export const databaseEnv = z.object({
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }),
  /**
   * The most connections one process opens to Postgres (its pool): the total is this times the replicas of every
   * service with a database (deploy/k8s/RESOURCES.md), which must stay under the server's max_connections.
   */
  DB_POOL_MAX: z.coerce.number().int().min(1).max(100).default(DB_POOL_DEFAULT),
  /**
   * Who runs the migrations: `boot` (npm start, compose, tests) this process, at start, under the schema's lock;
   * `only` (the Kubernetes migrate Job, with the database owner's URL) this process, then it exits; `verify` (the
   * Deployments, with a user that cannot change the schema) nobody: the process refuses to start while one is pending.
   */
  DB_MIGRATIONS: z.enum(['boot', 'only', 'verify']).default('boot'),
  /**
   * `only`: the role the services connect as, granted what they need on the schema's tables and sequences (use,
   * read, write) after the migrations, and nothing else; unset, no grant.
   */
  DB_APP_ROLE: z
    .string()
    .regex(/^[a-z_][a-z0-9_]*$/)
    .optional(),
});

export const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);
