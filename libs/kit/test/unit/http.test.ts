import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { currentContext } from '../../src/context.js';
import { createLogger } from '../../src/logger.js';
import { addHealthRoutes, addRoute, createHttpApp } from '../../src/http.js';
import { identityHeaders } from '../../src/identity.js';
import { AppError, BrokerError, isDatabaseOutage } from '../../src/errors.js';
import { errors as natsErrors } from '@nats-io/nats-core';
import { isBrokerOutage, RpcError } from '../../src/nats/index.js';
import { defineRoute, envelope, ok } from '@app/contracts';

const secret = 's'.repeat(40);
const echo = defineRoute({
  method: 'POST',
  path: '/api/echo',
  owner: 'pages',
  access: 'user',
  summary: 'test',
  body: z.object({ n: z.number({ error: 'n é obrigatório' }).int() }),
  response: envelope(z.object({ n: z.number(), user: z.string() })),
});
const admin = defineRoute({
  method: 'GET',
  path: '/api/adm',
  owner: 'admin-stats',
  access: 'admin',
  summary: 'test',
  response: envelope(z.null()),
});

function app() {
  const a = createHttpApp({ logger: createLogger('t', 'silent'), internalSecret: secret });
  addRoute(a, echo, async ({ body, identity }) => {
    if (body.n === 13) throw AppError.badRequest('Número de azar.');
    if (body.n === 500) throw new Error('database password leaked in message');
    if (body.n === 503) throw new RpcError('billing.v1.debit: timeout', 'TIMEOUT');
    return ok({ n: body.n, user: identity.userId });
  });
  addRoute(a, admin, async () => ok(null));
  return a;
}

const as = (role: 'user' | 'admin', reqId = 'r1') => ({
  'x-request-id': reqId,
  ...identityHeaders(secret, { userId: 'u1', role }, reqId),
});

describe('service HTTP conventions', () => {
  it('runs the handler for a signed identity and validates the body with the contract', async () => {
    const a = app();
    const good = await a.inject({ method: 'POST', url: '/api/echo', headers: as('user'), payload: { n: 2 } });
    expect(good.json()).toEqual({ status: 'SUCCESS', message: '', payload: { n: 2, user: 'u1' } });
    const bad = await a.inject({ method: 'POST', url: '/api/echo', headers: as('user'), payload: {} });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      status: 'ERROR',
      message: 'n é obrigatório',
      payload: null,
      code: 'VALIDATION',
    });
  });

  it('answers 401 without identity and 403 for a member on an admin route', async () => {
    const a = app();
    expect((await a.inject({ method: 'POST', url: '/api/echo', payload: { n: 1 } })).statusCode).toBe(401);
    expect((await a.inject({ method: 'GET', url: '/api/adm', headers: as('user') })).statusCode).toBe(403);
    expect((await a.inject({ method: 'GET', url: '/api/adm', headers: as('admin') })).statusCode).toBe(200);
  });

  it('turns AppError into its status and message and hides 5xx details', async () => {
    const a = app();
    const expected = await a.inject({
      method: 'POST',
      url: '/api/echo',
      headers: as('user'),
      payload: { n: 13 },
    });
    expect([expected.statusCode, expected.json().message]).toEqual([400, 'Número de azar.']);
    const crash = await a.inject({
      method: 'POST',
      url: '/api/echo',
      headers: as('user'),
      payload: { n: 500 },
    });
    expect(crash.statusCode).toBe(500);
    expect(crash.json().message).toBe('Erro interno do servidor. Tente novamente mais tarde.');
    expect(crash.body).not.toContain('password');
  });

  it('answers 503 with the pt-BR unavailable message when a service it asked over NATS did not answer', async () => {
    const res = await app().inject({
      method: 'POST',
      url: '/api/echo',
      headers: as('user'),
      payload: { n: 503 },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: 'ERROR',
      message: 'Serviço temporariamente indisponível. Tente novamente em instantes.',
      payload: null,
      code: 'SERVICE_UNAVAILABLE',
    });
  });

  it('answers invalid JSON and unknown paths in the envelope', async () => {
    const a = app();
    const bad = await a.inject({
      method: 'POST',
      url: '/api/echo',
      headers: { ...as('user'), 'content-type': 'application/json' },
      payload: '{nope',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().status).toBe('ERROR');
    expect((await a.inject({ method: 'GET', url: '/x' })).json().code).toBe('NOT_FOUND');
  });
});

