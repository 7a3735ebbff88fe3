import path from 'node:path';
import { existsSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import httpProxy from '@fastify/http-proxy';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { Pool } from 'undici';
import { ErrorCode, fail, getClientConfig, getEnv, PlatformMessages, allApiRoutes } from '@app/contracts';
import {
  addHealthRoutes,
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
import { gatewayReadinessChecks, UPSTREAMS } from './health.js';
import { sessionCacheMetrics } from './metrics.js';
import { buildOpenApiDocument } from './openapi.js';
import { connectRateLimitStore } from './rate-limit-store.js';
import { routeTable, upstreamUrl, type RouteEntry } from './route-table.js';

/**
 * A request for one of the SPA's files (scripts, styles, images, the free samples) or the API docs' assets: logged at
 * debug when it succeeds, so that a page view is not a dozen info lines. Pages (no extension) and the API stay at info.
 */
export function isStaticFile(req: FastifyRequest): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const pathname = req.url.split('?')[0] ?? '';
  if (pathname.startsWith('/api/') && !pathname.startsWith('/api/docs/')) return false;
  return path.extname(pathname) !== '';
}

/** Headers a caller may not set: only the gateway speaks for the user to the services. */
const SPOOFABLE = ['x-user-id', 'x-user-role', 'x-gateway-signature'];

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

  await app.register(helmet, {
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
  await app.register(cors, { origin: config.CORS_ORIGINS.length ? config.CORS_ORIGINS : false });
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

  // The proxy streams bodies through, so the size limit is checked here on the declared length.
  app.addHook('onRequest', async (req, reply) => {
    for (const h of SPOOFABLE) delete req.headers[h];
    const length = Number(req.headers['content-length'] ?? 0);
    if (length > config.BODY_LIMIT_BYTES) {
      return reply.code(413).send(fail(PlatformMessages.payloadTooLarge, ErrorCode.PAYLOAD_TOO_LARGE));
    }
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
  }));

  await app.register(swagger, {
    mode: 'static',
    specification: { document: buildOpenApiDocument(allApiRoutes) as never },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // ---- the route table: one exact proxy route per /api path ----
  for (const entry of routeTable)
    await registerProxy(app, config, entry, pools.get(entry.service)!, edgeAuth.checkSession);

  // ---- page routes the gateway answers itself (route-table.ts: pageRoutes) ----
  await registerGoogleFormPost(app, config);

  // ---- the SPA ----
  const webDist = path.resolve(config.WEB_DIST);
  const indexHtml = path.join(webDist, 'index.html');
  if (existsSync(webDist)) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: false, maxAge: '1h' });
    app.get('/', (_req, reply) => sendIndex(reply));
  } else {
    logger.warn({ webDist }, 'web build not found: run `npm run build -w @app/web`');
  }
  function sendIndex(reply: FastifyReply) {
    return reply.header('cache-control', 'no-cache').sendFile('index.html', webDist);
  }
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '';
    const wantsPage = req.method === 'GET' && !url.startsWith('/api') && !path.extname(url);
    if (wantsPage && existsSync(indexHtml)) return sendIndex(reply);
    return reply.code(404).send(fail(PlatformMessages.notFound, ErrorCode.NOT_FOUND));
  });
  return app;
}

/** The connections to one upstream, kept alive between requests. */
function upstreamPool(url: string): Pool {
  return new Pool(url, {});
}

async function registerProxy(
  app: FastifyInstance,
  config: GatewayConfig,
  entry: RouteEntry,
  pool: Pool,
  checkSession: (authorization: string | undefined) => Promise<SessionCheck>,
) {
  const { route } = entry;
  const preHandler = async (req: FastifyRequest, reply: FastifyReply) => {
    req.identity = null;
    if (route.access === 'public') return;
    const session = await checkSession(req.headers.authorization);
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
  await app.register(httpProxy, {
    upstream: upstreamUrl(config, entry.service),
    undici: pool,
    prefix: route.path,
    rewritePrefix: route.path,
    routes: ['/'],
    httpMethods: [route.method],
    // @fastify/http-proxy hands this to fastify.route(), which awaits an async preHandler (its rejection becomes the
    // error reply); the plugin's types only declare the callback form, hence the rule's false alarm.
    // eslint-disable-next-line @typescript-eslint/no-misused-promises
    preHandler,
    // Not two more info lines per proxied request ("fetching from remote server", "response received"): the kit's
    // request line says it, and a failed upstream is logged by onError below.
    disableRequestLogging: true,
    config: entry.rateLimited
      ? { rateLimit: { max: config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: '1 minute' } }
      : {},
    replyOptions: {
      // A service's 503 is its answer (a page still rendering, after its own wait; a dependency down): passed on to
      // the client, which decides when to ask again. reply-from would otherwise repeat a GET up to 10 times.
      retryDelay: ({ req, res, err, attempt, getDefaultDelay }) =>
        res?.statusCode === 503 ? null : getDefaultDelay(req, res, err, attempt),
      rewriteRequestHeaders: (req, headers) => {
        const out: Record<string, string | string[] | undefined> = {
          ...headers,
          [REQUEST_ID_HEADER]: req.id,
        };
        if (req.identity) Object.assign(out, identityHeaders(config.INTERNAL_SECRET, req.identity, req.id));
        return out;
      },
      onError: (reply, { error }) => {
        reply.log.error({ err: error, service: entry.service }, 'upstream failed');
        void reply.code(503).send(fail(PlatformMessages.unavailable, ErrorCode.SERVICE_UNAVAILABLE));
      },
    },
  });
}
