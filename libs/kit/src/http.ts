import type { Duplex } from 'node:stream';
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyError,
} from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { envelope, ErrorCode, fail, PlatformMessages, type ApiRoute, type Envelope } from '@app/contracts';
import { z } from 'zod';
import { requestIdFrom, REQUEST_ID_HEADER, runWithContext } from './context.js';
import { AppError, isDatabaseOutage } from './errors.js';
import { addDrain, drainServerOptions, type DrainConfig } from './http-drain.js';
import { verifyClientAddress, verifyIdentity, type Identity } from './identity.js';
import { requestChildLogger, type Logger } from './logger.js';
import { isBrokerOutage } from './nats/outage.js';
import { parentFrom, SpanKind, TRACEPARENT_HEADER, Tracing, type KitSpan } from './tracing.js';

export type App = FastifyInstance;

export interface HttpOptions {
  logger: Logger;
  /** Secret that signs the gateway's identity headers (services only). */
  internalSecret?: string;
  bodyLimit?: number;
  /** Fastify's `trustProxy`: false, true, or the proxies' addresses/CIDRs (the gateway's TRUST_PROXY). */
  trustProxy?: boolean | string | string[];
  /** The gateway answers unknown paths itself (SPA fallback); services use the 404 envelope. */
  customNotFound?: boolean;
  /**
   * Requests that are routine when they succeed (the gateway's static files): their line is logged at debug.
   * Health probes (/health, /ready, /metrics) always are.
   */
  isRoutineRequest?: (req: FastifyRequest) => boolean;
  /**
   * A service reached through the gateway: the gateway's line (at info, with the same request id) is the request's
   * line, so this process writes its own below 500 at debug. 5xx stay at warn and error here too.
   */
  behindGateway?: boolean;
  /**
   * Run each request inside its request context (default), so every line and NATS message written for it carries its
   * id. Off for the gateway: on Node 20 an AsyncLocalStorage context turns on promise hooks for the whole process,
   * ~10% of the gateway's CPU per proxied request; its lines carry the id through `req.log` and it hands the id to
   * NATS itself (`bus.request(..., { requestId })`).
   */
  requestContext?: boolean;
  /**
   * Where each request's span goes (tracing.ts), under the caller's `traceparent`; health probes and routine requests
   * have none. Absent: no span, and an incoming traceparent is carried on as it came.
   */
  tracing?: Tracing;
  /** The keep-alive announced and the drain of a stopping process (http-drain.ts); absent: Fastify's defaults. */
  drain?: DrainConfig;
  /**
   * The HTTP server's deadlines (the gateway's), in ms: the request line and headers (`headersMs`), the
   * whole request with its body (`requestMs`: past it, 408 and the socket closed), and a connection silent both ways
   * (`idleMs`, Fastify's connectionTimeout; a long-lived answer such as a live stream turns it off for its socket).
   * Unset: Node's and Fastify's defaults (no request or idle deadline), as for services, reached only through it.
   */
  deadlines?: { headersMs: number; requestMs: number; idleMs: number };
}

export type RequestLogLevel = 'debug' | 'info' | 'warn' | 'error';

export interface RequestLogOptions {
  isRoutine?: (req: FastifyRequest) => boolean;
  behindGateway?: boolean;
}
const HEALTH_ROUTES = new Set(['/health', '/ready', '/metrics']);

/**
 * The level of a request's line: successful health probes and routine requests at debug, other successes and 4xx
 * (the caller's mistake, answered as designed) at info, 503 (temporary: a page still rendering, a dependency down;
 * the client asks again) at warn, other 5xx at error. Behind the gateway, everything below 500 at debug: one line
 * per request at info, the gateway's.
 */
export function requestLogLevel(
  req: FastifyRequest,
  statusCode: number,
  opts: RequestLogOptions = {},
): RequestLogLevel {
  if (statusCode === 503) return 'warn';
  if (statusCode >= 500) return 'error';
  if (opts.behindGateway) return 'debug';
  if (statusCode >= 400) return 'info';
  if (HEALTH_ROUTES.has(req.routeOptions.url ?? '') || opts.isRoutine?.(req)) return 'debug';
  return 'info';
}

/**
 * One line per request, written when the response has been sent: method, redacted URL, status, response time and
 * (as a binding of `req.log`) the request id. It replaces Fastify's two ("incoming request", "request completed");
 * the arrival is kept at trace.
 */
class OneLineRequestLog extends LogController {
  constructor(private readonly opts: RequestLogOptions) {
    super();
  }

  override incomingRequest(request: FastifyRequest): void {
    request.log.trace({ req: request }, 'request received');
  }

  override requestCompleted(
    err: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const level = err ? 'error' : requestLogLevel(request, reply.statusCode, this.opts);
    if (!(reply.log as Logger).isLevelEnabled(level)) return;
    reply.log[level](
      {
        req: request,
        res: { statusCode: reply.statusCode },
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
        ...(err ? { err } : {}),
      },
      'request completed',
    );
  }
}

/**
 * A request's span, named by its route's pattern (never the URL: it may hold a code or a token), under the caller's
 * traceparent; a health probe or a routine request (a static file) passes the caller's trace on without a span.
 */
