import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import replyFrom, { type FastifyReplyFromHooks } from '@fastify/reply-from';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Pool } from 'undici';
import {
  allApiRoutes,
  ErrorCode,
  fail,
  getClientConfig,
  getEnv,
  mercadoPagoWebhook,
  PlatformMessages,
  UPSTREAMS,
} from '@app/contracts';
import {
  addHealthRoutes,
  clientAddressHeaders,
  identityHeaders,
  REQUEST_ID_HEADER,
  TRACEPARENT_HEADER,
  traceparentOf,
} from '@app/kit';
import type { GatewayDeps } from './app.js';
import type { GatewayConfig } from './config.js';
import type { EdgeAuth } from './edge-auth.js';
import type { EdgeLimitsRouteConfig } from './edge-limits.js';
import { registerGoogleFormPost } from './google-form-post.js';
import { gatewayDependencyChecks } from './health.js';
import { registerMemberEvents } from './member-events.js';
import { buildOpenApiDocument } from './openapi.js';
import { routeTable, upstreamUrl, type RouteEntry, type Upstream } from './route-table.js';
import { registerWebApp } from './web-app.js';

/**
 * The gateway's routes: those it answers itself, then one proxied route per entry of the route table
 * (src/route-table.ts: a path's owner, whose `src/routes.ts` has its handler), then the page routes and the SPA.
 */
export async function registerRoutes(app: FastifyInstance, deps: GatewayDeps): Promise<void> {
  const { config, logger, bus, pools, edgeAuth, memberStreams, limits } = deps;
  // ---- routes the gateway answers itself ----
  // Probes (load balancer, Kubernetes): /health while the process runs, /ready while it serves (always, once it
  // listens), reporting NATS and each upstream (health.ts: one down degrades the site, it does not take it away).
  // Outside /api: not in the route table, not proxied, not in the API docs.
  addHealthRoutes(app, {}, gatewayDependencyChecks(config, bus));
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

  // The member's live stream of balance changes (server-sent events, src/member-events.ts).
  registerMemberEvents(app, memberStreams, edgeAuth.checkSession, limits);

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
}

/**
 * A request body read whole if it stays within `limit` bytes; else a 413 error (kit's sendError). A body that stops
 * coming is ended by the server's REQUEST_TIMEOUT_MS, which closes the socket: the read then fails.
 */
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
    // Closed before its end (the client went away, or its deadline passed): nothing more will come.
    stream.once('close', () => reject(new Error('request body cut off')));
  });
}

/**
 * The routes of one upstream, each an exact path of the route table proxied to the same path on the service, in a
 * scope of their own: one reply-from over the upstream's one connection pool, and request bodies read whole here
 * before the service is asked (a slow sender holds only its own socket, never a connection to a service),
 * then passed on unparsed (the service parses and validates them).
 */
async function registerUpstream(
  app: FastifyInstance,
  config: GatewayConfig,
  service: Upstream,
  pool: Pool,
  checkSession: SessionChecker,
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
    scope.addContentTypeParser('*', (_req, payload, done) => {
      // Read whole within REQUEST_TIMEOUT_MS (a declared length was checked at onRequest; a chunked body is measured
      // as it comes, 413 past the limit), then handed on as a stream (a Buffer would be re-encoded by reply-from as
      // JSON).
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
  checkSession: SessionChecker,
) {
  const { route } = entry;
  const preHandler = async (req: FastifyRequest, reply: FastifyReply) => {
    req.identity = null;
    if (route.access === 'public') return;
    const session = await checkSession(req.headers.authorization, req.id, req.span?.context);
    if (!session.ok) {
      return session.reason === 'unavailable'
        ? reply.code(503).send(fail(PlatformMessages.unavailable, ErrorCode.SERVICE_UNAVAILABLE))
        : reply
            .code(401)
            .send(fail(route.unauthorizedMessage ?? PlatformMessages.unauthorized, ErrorCode.UNAUTHORIZED));
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
      // The service's span is a child of this request's (or of the caller's, when no span is recorded here).
      const traceparent = traceparentOf(req.span?.context);
      if (traceparent) headers[TRACEPARENT_HEADER] = traceparent;
      else delete headers[TRACEPARENT_HEADER];
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
    config: { edgeLimits: edgeLimitsOf(entry) },
    // The route's own path on the service, whatever spelling of it the router matched, and the query as sent.
    handler: (req, reply) => {
      const query = req.url.indexOf('?');
      return reply.from(query < 0 ? route.path : route.path + req.url.slice(query), replyOptions);
    },
  });
}

type SessionChecker = EdgeAuth['checkSession'];

/**
 * What the edge's limits need of a proxied route (src/edge-limits.ts): its per-address rate, if any (sign-in, sign-up
 * and recovery: AUTH_RATE_LIMIT_PER_MINUTE; Mercado Pago's notifications: WEBHOOK_RATE_LIMIT_PER_MINUTE, far above
 * what the provider sends), and what it spends (refused while the limits' store is out of reach).
 */
function edgeLimitsOf(entry: RouteEntry): EdgeLimitsRouteConfig {
  const rate: EdgeLimitsRouteConfig['rate'] = entry.rateLimited
    ? { limit: 'AUTH_REQUESTS', route: entry.route.path }
    : entry.route === mercadoPagoWebhook
      ? { limit: 'WEBHOOK_REQUESTS', route: entry.route.path }
      : undefined;
  return { ...(rate ? { rate } : {}), ...(entry.route.spends ? { spends: entry.route.spends } : {}) };
}
