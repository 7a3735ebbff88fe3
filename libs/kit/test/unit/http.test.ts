import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createLogger } from '../../src/logger.js';
import { addRoute, createHttpApp } from '../../src/http.js';
import { identityHeaders } from '../../src/identity.js';
import { AppError } from '../../src/errors.js';
import { RpcError } from '../../src/nats.js';
import { defineRoute, envelope, ok } from '@app/contracts';

const secret = 's'.repeat(40);
const echo = defineRoute({
  method: 'POST',
  path: '/api/echo',
  access: 'user',
  summary: 'test',
  body: z.object({ n: z.number({ error: 'n é obrigatório' }).int() }),
  response: envelope(z.object({ n: z.number(), user: z.string() })),
});
const admin = defineRoute({
  method: 'GET',
  path: '/api/adm',
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
