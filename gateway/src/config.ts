import { isIP } from 'node:net';
import { z } from 'zod';
import { UPSTREAMS, upstreamUrlVariable, type UpstreamUrlVariable } from '@app/contracts';
import { port, type ConfigOf } from '@app/kit';

const list = z
  .string()
  .default('')
  .transform((s) =>
    s
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  );

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An address, a CIDR (`10.0.0.0/8`, `fd00::/8`), an address/netmask, or one of proxy-addr's names. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', range, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (range === undefined) return true;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(range) === 4;
}

/**
 * TRUST_PROXY, as Fastify's `trustProxy` takes it: unset or `false` (the socket's address is the client: no proxy,
 * X-Forwarded-For ignored), a comma-separated list of the proxies' addresses or CIDRs (`10.0.0.0/8,fd00::/8`, or
 * proxy-addr's names `loopback`, `linklocal`, `uniquelocal` = the private ranges): X-Forwarded-For is read from the
 * right, skipping those hops, and the first other address is the client; or `true` (trust every hop: the leftmost
 * address, which the client can write, so only behind a proxy that overwrites the header). A hop count is refused:
 * Fastify 5 no longer honours one (it cannot tell a proxy from a client that sends the header itself).
 */
export const trustProxy = z
  .string()
  .default('false')
  .transform((value, ctx): boolean | string[] => {
    const v = value.trim().toLowerCase();
    if (v === '' || v === 'false') return false;
    if (v === 'true') return true;
    const entries = v
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
    const bad = entries.filter((x) => !isProxyAddress(x));
    if (bad.length || !entries.length) {
      ctx.addIssue({
        code: 'custom',
        message: `expected false, true or comma-separated proxy addresses/CIDRs (not a hop count); not valid: ${bad.join(', ')}`,
      });
      return z.NEVER;
    }
    return entries;
  });

/** An optional setting where an empty value (`KEY=` in .env, compose's `${KEY:-}`, a blank configmap key) means unset. */
const blankIsUnset = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

/**
 * SUPPORT_WHATSAPP: the support number in international form, digits only once spaces, dashes, parentheses and a
 * leading + are dropped (`+55 (11) 91234-5678` → `5511912345678`), as wa.me links want it.
 */
export const whatsappNumber = z
  .string()
  .transform((v) => v.replace(/[\s().+-]/g, ''))
  .pipe(
    z
      .string()
      .regex(/^[1-9]\d{9,14}$/, 'expected a phone number with country and area code, e.g. +55 11 91234-5678'),
  );

/** COMPANY_CNPJ: 14 digits, written or not as 00.000.000/0000-00; kept in the written form. */
export const cnpj = z
  .string()
  .transform((v) => v.replace(/[\s./-]/g, ''))
  .pipe(z.string().regex(/^\d{14}$/, 'expected a CNPJ of 14 digits, e.g. 12.345.678/0001-90'))
  .transform((d) => `${d.slice(0, 2)}.${d.slice(2, 5)}.${d.slice(5, 8)}/${d.slice(8, 12)}-${d.slice(12)}`);

/** The address of each service the gateway proxies to (`AUTH_URL`, ..., `ADMIN_STATS_URL`): from @app/contracts' list. */
const upstreamUrls = Object.fromEntries(UPSTREAMS.map((u) => [upstreamUrlVariable(u), z.url()])) as Record<
  UpstreamUrlVariable,
  z.ZodURL
>;