/** An app whose log lines (JSON, every level) are kept in memory, parsed. */
function logged(opts: { isRoutineRequest?: (req: FastifyRequest) => boolean; behindGateway?: boolean } = {}) {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk, _e, cb) {
      for (const l of chunk.toString().split('\n')) if (l) lines.push(JSON.parse(l));
      cb();
    },
  });
  const logger = createLogger('t', 'trace', sink);
  const a = createHttpApp({ logger, internalSecret: secret, ...opts });
  addHealthRoutes(a, { db: async () => true });
  addRoute(a, echo, async ({ body, identity, request }) => {
    request.log.info({ n: body.n }, 'echo asked');
    logger.info('through the service logger');
    if (body.n === 13) throw AppError.badRequest('Número de azar.');
    if (body.n === 500) throw new Error('boom');
    if (body.n === 503) throw new RpcError('billing.v1.debit: timeout', 'TIMEOUT');
    return ok({ n: body.n, user: identity.userId });
  });
  a.get('/assets/app.js', async () => 'x');
  const of = (reqId: string) => lines.filter((l) => l.reqId === reqId);
  const requestLines = () => lines.filter((l) => l.msg === 'request completed');
  return { app: a, lines, of, requestLines };
}

const DEBUG = 20;
const INFO = 30;
const WARN = 40;
const ERROR = 50;

describe('request logging', () => {
  it('writes one info line per request, with method, URL, status, time and request id', async () => {
    const { app: a, lines, requestLines } = logged();
    await a.inject({ method: 'POST', url: '/api/echo', headers: as('user', 'req-1'), payload: { n: 2 } });
    const atInfo = lines.filter((l) => (l.level as number) >= INFO && l.reqId === 'req-1');
    expect(atInfo.map((l) => l.msg)).toEqual([
      'echo asked',
      'through the service logger',
      'request completed',
    ]);
    expect(requestLines()).toEqual([
      expect.objectContaining({
        level: INFO,
        reqId: 'req-1',
        req: { method: 'POST', url: '/api/echo' },
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
    ]);
    expect(lines.some((l) => l.msg === 'incoming request')).toBe(false);
  });

  it('puts the request id on every line of a request, the first included, exactly once', async () => {
    const { app: a, lines, of } = logged();
    await a.inject({ method: 'POST', url: '/api/echo', headers: as('user', 'req-2'), payload: { n: 2 } });
    // Fastify writes its first line (trace) before any hook runs, so before the request context is entered.
    expect(lines[0]).toMatchObject({ msg: 'request received', reqId: 'req-2', level: 10 });
    expect(of('req-2')).toHaveLength(lines.length);
    expect(of('req-2').length).toBeGreaterThanOrEqual(4);
    await a.inject({ method: 'GET', url: '/health', headers: { 'x-request-id': 'req-3' } });
    expect(lines.filter((l) => l.reqId === undefined)).toEqual([]);
    // One key, not a binding and a mixin both writing it.
    const raw = JSON.stringify(lines[0]);
    expect(raw.match(/"reqId"/g)).toHaveLength(1);
  });

  it('logs successful health probes and routine requests at debug, and their failures louder', async () => {
    const routine = (req: FastifyRequest) => req.url.startsWith('/assets/');
    const { app: a, requestLines } = logged({ isRoutineRequest: routine });
    await a.inject({ method: 'GET', url: '/health' });
    await a.inject({ method: 'GET', url: '/ready' });
    await a.inject({ method: 'GET', url: '/assets/app.js' });
    await a.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(requestLines().map((l) => [(l.req as { url: string }).url, l.level])).toEqual([
      ['/health', DEBUG],
      ['/ready', DEBUG],
      ['/assets/app.js', DEBUG],
      ['/assets/missing.js', INFO],
    ]);
    // Without the gateway's predicate a static-looking path is an ordinary request.
    const plain = logged();
    await plain.app.inject({ method: 'GET', url: '/assets/app.js' });
    expect(plain.requestLines().map((l) => l.level)).toEqual([INFO]);
  });

  it('answers 4xx at info, 503 at warn and other 5xx at error', async () => {
    const { app: a, requestLines } = logged();
    const post = (n: number) =>
      a.inject({ method: 'POST', url: '/api/echo', headers: as('user', `n${n}`), payload: { n } });
    await post(13);
    await a.inject({ method: 'POST', url: '/api/echo', payload: { n: 1 } });
    await post(503);
    await post(500);
    expect(requestLines().map((l) => [(l.res as { statusCode: number }).statusCode, l.level])).toEqual([
      [400, INFO],
      [401, INFO],
      [503, WARN],
      [500, ERROR],
    ]);
  });

  it('behind the gateway, writes its request line at debug below 500 (the gateway writes the info one) and 5xx louder', async () => {
    const { app: a, lines, requestLines } = logged({ behindGateway: true });
    const post = (n: number) =>
      a.inject({ method: 'POST', url: '/api/echo', headers: as('user', `b${n}`), payload: { n } });
    await post(2);
    await post(13);
    await a.inject({ method: 'POST', url: '/api/echo', payload: { n: 1 } });
    await a.inject({ method: 'GET', url: '/health' });
    await post(503);
    await post(500);
    expect(requestLines().map((l) => [(l.res as { statusCode: number }).statusCode, l.level])).toEqual([
      [200, DEBUG],
      [400, DEBUG],
      [401, DEBUG],
      [200, DEBUG],
      [503, WARN],
      [500, ERROR],
    ]);
    // Still with the request id the gateway sent, and the handler's own lines keep their level.
    expect(requestLines()[0]).toMatchObject({ reqId: 'b2', req: { method: 'POST', url: '/api/echo' } });
    expect(lines.find((l) => l.msg === 'echo asked')).toMatchObject({ level: INFO, reqId: 'b2' });
  });

  it('writes no request line below the logger level (nothing built for it either)', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _e, cb) {
        lines.push(chunk.toString());
        cb();
      },
    });
    const a = createHttpApp({ logger: createLogger('t', 'info', sink), behindGateway: true });
    a.get('/api/x', async () => ({ ok: true }));
    a.get('/api/fail', async () => {
      throw new Error('boom');
    });
    await a.inject({ method: 'GET', url: '/api/x' });
    await a.inject({ method: 'GET', url: '/api/fail' });
    const requestLines = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request completed');
    expect(requestLines.map((l) => [l.res.statusCode, l.level])).toEqual([[500, ERROR]]);
  });

  it('without a request context (the gateway), still puts the request id on the lines written through req.log', async () => {
    const lines: Array<Record<string, unknown>> = [];
    const sink = new Writable({
      write(chunk, _e, cb) {
        for (const l of chunk.toString().split('\n')) if (l) lines.push(JSON.parse(l));
        cb();
      },
    });
    const a = createHttpApp({ logger: createLogger('t', 'info', sink), requestContext: false });
    let context: unknown = 'not asked';
    a.get('/api/x', async (req) => {
      context = currentContext();
      req.log.info('handled');
      return { ok: true };
    });
    const res = await a.inject({ method: 'GET', url: '/api/x', headers: { 'x-request-id': 'sem-contexto' } });
    expect(res.headers['x-request-id']).toBe('sem-contexto');
    expect(context).toBeUndefined();
    expect(lines.map((l) => [l.msg, l.reqId])).toEqual([
      ['handled', 'sem-contexto'],
      ['request completed', 'sem-contexto'],
    ]);
  });

  it('redacts secret query parameters, link secrets and credentials on the request line', async () => {
    const { app: a, lines, requestLines } = logged();
    await a.inject({
      method: 'GET',
      url: '/api/validateToken?token=q-secret&x=1',
      headers: { authorization: 'Bearer h-secret', cookie: 'sid=c-secret' },
    });
    await a.inject({ method: 'GET', url: '/criar-nova-senha/l-secret' });
    await a.inject({ method: 'GET', url: '/ativar/a-secret?code=k-secret' });
    expect(requestLines().map((l) => (l.req as { url: string }).url)).toEqual([
      '/api/validateToken?token=[REDACTED]&x=1',
      '/criar-nova-senha/[REDACTED]',
      '/ativar/[REDACTED]?code=[REDACTED]',
    ]);
    const out = JSON.stringify(lines);
    for (const s of ['q-secret', 'h-secret', 'c-secret', 'l-secret', 'a-secret', 'k-secret'])
      expect(out).not.toContain(s);
  });
});