function requestSpan(req: FastifyRequest, opts: HttpOptions): KitSpan {
  const parent = parentFrom(req.headers[TRACEPARENT_HEADER]);
  const route = req.routeOptions.url;
  const quiet = HEALTH_ROUTES.has(route ?? '') || opts.isRoutineRequest?.(req);
  const tracing = (!quiet && opts.tracing) || Tracing.off;
  return tracing.start(`${req.method} ${route ?? 'unmatched'}`, SpanKind.SERVER, parent, {
    'http.request.method': req.method,
    ...(route ? { 'http.route': route } : {}),
  });
}

/**
 * A Fastify instance with the platform's conventions: zod schemas on every route, the response envelope on
 * every error (5xx details hidden), the request id taken from `x-request-id` and bound to logs and NATS calls.
 */
export function createHttpApp(opts: HttpOptions): FastifyInstance {
  const app = Fastify({
    loggerInstance: opts.logger as FastifyBaseLogger,
    genReqId: (req) => requestIdFrom(req.headers[REQUEST_ID_HEADER]),
    // req.log carries the request id as a binding, so even the lines written before the onRequest hook below (which
    // enters the request context the logger's mixin reads for every other logger) have it.
    childLoggerFactory: (logger, bindings, options) =>
      requestChildLogger(logger as Logger, bindings, options) as FastifyBaseLogger,
    logController: new OneLineRequestLog({
      isRoutine: opts.isRoutineRequest,
      behindGateway: opts.behindGateway,
    }),
    bodyLimit: opts.bodyLimit ?? 64 * 1024,
    trustProxy: opts.trustProxy ?? false,
    ...(opts.deadlines ? serverDeadlines(opts.deadlines) : {}),
    ...drainServerOptions(opts.drain),
  });
  addDrain(app, opts.drain);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('span', null);
  app.addHook('onRequest', (req, reply, done) => {
    reply.header(REQUEST_ID_HEADER, req.id);
    req.span = requestSpan(req, opts);
    if (opts.requestContext === false) done();
    else runWithContext({ requestId: req.id, trace: req.span.context }, done);
  });
  app.addHook('onResponse', (req, reply, done) => {
    const status = reply.statusCode;
    req.span?.end({
      attributes: { 'http.response.status_code': status },
      ...(status >= 500 ? { error: new Error(`HTTP ${status}`) } : {}),
    });
    done();
  });
  // A caller gone before its answer: the span ends there (onResponse does not come).
  app.addHook('onRequestAbort', (req, done) => {
    req.span?.end({ attributes: { 'http.request.aborted': true } });
    done();
  });
  app.setErrorHandler((err: FastifyError, req, reply) => sendError(err, req, reply));
  if (!opts.customNotFound) {
    app.setNotFoundHandler((_req, reply) =>
      reply.code(404).send(fail(PlatformMessages.notFound, ErrorCode.NOT_FOUND)),
    );
  }
  if (opts.internalSecret) {
    const secret = opts.internalSecret;
    app.decorateRequest('identity', null);
    app.decorateRequest('clientAddress', null);
    app.addHook('onRequest', (req, _reply, done) => {
      req.identity = verifyIdentity(secret, req.headers, req.id);
      req.clientAddress = verifyClientAddress(secret, req.headers, req.id);
      done();
    });
  }
  return app;
}

/**
 * Fastify's and Node's options for the deadlines of HttpOptions: Node checks the headers and request deadlines of its
 * open connections every `connectionsCheckingInterval` (30 s by default, so a 10 s deadline would be up to 40 s):
 * here a tenth of the shorter deadline, at least every 1 s.
 */
function serverDeadlines(d: NonNullable<HttpOptions['deadlines']>) {
  const headersMs = Math.min(d.headersMs, d.requestMs);
  return {
    requestTimeout: d.requestMs,
    connectionTimeout: d.idleMs,
    clientErrorHandler: answerClientError,
    http: {
      headersTimeout: headersMs,
      connectionsCheckingInterval: Math.max(100, Math.min(1000, Math.floor(headersMs / 10))),
    },
  };
}

/**
 * A request Node refused before Fastify saw it whole (its deadline passed, its headers too large, a malformed request
 * line): the error envelope with a pt-BR message, then the socket is closed (as Fastify's own handler does).
 */
function answerClientError(err: Error & { code?: string }, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, message] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', PlatformMessages.requestTimeout]
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', PlatformMessages.payloadTooLarge]
        : [400, 'Bad Request', PlatformMessages.invalidRequest];
  const body = JSON.stringify(
    fail(message, status === 431 ? ErrorCode.PAYLOAD_TOO_LARGE : ErrorCode.VALIDATION),
  );
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  socket.destroy();
}

declare module 'fastify' {
  interface FastifyRequest {
    identity: Identity | null;
    /** The caller's address as the gateway saw it (signed); null when the request did not come through it. */
    clientAddress: string | null;
    /** The request's span (tracing.ts): its context goes on to the services and in NATS headers. */
    span: KitSpan | null;
  }
}

