import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import cors from '@fastify/cors';
import helmet, { type HelmetOptions } from 'helmet';
import { Pool } from 'undici';
import { ErrorCode, fail, memberEvents, PlatformMessages, UPSTREAMS } from '@app/contracts';
import {
  addHttpMetrics,
  ClientAddressHeaders,
  createHttpApp,
  type Bus,
  type Limits,
  type Logger,
  type Metrics,
  type Tracing,
} from '@app/kit';
import type { GatewayConfig } from './config.js';
import { hasBadEscape } from './bad-escapes.js';
import { openEdgeLimits, STREAM_LIFETIME_MS, takeRequestSlots } from './edge-limits.js';
import { startEdgeAuth, type EdgeAuth } from './edge-auth.js';
import { startMemberStreams, type MemberStreams } from './member-events.js';
import { sessionCacheMetrics } from './metrics.js';
import { upstreamUrl, type Upstream } from './route-table.js';

/**
 * A request for one of the SPA's files (scripts, styles, images, the free samples) or the API docs' assets: logged at
 * debug when it succeeds, so that a page view is not a dozen info lines. Pages (no extension) and the API stay at info.
 */
export function isStaticFile(req: FastifyRequest): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  // Asked twice for every request (metrics, log line): the API's paths are told apart before any string is cut.
  if (req.url.startsWith('/api/') && !req.url.startsWith('/api/docs/')) return false;
  const pathname = req.url.split('?')[0] ?? '';
  return path.extname(pathname) !== '';
}

/**
 * The headers a helmet configuration sets: its middleware run once against a response that only records them (helmet
 * sets and removes headers, nothing else, and reads nothing of the request unless a CSP directive is a function).
 */
export function helmetHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err) => {
    if (err) throw err;
  });
  return Object.freeze(headers);
}

/** Headers a caller may not set: only the gateway speaks for the user to the services. */
const SPOOFABLE = [
  'x-user-id',
  'x-user-role',
  'x-gateway-signature',
  ClientAddressHeaders.address,
  ClientAddressHeaders.signature,
];

/** What the gateway's app and routes (src/routes.ts) are built with; src/service.ts makes it (`gatewayDeps`). */
export interface GatewayDeps {
  config: GatewayConfig;
  logger: Logger;
  bus: Bus;
  /** Requests counted and timed here; served on METRICS_PORT by src/metrics.ts, never on the public app. */
  metrics?: Metrics;
  /** The session check of protected routes, with its cache kept current by auth's revocation events. */
  edgeAuth: EdgeAuth;
  /** The members' live streams held by this replica (src/member-events.ts), fed by billing's balance events. */
  memberStreams: MemberStreams;
  /** One connection pool per upstream, shared by all of its routes (reply-from leaves an instance it is handed open). */
  pools: ReadonlyMap<Upstream, Pool>;
  /** The edge's limits, shared by every replica (src/edge-limits.ts). */
  limits: Pick<Limits, 'take'>;
  /** Where the requests' spans go (kit tracing.ts); absent: none recorded, the caller's traceparent passed on. */
  tracing?: Tracing;
}

/** Opens what the gateway holds (session check, limits, upstream pools); each closes at shutdown. */
export async function gatewayDeps(ctx: {
  config: GatewayConfig;
  logger: Logger;
  bus: Bus;
  metrics?: Metrics;
  tracing?: Tracing;
  onShutdown(fn: () => Promise<void>): void;
}): Promise<GatewayDeps> {
  const { config, logger, bus, metrics, tracing, onShutdown } = ctx;
  const limits = await openEdgeLimits(bus, config);
  onShutdown(async () => limits.close());
  const edgeAuth = startEdgeAuth(config, bus, logger, metrics && sessionCacheMetrics(metrics));
  onShutdown(async () => edgeAuth.stop());
  const live = startMemberStreams(bus, { lifetimeMs: STREAM_LIFETIME_MS, logger, metrics });
  onShutdown(async () => live.stop());
  const pools = new Map(
    UPSTREAMS.map(
      (name) => [name, upstreamPool(upstreamUrl(config, name), config.UPSTREAM_TIMEOUT_MS)] as const,
    ),
  );
  onShutdown(async () => {
    await Promise.all([...pools.values()].map((pool) => pool.close()));
  });
  return { config, logger, bus, metrics, edgeAuth, memberStreams: live.streams, pools, limits, tracing };
}

/**
 * The public edge's HTTP app (defineService's `httpApp`): the rules every request meets before a route (security
 * headers, no-store on the API, identity headers a caller may not send, the body limit, CORS, the limits per address
 * and their rates). Its routes are src/routes.ts.
 */
