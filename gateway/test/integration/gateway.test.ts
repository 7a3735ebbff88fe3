import http from 'node:http';
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { deleteStreams } from '@app/testing';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SignJWT } from 'jose';
import type { FastifyInstance } from 'fastify';
import { Msg, Rpc, UPSTREAMS, type ApiRoute } from '@app/contracts';
import { PlatformMessages } from '@app/contracts/platform-messages';
import { Bus, createLogger, currentContext, IdentityHeaders, verifyIdentity } from '@app/kit';
import { fromRoot } from '@app/stack';
import { buildGateway } from './build-gateway.js';
import { service } from '../../src/service.js';
import { routeTable, type Upstream } from '../../src/route-table.js';

/** Every variable the gateway reads: the base ones and its own. */
const gatewayEnv = service.configSchema;

/** Upstreams that answer with their own name and what they received, to see where the gateway sent a request. */
async function echoUpstream(name: Upstream) {
  const seen: Array<{
    url: string;
    headers: http.IncomingHttpHeaders;
    port: number | undefined;
    bodyBytes: number;
  }> = [];
  const server = http.createServer((req, res) => {
    // The gateway's side of the connection: requests on one kept-alive connection share it.
    const request = { url: req.url ?? '', headers: req.headers, port: req.socket.remotePort, bodyBytes: 0 };
    seen.push(request);
    req.on('data', (chunk: Buffer) => (request.bodyBytes += chunk.length));
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      // `?cache=public` plays a service that chooses its own caching (a page's thumbnail).
      if (req.url?.includes('cache=public')) res.setHeader('cache-control', 'public, max-age=3600');
      // `?answer=503` plays a service saying "not yet" (a page still rendering).
      if (req.url?.includes('answer=503')) {
        res.statusCode = 503;
        return res.end(JSON.stringify({ status: 'ERROR', message: 'ainda não', payload: null }));
      }
      res.end(JSON.stringify({ status: 'SUCCESS', message: name, payload: { service: name, url: req.url } }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { name, seen, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const JWT_SECRET = 'j'.repeat(40);
const INTERNAL_SECRET = 'i'.repeat(40);
const sign = (sub: string, exp = '1h') =>
  new SignJWT({ tv: 1 })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(sub)
    .setIssuedAt()
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode(JWT_SECRET));

const sample = (r: ApiRoute) => {
  const url = new URL(r.path, 'http://x');
  if (r.path === '/api/validateToken' || r.path === '/api/validateTokenAdmin')
    url.searchParams.set('token', 'abc');
  if (r.path === '/api/thumb' || (r.path === '/api/page' && r.method === 'GET'))
    url.searchParams.set('code', 'abc');
  return url.pathname + url.search;
};

describe('gateway (in-process, real NATS, echo upstreams)', () => {
  const { natsUrl, natsAuth } = inject('stack');
  const prefix = `gw${randomUUID().slice(0, 8)}`;
  const logLines: string[] = [];
  let app: FastifyInstance;
  let authBus: Bus;
  let gatewayBus: Bus;
  let config: ReturnType<typeof gatewayEnv.parse>;
  /** The request id each session check reached auth with, by user. */
  const sessionCheckIds = new Map<string, string | undefined>();
  const upstreams = new Map<Upstream, Awaited<ReturnType<typeof echoUpstream>>>();

  beforeAll(async () => {
    for (const name of UPSTREAMS) upstreams.set(name, await echoUpstream(name));
    const sink = new Writable({
      write(chunk, _e, cb) {
        logLines.push(chunk.toString());
        cb();
      },
    });
    const logger = createLogger('gateway', 'debug', sink);
    // A stand-in for auth's session check, served over the real NATS server: user "u-admin" is an admin.
    authBus = await Bus.connect({
      url: natsUrl,
      ...natsAuth,
      name: 'auth',
      prefix,
      logger: createLogger('auth', 'silent'),
    });
    authBus.serve(Rpc.authVerifySession, async ({ token }) => {
      const sub = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()).sub as string;
      sessionCheckIds.set(sub, currentContext()?.requestId);
      if (sub === 'revoked') return { valid: false as const };
      return {
        valid: true as const,
        userId: sub,
        role: sub === 'u-admin' ? ('admin' as const) : ('user' as const),
        tokenVersion: 1,
      };
    });
    gatewayBus = await Bus.connect({ url: natsUrl, ...natsAuth, name: 'gateway', prefix, logger });
    config = gatewayEnv.parse({
      NATS_URL: natsUrl,
      NATS_PREFIX: prefix,
      INTERNAL_SECRET,
      JWT_SECRET,
      AUTH_URL: upstreams.get('auth')!.url,
      BILLING_URL: upstreams.get('billing')!.url,
      PAGES_URL: upstreams.get('pages')!.url,
      MAIL_URL: upstreams.get('mail')!.url,
      ADMIN_STATS_URL: upstreams.get('admin-stats')!.url,
      CLASSROOM_URL: upstreams.get('classroom')!.url,
      WEB_DIST: '/nonexistent',
      BACKEND_ENV: 'homolog',
      DB_ENV: 'homolog-db',
      AUTH_RATE_LIMIT_PER_MINUTE: '3',
    });
    app = await buildGateway(config, logger, gatewayBus);
    await app.ready();
  });

  afterAll(async () => {
    await app?.close();
    await gatewayBus?.drain();
    await authBus?.drain();
    for (const u of upstreams.values()) u.server.close();
    // The gateway's limits' streams (LIMITS_*) under this file's prefix.
    await deleteStreams(natsUrl, prefix, natsAuth);
  });

  it('answers /api/env itself', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/env' });
    expect(res.json()).toEqual({ backendEnv: 'homolog', dbEnv: 'homolog-db' });
  });

  it('sends every route of the table to its owner, with a signed identity for protected routes', async () => {
    const adminToken = await sign('u-admin');
    for (const { route, service } of routeTable) {
      const res = await app.inject({
        method: route.method,
        url: sample(route),
        headers: {
          authorization: `Bearer ${adminToken}`,
          'content-type': 'application/json',
          'x-forwarded-for': randomUUID(),
        },
        payload: route.method === 'POST' ? '{}' : undefined,
      });
      expect([route.path, res.statusCode, res.json().payload?.service]).toEqual([route.path, 200, service]);
      const received = upstreams.get(service)!.seen.at(-1)!;
      if (route.access !== 'public') {
        const id = verifyIdentity(
          INTERNAL_SECRET,
          received.headers,
          String(received.headers['x-request-id']),
        );
        expect(id).toEqual({ userId: 'u-admin', role: 'admin' });
      } else {
        expect(received.headers[IdentityHeaders.userId]).toBeUndefined();
      }
    }
  });

  it('refuses protected routes without a valid token with 401 in the envelope', async () => {
    const expired = await sign('u1', '-1m');
    const wrongKey = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u1')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('x'.repeat(40)));
    const noExp = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('u1')
      .sign(new TextEncoder().encode(JWT_SECRET));
    const algNone = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from('{"sub":"u1","exp":9999999999}').toString('base64url')}.`;
    const revoked = await sign('revoked');
    const protectedRoutes = routeTable.filter((e) => e.route.access !== 'public');
    expect(protectedRoutes.length).toBeGreaterThan(10);
    for (const { route } of protectedRoutes) {
      for (const auth of [
        undefined,
        'Bearer',
        `Bearer ${expired}`,
        `Bearer ${wrongKey}`,
        `Bearer ${noExp}`,
        `Bearer ${algNone}`,
        `Bearer ${revoked}`,
      ]) {
        const res = await app.inject({
          method: route.method,
          url: sample(route),
          headers: auth ? { authorization: auth } : {},
        });
        expect([route.path, auth?.slice(0, 12), res.statusCode]).toEqual([
          route.path,
          auth?.slice(0, 12),
          401,
        ]);
        expect(res.json()).toMatchObject({ status: 'ERROR', payload: null, code: 'UNAUTHORIZED' });
      }
    }
  });

  it('refuses admin routes to a member with 403', async () => {
    const member = await sign('u-member');
    for (const { route } of routeTable.filter((e) => e.route.access === 'admin')) {
      const res = await app.inject({
        method: route.method,
        url: route.path,
        headers: { authorization: `Bearer ${member}` },
      });
      expect([route.path, res.statusCode, res.json().code]).toEqual([route.path, 403, 'FORBIDDEN']);
    }
  });

  it('ignores identity headers sent by a caller', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/validateToken?token=abc',
      headers: { 'x-user-id': 'intruder', 'x-user-role': 'admin', 'x-gateway-signature': 'forged' },
    });
    expect(res.statusCode).toBe(200);
    const received = upstreams.get('auth')!.seen.at(-1)!;
    expect(received.headers['x-user-id']).toBeUndefined();
    expect(received.headers['x-gateway-signature']).toBeUndefined();
  });

  it('reaches an upstream through one pool of kept-alive connections, shared by all of its routes', async () => {
    const auth = upstreams.get('auth')!;
    const before = auth.seen.length;
    const urls = ['/api/validateToken?token=abc', '/api/validateTokenAdmin?token=abc', '/api/login'];
    for (let round = 0; round < 3; round++)
      for (const url of urls) {
        const res = await app.inject({
          method: url === '/api/login' ? 'POST' : 'GET',
          url,
          ...(url === '/api/login' ? { payload: {}, remoteAddress: `10.8.0.${round}` } : {}),
        });
        expect([url, res.statusCode]).toEqual([url, 200]);
      }
    const received = auth.seen.slice(before);
    expect(received.map((r) => r.url.split('?')[0])).toEqual(
      Array(3).fill(['/api/validateToken', '/api/validateTokenAdmin', '/api/login']).flat(),
    );
    // One pool for the upstream: its connections carry every route (one agent per route would keep each route on
    // connections of its own, three routes on at least three).
    const routesBy = new Map<number | undefined, Set<string>>();
    for (const r of received)
      routesBy.set(r.port, (routesBy.get(r.port) ?? new Set()).add(r.url.split('?')[0]!));
    expect(routesBy.size).toBeLessThan(urls.length);
    // Which free connection undici hands the next request to is its own affair (a connection may be marked free a
    // tick after its answer was read): a connection that carried two routes is what one agent per route never does.
    expect([...routesBy.values()].some((routes) => routes.size > 1)).toBe(true);
  });

  it("passes a service's 503 through once: it is an answer, not a failure to retry", async () => {
    const auth = upstreams.get('auth')!;
    const before = auth.seen.length;
    const res = await app.inject({ method: 'GET', url: '/api/validateToken?token=abc&answer=503' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'ERROR', message: 'ainda não' });
    expect(auth.seen.length - before).toBe(1);
  });

  it("hands the request's id to auth's session check", async () => {
    const user = `u-${randomUUID()}`;
    const res = await app.inject({
      method: 'GET',
      url: '/api/getMyPages',
      headers: { authorization: `Bearer ${await sign(user)}`, 'x-request-id': `pedido-${user}` },
    });
    expect(res.statusCode).toBe(200);
    expect(sessionCheckIds.get(user)).toBe(`pedido-${user}`);
    expect(upstreams.get('pages')!.seen.at(-1)!.headers['x-request-id']).toBe(`pedido-${user}`);
  });

  it('answers CORS only for the origins of CORS_ORIGINS (none by default: no header, preflight refused)', async () => {
    const origin = 'https://escola.example';
    const preflight = {
      method: 'OPTIONS' as const,
      url: '/api/getBalance',
      headers: { origin, 'access-control-request-method': 'GET' },
    };
    const plain = await app.inject({ method: 'GET', url: '/api/env', headers: { origin } });
    expect(plain.headers['access-control-allow-origin']).toBeUndefined();
    expect((await app.inject(preflight)).statusCode).toBe(404);

    const open = await buildGateway(
      { ...config, CORS_ORIGINS: [origin] },
      createLogger('gateway', 'silent'),
      gatewayBus,
    );
    try {
      const allowed = await open.inject({ method: 'GET', url: '/api/env', headers: { origin } });
      expect(allowed.headers['access-control-allow-origin']).toBe(origin);
      const other = await open.inject({
        method: 'GET',
        url: '/api/env',
        headers: { origin: 'https://outro.example' },
      });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
      const answered = await open.inject(preflight);
      expect(answered.statusCode).toBe(204);
      expect(answered.headers['access-control-allow-origin']).toBe(origin);
    } finally {
      await open.close();
    }
  });

  it('answers an unknown /api path with 404 in the envelope', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/nao-existe' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      status: 'ERROR',
      message: 'Rota não encontrada.',
      payload: null,
      code: 'NOT_FOUND',
    });
  });

  it('hides upstream failures behind a 503 envelope', async () => {
    upstreams.get('billing')!.server.close();
    upstreams.get('billing')!.server.closeAllConnections();
    const res = await app.inject({
      method: 'GET',
      url: '/api/getBalance',
      headers: { authorization: `Bearer ${await sign('u1')}` },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ status: 'ERROR', payload: null, code: 'SERVICE_UNAVAILABLE' });
    expect(JSON.stringify(res.json())).not.toMatch(/ECONNREFUSED|127\.0\.0\.1/);
  });

  it('rate-limits sign-in per IP with a pt-BR message', async () => {
    const statuses: number[] = [];
    let last: Record<string, unknown> = {};
    for (let i = 0; i < 5; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: '10.9.9.9',
        payload: {},
      });
      statuses.push(res.statusCode);
      last = res.json();
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(last).toMatchObject({
      status: 'ERROR',
      code: 'RATE_LIMITED',
      message: 'Muitas tentativas. Aguarde um pouco e tente novamente.',
    });
  });

  it('refuses a body over the limit with 413', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/createUser',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ fullname: 'x'.repeat(70 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses a chunked body over the limit with 413 in the envelope, over a real connection', async () => {
    // No Content-Length: the size is known only while reading (it used to reach the service: 503 or a reset).
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(`${address}/api/createUser`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      });
      req.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      req.on('error', reject);
      const chunk = Buffer.alloc(64 * 1024, 'x');
      let sent = 0;
      const pump = () => {
        while (sent < 5 * 1024 * 1024) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        req.end();
      };
      req.write('{"fullname":"');
      pump();
    });
    expect(status).toBe(413);
    expect(JSON.parse(body)).toEqual({
      status: 'ERROR',
      message: 'Requisição grande demais.',
      payload: null,
      code: 'PAYLOAD_TOO_LARGE',
    });
  });

  it('passes a chunked body within the limit on to the service whole', async () => {
    const auth = upstreams.get('auth')!;
    const payload = JSON.stringify({ fullname: 'Ana Chunked', pad: 'y'.repeat(20_000) });
    const res = await app.inject({
      method: 'POST',
      url: '/api/createUser',
      headers: { 'content-type': 'application/json' },
      // A stream: light-my-request sends no Content-Length, as a chunked upload.
      payload: Readable.from([Buffer.from(payload.slice(0, 9000)), Buffer.from(payload.slice(9000))]),
    });
    expect(res.statusCode).toBe(200);
    expect(auth.seen.at(-1)).toMatchObject({ url: '/api/createUser', bodyBytes: Buffer.byteLength(payload) });
  });

  it('marks every API answer no-store (tokens, personal data), proxied or its own, but lets a service choose', async () => {
    const token = `Bearer ${await sign('u1')}`;
    for (const [url, method, headers] of [
      ['/api/login', 'POST', {}],
      ['/api/getUser', 'GET', { authorization: token }],
      ['/api/getBalance', 'GET', { authorization: token }],
      ['/api/env', 'GET', {}],
      ['/api/nao-existe', 'GET', {}],
    ] as const) {
      const res = await app.inject({ method, url, headers, payload: method === 'POST' ? {} : undefined });
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const thumbnail = await app.inject({
      method: 'GET',
      url: '/api/thumb?code=abc&cache=public',
      headers: { authorization: token },
    });
    expect(thumbnail.headers['cache-control']).toBe('public, max-age=3600');
  });

  it("answers a route's own 401 message: the gabarito online asks to sign in with the buyer's account", async () => {
    const answers = await app.inject({ method: 'GET', url: '/api/answers?code=abc' });
    expect(answers.statusCode).toBe(401);
    expect(answers.json()).toMatchObject({ status: 'ERROR', message: Msg.answersBuyerOnly });
    const user = await app.inject({ method: 'GET', url: '/api/getUser' });
    expect(user.statusCode).toBe(401);
    expect(user.json()).toMatchObject({ status: 'ERROR', message: PlatformMessages.unauthorized });
  });

  it('sets security headers', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/env' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('serves the OpenAPI 3.1 document generated from the contracts, which Redocly lints with 0 errors', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
    const doc = res.json() as { openapi: string; paths: Record<string, Record<string, unknown>> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain('/api/createPreference');
    expect(doc.paths['/api/page']).toHaveProperty('get');
    expect(doc.paths['/api/page']).toHaveProperty('post');
    // The saved sheets, picked up from the contracts like every route.
    expect(doc.paths['/api/getSavedSheets']).toHaveProperty('get');
    expect(doc.paths['/api/saveSheet']).toHaveProperty('post');
    expect(doc.paths['/api/deleteSavedSheet']).toHaveProperty('post');
    // The optional, versioned custom options of POST /api/page.
    expect(JSON.stringify(doc.paths['/api/page']!.post)).toContain(
      '"format":{"type":"string","enum":["armada","arme","linha","lacuna","problemas"]}',
    );
    // Redocly CLI's recommended rules (npm @redocly/cli: one bundled package, nothing downloaded) on the served JSON.
    const dir = await mkdtemp(path.join(tmpdir(), 'openapi-'));
    try {
      const file = path.join(dir, 'openapi.json');
      await writeFile(file, res.body);
      const lint = spawnSync(fromRoot('node_modules', '.bin', 'redocly'), ['lint', file, '--format=json'], {
        encoding: 'utf8',
      });
      const report = JSON.parse(lint.stdout) as {
        totals: { errors: number; warnings: number };
        problems: Array<{ ruleId: string; severity: string; message: string }>;
      };
      expect(report.problems.filter((p) => p.severity === 'error')).toEqual([]);
      expect(report.totals.errors).toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('never writes a token from the query string or the Authorization header to the log', async () => {
    const queryToken = `query-secret-${randomUUID()}`;
    const headerToken = await sign(`u-${randomUUID()}`);
    await app.inject({ method: 'GET', url: `/api/validateToken?token=${queryToken}` });
    await app.inject({ method: 'GET', url: `/api/validateTokenAdmin?token=${queryToken}` });
    await app.inject({
      method: 'GET',
      url: '/api/getUser',
      headers: { authorization: `Bearer ${headerToken}` },
    });
    await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'a@b.com', password: 'segredo-123' },
    });
    // The emailed links carry their secret in the path; the SPA's history fallback logs those requests too.
    const linkSecret = `link-secret-${randomUUID()}`;
    await app.inject({ method: 'GET', url: `/criar-nova-senha/${linkSecret}` });
    await app.inject({ method: 'GET', url: `/ativar/${linkSecret}` });
    const log = logLines.join('');
    expect(log).toContain('/api/validateToken?token=[REDACTED]');
    expect(log).toContain('/criar-nova-senha/[REDACTED]');
    expect(log).not.toContain(linkSecret);
    expect(log).not.toContain(queryToken);
    expect(log).not.toContain(headerToken);
    expect(log).not.toContain('segredo-123');
  });
});