describe('isDatabaseOutage (answered 503, not 500)', () => {
  it('recognises a database out of reach, directly or wrapped by TypeORM', () => {
    for (const err of [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
      Object.assign(new Error('the database system is shutting down'), { code: '57P03' }),
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      Object.assign(new Error('x'), { driverError: Object.assign(new Error('y'), { code: '08006' }) }),
      new Error('Connection terminated unexpectedly'),
    ])
      expect(isDatabaseOutage(err), err.message).toBe(true);
  });

  it('leaves the request-shaped and the unknown errors alone', () => {
    for (const err of [
      Object.assign(new Error('duplicate key'), { code: '23505' }),
      Object.assign(new Error('invalid input syntax'), { code: '22P02' }),
      new Error('boom'),
      null,
      'texto',
    ])
      expect(isDatabaseOutage(err)).toBe(false);
  });
});

describe('isBrokerOutage (answered 503, not 500)', () => {
  it("recognises the NATS client's outage errors and ours", () => {
    for (const err of [
      new natsErrors.TimeoutError(),
      new natsErrors.ClosedConnectionError(),
      new natsErrors.NoRespondersError('x'),
      new BrokerError('jobs.pdf.preview: not published'),
      new RpcError('billing.v1.debit: timeout', 'TIMEOUT'),
    ])
      expect(isBrokerOutage(err), err.constructor.name).toBe(true);
  });

  it('leaves other errors alone', () => {
    for (const err of [new Error('boom'), new AppError(400, 'VALIDATION', 'x'), null])
      expect(isBrokerOutage(err)).toBe(false);
  });
});