export async function createGatewayApp({
  config,
  logger,
  metrics,
  limits,
  tracing,
}: GatewayDeps): Promise<FastifyInstance> {
  const app = createHttpApp({
    logger,
    tracing,
    // The keep-alive it announces and its drain when it stops (kit http-drain.ts).
    drain: config,
    bodyLimit: config.BODY_LIMIT_BYTES,
    // The client's address (rate limits, logs) from the load balancer's X-Forwarded-For when TRUST_PROXY says so.
    trustProxy: config.TRUST_PROXY,
    customNotFound: true,
    isRoutineRequest: isStaticFile,
    // No AsyncLocalStorage context per request (kit http.ts: Node 20's promise hooks cost ~10% of a proxied request):
    // lines carry the id through req.log, and the session check hands it to NATS.
    requestContext: false,
    // Deadlines of the edge's own, so that a slow client holds only its own socket: the headers, the whole
    // request (its body is read here before a service is asked) and a connection silent both ways.
    deadlines: {
      headersMs: config.HEADERS_TIMEOUT_MS,
      requestMs: config.REQUEST_TIMEOUT_MS,
      idleMs: config.IDLE_TIMEOUT_MS,
    },
  });
  // By route pattern (the route table's paths); the SPA's files as one 'static' route, not one series per file.
  if (metrics) addHttpMetrics(app, metrics, { routeOf: (req) => (isStaticFile(req) ? 'static' : undefined) });
  const extraOrigins = config.DEV_PROVIDERS_URL ? [new URL(config.DEV_PROVIDERS_URL).origin] : [];

  // Security headers on every answer, worked out once by helmet (@fastify/helmet built its middleware again, CSP
  // parsing included, for every request, and the middleware sets each header on the raw response: ~5% of a proxied
  // request's CPU).
  const securityHeaders = helmetHeaders({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: [
          "'self'",
          'https://accounts.google.com',
          'https://sdk.mercadopago.com',
          'https://*.mercadopago.com',
        ],
        styleSrc: ["'self'", "'unsafe-inline'", 'https://accounts.google.com'],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        connectSrc: ["'self'", 'https://accounts.google.com', 'https://*.mercadopago.com', ...extraOrigins],
        frameSrc: ['https://accounts.google.com', 'https://*.mercadopago.com', 'https://*.mercadolibre.com'],
        formAction: ["'self'", ...extraOrigins],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    // The Google stand-in's sign-in popup (development) must talk back to this window.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  // One hook for the gateway's own work on every request: the security headers and the API's no-store; the identity
  // headers a caller may not send; an address with a malformed %-escape (400: reply-from threw a 500 on
  // it); the size limit on the declared length (a body without one is measured as it is read, src/routes.ts); then
  // the limits shared by every replica (src/edge-limits.ts): the requests in progress per client address (429 past
  // CONCURRENT_REQUESTS_PER_ADDRESS) and a rate-limited route's rate (429).
  app.addHook('onRequest', async (req, reply) => {
    reply.headers(securityHeaders);
    // API answers carry tokens and personal data: no cache keeps them unless the service says otherwise (a
    // thumbnail, a page's public answers), since reply-from copies the service's headers over this one.
    if (req.url.startsWith('/api/') && !req.url.startsWith('/api/docs'))
      reply.header('cache-control', 'no-store');
    for (const h of SPOOFABLE) if (h in req.headers) delete req.headers[h];
    if (hasBadEscape(req.url))
      return reply.code(400).send(fail(PlatformMessages.invalidAddress, ErrorCode.VALIDATION));
    const length = Number(req.headers['content-length'] ?? 0);
    if (length > config.BODY_LIMIT_BYTES) {
      return reply.code(413).send(fail(PlatformMessages.payloadTooLarge, ErrorCode.PAYLOAD_TOO_LARGE));
    }
    // The live stream is held for as long as the member's tab is open: counted by its own limits
    // (MEMBER_STREAMS_PER_USER, MEMBER_STREAMS_PER_ADDRESS, MEMBER_STREAMS_MAX), not here.
    if (isLiveStream(req)) return;
    // Refused: already answered (429, or 503 for a route that spends money or mail while the limits' store is out).
    if (!(await takeRequestSlots(limits, req, reply))) return reply;
  });
  // Only when other origins are allowed: with none, @fastify/cors adds no header and refuses preflights (404, as
  // without it), and its hook would still cost every request.
  if (config.CORS_ORIGINS.length) await app.register(cors, { origin: config.CORS_ORIGINS });
  return app;
}

/**
 * The connections to one upstream, kept alive between requests for as long as the service says (Fastify's
 * `Keep-Alive: timeout=72`, less undici's 2 s margin). At most UPSTREAM_CONNECTIONS at once: past it requests wait
 * in the gateway instead of opening ever more sockets on a service that is already slow. bench:gateway drives 64
 * connections, so it never waits there; 16, 32 and unbounded measured the same within the machine's noise.
 */
const UPSTREAM_CONNECTIONS = 128;
/**
 * `timeoutMs` (UPSTREAM_TIMEOUT_MS) bounds the wait for a service's answer headers and then each gap in its body: a
 * service that hangs costs its caller a 503, not a connection of the pool for ever.
 */
function upstreamPool(url: string, timeoutMs: number): Pool {
  return new Pool(url, {
    connections: UPSTREAM_CONNECTIONS,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
}

/** GET /api/memberEvents, the member's live stream (src/member-events.ts); any other method is a request like any. */
const isLiveStream = (req: FastifyRequest) =>
  req.method === 'GET' && (req.url === memberEvents.path || req.url.startsWith(`${memberEvents.path}?`));