/** The gateway's own variables, over the base ones every process reads (@app/kit processEnv). */
export const gatewayEnv = z.object({
  /** The public edge listens on every interface (a service, reached through it, on 127.0.0.1 unless HOST says). */
  HOST: z.string().default('0.0.0.0'),
  PORT: port(8080),
  /** Prometheus metrics (/metrics) on a port of their own, bound to HOST: kept off the public port. 0: any free one. */
  METRICS_PORT: port(9464),
  JWT_SECRET: z.string().min(32),
  ...upstreamUrls,
  /** The built SPA (web/dist). */
  WEB_DIST: z.string().min(1),
  /** Origins allowed by CORS besides the site itself (comma-separated); empty = same origin only. */
  CORS_ORIGINS: list,
  BACKEND_ENV: z.string().default('dev'),
  DB_ENV: z.string().default('dev'),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(64 * 1024),
  /**
   * How long a user's session (token version and role, auth's last answer) is trusted without asking auth again; a
   * revocation event (password change, recovery...) forgets it at once. 0: ask auth on every protected request.
   */
  SESSION_CACHE_TTL_MS: z.coerce.number().int().min(0).default(60_000),
  /** Users whose session the cache keeps at most (the least recently seen go first). */
  SESSION_CACHE_MAX_ENTRIES: z.coerce.number().int().positive().default(50_000),
  /**
   * Live streams (GET /api/memberEvents) one member may hold (tabs, devices), on every replica together; past it a new
   * one answers 429 (the browser tries again later, backing off).
   */
  MEMBER_STREAMS_PER_USER: z.coerce.number().int().positive().default(10),
  /** Live streams one client address may hold, on every replica together; past it, 429. */
  MEMBER_STREAMS_PER_ADDRESS: z.coerce.number().int().positive().default(10),
  /** Live streams all replicas hold together at most; past it, 429. */
  MEMBER_STREAMS_MAX: z.coerce.number().int().positive().default(10_000),
  /** Requests per minute, route and client address on sign-in, sign-up and recovery, on every replica together. */
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(20),
  /**
   * Mercado Pago's notifications (POST /api/webhooks/mercadopago) per minute and client address, on every replica
   * together: far above what the provider sends (a few per payment, from its own addresses), so only a flood meets it.
   */
  WEBHOOK_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  /**
   * Requests one client address may have in progress at once, on every replica together (the live stream, GET
   * /api/memberEvents, is not counted: it has its own limits); past it, 429. A browser sends a handful at a time; a
   * school behind one address, a few dozen.
   */
  CONCURRENT_REQUESTS_PER_ADDRESS: z.coerce.number().int().positive().default(64),
  /** The request line and headers must have arrived within this many ms of the connection's first byte; else 408. */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(1000).default(10_000),
  /**
   * The whole request (headers and body) must have arrived within this many ms; else 408 and the socket is closed.
   * The body is read whole here before a service is asked, so a slow sender holds only its own socket.
   */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
  /** A connection on which nothing is sent either way for this many ms is closed (the live stream excepted). */
  IDLE_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
  /**
   * How long a service may take to send its answer's headers, and then between two chunks of its body; past it the
   * request answers 503. Above pages' RENDER_WAIT_MS (at most 25 s): a preview waits that long for its render.
   */
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
  /** Whose X-Forwarded-For to believe for the client's address (limits, logs): see trustProxy above. */
  TRUST_PROXY: trustProxy,
  GOOGLE_CLIENT_ID: z.string().optional(),
  MP_PUBLIC_KEY: z.string().optional(),
  DEV_PROVIDERS_URL: z.url().optional(),
  // Who runs the site and how to reach them: the footer, the privacy policy, the terms and the support page (LGPD:
  // the controller's identity and contact). Handed to the web through /api/clientConfig.
  COMPANY_NAME: z.string().trim().min(1).default('Exercícios de Matemática'),
  /** Unset: the legal pages name the company without a CNPJ. */
  COMPANY_CNPJ: blankIsUnset(cnpj),
  SUPPORT_EMAIL: z.email().default('contato@exerciciosdematematica.com.br'),
  /** Unset: no WhatsApp channel anywhere (the footer and the support page show no WhatsApp link). */
  SUPPORT_WHATSAPP: blankIsUnset(whatsappNumber),
});
/** Everything the gateway reads: the base variables and its own (no database). */
export type GatewayConfig = ConfigOf<typeof gatewayEnv, undefined>;