export function sendError(err: FastifyError | Error, req: FastifyRequest, reply: FastifyReply) {
  if (err instanceof AppError) return reply.code(err.statusCode).send(fail(err.message, err.code));
  if (hasZodFastifySchemaValidationErrors(err)) {
    const first = err.validation[0];
    return reply
      .code(400)
      .send(fail(first?.message ?? PlatformMessages.invalidRequest, ErrorCode.VALIDATION));
  }
  // Another service did not answer over NATS (down, timed out), the broker took no message, or the database is out
  // of reach: temporary, and said so — not a masked 500.
  if (isBrokerOutage(err) || isDatabaseOutage(err)) {
    req.log.error({ err }, 'a service or server this request needs did not answer');
    return reply.code(503).send(fail(PlatformMessages.unavailable, ErrorCode.SERVICE_UNAVAILABLE));
  }
  const status = (err as FastifyError).statusCode ?? 500;
  if (status === 413)
    return reply.code(413).send(fail(PlatformMessages.payloadTooLarge, ErrorCode.PAYLOAD_TOO_LARGE));
  if (status === 429) return reply.code(429).send(fail(PlatformMessages.rateLimited, ErrorCode.RATE_LIMITED));
  if (status >= 400 && status < 500) {
    const message =
      (err as FastifyError).code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError
        ? PlatformMessages.invalidJson
        : PlatformMessages.invalidRequest;
    return reply.code(status).send(fail(message, ErrorCode.VALIDATION));
  }
  req.log.error({ err }, 'request failed');
  return reply.code(status >= 500 ? status : 500).send(fail(PlatformMessages.internal, ErrorCode.INTERNAL));
}

const ErrorEnvelope = envelope(z.unknown());

type Infer<T> = T extends z.ZodType ? z.infer<T> : undefined;
type ResponseOf<R extends ApiRoute> = R['response'] extends z.ZodType ? z.input<R['response']> : unknown;

export interface RouteInput<R extends ApiRoute> {
  body: Infer<R['body']>;
  query: Infer<R['query']>;
  /** Present (and admin when required) for non-public routes: the service re-checks what the edge checked. */
  identity: R['access'] extends 'public' ? Identity | null : Identity;
  request: FastifyRequest;
  reply: FastifyReply;
}

/**
 * Registers one route of @app/contracts with its schemas and its access rule.
 * The handler returns the envelope (JSON routes) or sends the reply itself (binary routes).
 */
export function addRoute<R extends ApiRoute>(
  app: FastifyInstance,
  def: R,
  handler: (input: RouteInput<R>) => Promise<ResponseOf<R> | Envelope<unknown> | FastifyReply>,
): void {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: def.method,
    url: def.path,
    schema: {
      ...(def.body ? { body: def.body } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.response
        ? { response: { 200: def.response, '4xx': ErrorEnvelope, '5xx': ErrorEnvelope } }
        : {}),
    },
    preValidation: async (req) => {
      if (def.access === 'public') return;
      if (!req.identity)
        throw AppError.unauthorized(def.unauthorizedMessage ?? PlatformMessages.unauthorized);
      if (def.access === 'admin' && req.identity.role !== 'admin')
        throw AppError.forbidden(PlatformMessages.forbidden);
    },
    handler: async (request, reply) => {
      const result = await handler({
        body: request.body as Infer<R['body']>,
        query: request.query as Infer<R['query']>,
        identity: request.identity as RouteInput<R>['identity'],
        request,
        reply,
      });
      return result;
    },
  });
}

/** Runs checks at once (a slow one does not add up to the others' time); one that throws counts as failed. */
async function runChecks(checks: Record<string, () => Promise<boolean>>) {
  const entries = Object.entries(checks);
  const outcomes = await Promise.all(entries.map(([, check]) => check().catch(() => false)));
  const results: Record<string, boolean> = {};
  entries.forEach(([name], i) => (results[name] = outcomes[i] === true));
  return { results, failed: entries.map(([name]) => name).filter((name) => !results[name]) };
}

/**
 * Liveness and readiness. `/health` answers while the process runs; `/ready` answers 503 until every check passes,
 * naming the ones that failed. `dependencies` are reported and never make the process unready: what it can work
 * without, answering for the part that needs one that is down (the gateway's upstreams), listed as `degraded`.
 */
export function addHealthRoutes(
  app: FastifyInstance,
  checks: Record<string, () => Promise<boolean>>,
  dependencies: Record<string, () => Promise<boolean>> = {},
): void {
  app.get('/health', async () => ({ status: 'ok' }));
  app.get('/ready', async (_req, reply) => {
    const [own, deps] = await Promise.all([runChecks(checks), runChecks(dependencies)]);
    const ready = own.failed.length === 0;
    return reply.code(ready ? 200 : 503).send({
      status: ready ? 'ready' : 'not-ready',
      checks: own.results,
      ...(ready ? {} : { failed: own.failed }),
      ...(Object.keys(dependencies).length ? { dependencies: deps.results } : {}),
      ...(deps.failed.length ? { degraded: deps.failed } : {}),
    });
  });
}
