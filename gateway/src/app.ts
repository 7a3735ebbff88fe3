import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import replyFrom, { type FastifyReplyFromHooks } from '@fastify/reply-from';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import helmet, { type HelmetOptions } from 'helmet';
import { Pool } from 'undici';
import {
  ErrorCode,
  fail,
  getClientConfig,
  getEnv,
  PlatformMessages,
  allApiRoutes,
  UPSTREAMS,
} from '@app/contracts';
import {
  addHealthRoutes,
  ClientAddressHeaders,
  clientAddressHeaders,
  addHttpMetrics,
  createHttpApp,
  identityHeaders,
  REQUEST_ID_HEADER,
  type Bus,
  type Logger,
  type Metrics,
} from '@app/kit';
import type { GatewayConfig } from './config.js';
import { startEdgeAuth, type SessionCheck } from './edge-auth.js';
import { registerGoogleFormPost } from './google-form-post.js';
import { gatewayReadinessChecks } from './health.js';
import { sessionCacheMetrics } from './metrics.js';
import { buildOpenApiDocument } from './openapi.js';
import { connectRateLimitStore } from './rate-limit-store.js';
import { routeTable, upstreamUrl, type RouteEntry, type Upstream } from './route-table.js';
import { registerWebApp } from './web-app.js';

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

export async function buildGateway(
  config: GatewayConfig,
  logger: Logger,
  bus: Bus,
  /** Requests counted and timed here; served on METRICS_PORT by gateway/src/metrics.ts, never on this app. */
  metrics?: Metrics,
): Promise<FastifyInstance> {
  const app = createHttpApp({
    logger,
    bodyLimit: config.BODY_LIMIT_BYTES,
    // The client's address (rate limits, logs) from the load balancer's X-Forwarded-For when TRUST_PROXY says so.
    trustProxy: config.TRUST_PROXY,
    customNotFound: true,
    isRoutineRequest: isStaticFile,
    // No AsyncLocalStorage context per request (kit http.ts: Node 20's promise hooks cost ~10% of a proxied request):
    // lines carry the id through req.log, and the session check hands it to NATS.
    requestContext: false,
  });
  // By route pattern (the route table's paths); the SPA's files as one 'static' route, not one series per file.
  if (metrics) addHttpMetrics(app, metrics, { routeOf: (req) => (isStaticFile(req) ? 'static' : undefined) });
  const edgeAuth = startEdgeAuth(config, bus, logger, metrics && sessionCacheMetrics(metrics));
  app.addHook('onClose', async () => edgeAuth.stop());
  // One connection pool per upstream, shared by all of its routes (reply-from leaves an instance it is handed open).
  const pools = new Map(UPSTREAMS.map((name) => [name, upstreamPool(upstreamUrl(config, name))] as const));
  app.addHook('onClose', async () => {
    await Promise.all([...pools.values()].map((pool) => pool.close()));
  });
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
  // headers a caller may
  // not send; and, as the proxy streams bodies through, the size limit on the declared length.
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(securityHeaders);
    // API answers carry tokens and personal data: no cache keeps them unless the service says otherwise (a
    // thumbnail, a page's public answers), since reply-from copies the service's headers over this one.
    if (req.url.startsWith('/api/') && !req.url.startsWith('/api/docs'))
      reply.header('cache-control', 'no-store');
    for (const h of SPOOFABLE) if (h in req.headers) delete req.headers[h];
    const length = Number(req.headers['content-length'] ?? 0);
    if (length > config.BODY_LIMIT_BYTES) {
      return reply.code(413).send(fail(PlatformMessages.payloadTooLarge, ErrorCode.PAYLOAD_TOO_LARGE));
    }
    done();
  });
  // Only when other origins are allowed: with none, @fastify/cors adds no header and refuses preflights (404, as
  // without it), and its hook would still cost every request.
  if (config.CORS_ORIGINS.length) await app.register(cors, { origin: config.CORS_ORIGINS });
  // Counters in Redis when REDIS_URL is set (shared by every replica; requests pass while it is down), else in memory.
  const store = connectRateLimitStore(config, logger);
  if (store) app.addHook('onClose', () => store.close());
  await app.register(rateLimit, {
    global: false,
    ...(store ? { redis: store.redis, nameSpace: store.nameSpace, skipOnError: true } : {}),
    errorResponseBuilder: () => ({
      ...fail(PlatformMessages.rateLimited, ErrorCode.RATE_LIMITED),
      statusCode: 429,
    }),
  });

  // ---- routes the gateway answers itself ----
  // Probes (load balancer, Kubernetes): /health while the process runs, /ready while NATS and every upstream's own
  // /ready answer. Outside /api: not in the route table, not proxied, not in the API docs.
  addHealthRoutes(app, gatewayReadinessChecks(config, bus));
  // Metrics live on METRICS_PORT only: here a plain 404 (not the SPA's page), so a scraper pointed at the public
  // port fails loudly.
  app.get('/metrics', (_req, reply) =>
    reply.code(404).send(fail(PlatformMessages.notFound, ErrorCode.NOT_FOUND)),
  );
  app.get(getEnv.path, async () => ({ backendEnv: config.BACKEND_ENV, dbEnv: config.DB_ENV }));
  app.get(getClientConfig.path, async () => ({
    googleClientId: config.GOOGLE_CLIENT_ID ?? null,
    mercadoPagoPublicKey: config.MP_PUBLIC_KEY ?? null,
    devProvidersUrl: config.DEV_PROVIDERS_URL ?? null,
    company: {
      name: config.COMPANY_NAME,
      cnpj: config.COMPANY_CNPJ ?? null,
      supportEmail: config.SUPPORT_EMAIL,
      supportWhatsapp: config.SUPPORT_WHATSAPP ?? null,
    },
  }));

  await app.register(swagger, {
    mode: 'static',
    specification: { document: buildOpenApiDocument(allApiRoutes) as never },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // ---- the route table: one exact route per /api path, proxied to the service that owns it ----
  for (const service of UPSTREAMS)
    await registerUpstream(app, config, service, pools.get(service)!, edgeAuth.checkSession);

  // ---- page routes the gateway answers itself (route-table.ts: pageRoutes) ----
  await registerGoogleFormPost(app, config);

  // ---- the SPA (web-app.ts): static files, index.html for page routes, 404s, robots.txt and sitemap.xml ----
  await registerWebApp(app, config, logger);
  return app;
}

/** A body of undeclared length, read whole if it stays within `limit` bytes; else a 413 error (kit's sendError). */
export function readWithin(stream: NodeJS.ReadableStream, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      stream.removeListener('data', onData);
      // The rest is read and dropped, so that the 413 reaches the client instead of a reset.
      stream.resume();
      reject(Object.assign(new Error('request body over the limit'), { statusCode: 413 }));
    };
    stream.on('data', onData);
    stream.once('end', () => resolve(Buffer.concat(chunks)));
    stream.once('error', reject);
  });
}

/**
 * The connections to one upstream, kept alive between requests for as long as the service says (Fastify's
 * `Keep-Alive: timeout=72`, less undici's 2 s margin). At most UPSTREAM_CONNECTIONS at once: past it requests wait
 * in the gateway instead of opening ever more sockets on a service that is already slow. bench:gateway drives 64
 * connections, so it never waits there; 16, 32 and unbounded measured the same within the machine's noise.
 */
const UPSTREAM_CONNECTIONS = 128;
function upstreamPool(url: string): Pool {
  return new Pool(url, { connections: UPSTREAM_CONNECTIONS });
}

/**
 * The routes of one upstream, each an exact path of the route table proxied to the same path on the service, in a
 * scope of their own: one reply-from over the upstream's one connection pool, and request bodies streamed through
 * unparsed (the service parses and validates them; the size limit is checked at onRequest).
 */
async function registerUpstream(
  app: FastifyInstance,
  config: GatewayConfig,
  service: Upstream,
  pool: Pool,
  checkSession: (authorization: string | undefined, requestId: string) => Promise<SessionCheck>,
) {
  await app.register(async (scope) => {
    // Not two more info lines per proxied request ("fetching from remote server", "response received"): the kit's
    // request line says it, and a failed upstream is logged by onError below.
    await scope.register(replyFrom, {
      base: upstreamUrl(config, service),
      undici: pool,
      disableRequestLogging: true,
    });
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (req, payload, done) => {
      // A declared length was checked at onRequest: the body streams through.
      if (req.headers['content-length'] !== undefined) return done(null, payload);
      // A chunked body declares none: read here, refused with 413 past the limit, then handed on as a stream (a
      // Buffer would be re-encoded by reply-from as JSON).
      readWithin(payload, config.BODY_LIMIT_BYTES).then((body) => done(null, Readable.from([body])), done);
    });
    for (const entry of routeTable.filter((e) => e.service === service))
      registerProxyRoute(scope, config, entry, checkSession);
  });
}

function registerProxyRoute(
  scope: FastifyInstance,
  config: GatewayConfig,
  entry: RouteEntry,
  checkSession: (authorization: string | undefined, requestId: string) => Promise<SessionCheck>,
) {
  const { route } = entry;
  const preHandler = async (req: FastifyRequest, reply: FastifyReply) => {
    req.identity = null;
    if (route.access === 'public') return;
    const session = await checkSession(req.headers.authorization, req.id);
    if (!session.ok) {
      return session.reason === 'unavailable'
        ? reply.code(503).send(fail(PlatformMessages.unavailable, ErrorCode.SERVICE_UNAVAILABLE))
        : reply.code(401).send(fail(PlatformMessages.unauthorized, ErrorCode.UNAUTHORIZED));
    }
    if (route.access === 'admin' && session.identity.role !== 'admin') {
      return reply.code(403).send(fail(PlatformMessages.forbidden, ErrorCode.FORBIDDEN));
    }
    req.identity = session.identity;
  };
  const replyOptions: FastifyReplyFromHooks = {
    // A service's 503 is its answer (a page still rendering, after its own wait; a dependency down): passed on to
    // the client, which decides when to ask again. reply-from would otherwise repeat a GET up to 10 times.
    retryDelay: ({ req, res, err, attempt, getDefaultDelay }) =>
      res?.statusCode === 503 ? null : getDefaultDelay(req, res, err, attempt),
    // `headers` is reply-from's own copy of the request's: completed in place.
    rewriteRequestHeaders: (req, headers: Record<string, string | string[] | undefined>) => {
      headers[REQUEST_ID_HEADER] = req.id;
      if (req.identity) Object.assign(headers, identityHeaders(config.INTERNAL_SECRET, req.identity, req.id));
      Object.assign(headers, clientAddressHeaders(config.INTERNAL_SECRET, req.ip, req.id));
      return headers;
    },
    onError: (reply, { error }) => {
      reply.log.error({ err: error, service: entry.service }, 'upstream failed');
      void reply.code(503).send(fail(PlatformMessages.unavailable, ErrorCode.SERVICE_UNAVAILABLE));
    },
  };
  scope.route({
    method: route.method,
    url: route.path,
    preHandler,
    config: entry.rateLimited
      ? { rateLimit: { max: config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } }
      : {},
    // The route's own path on the service, whatever spelling of it the router matched, and the query as sent.
    handler: (req, reply) => {
      const query = req.url.indexOf('?');
      return reply.from(query < 0 ? route.path : route.path + req.url.slice(query), replyOptions);
    },
  });
}
