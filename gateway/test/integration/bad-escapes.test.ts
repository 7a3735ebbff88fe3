import { describe, expect, inject, it } from 'vitest';
import { PlatformMessages } from '@app/contracts';
import { adminToken } from '@app/testing';
import { gatewayRoutes, pageRoutes, routeTable } from '../../src/route-table.js';

/**
 * A malformed %-escape in the address is the caller's mistake. Through the gateway of the tier's
 * whole stack, every route it answers (the route table's proxied routes, its own, its page routes, the SPA, the docs)
 * answers 400 with the envelope and a pt-BR message to `?x=%` and other broken escapes, with the admin's token (so a
 * protected route would have reached its service), never a 5xx.
 */
const stack = inject('stack');

const BAD_QUERIES = ['x=%', 'code=%zz', 'x=%E0%A4%A', 'token=abc%'];

const routes: Array<{ method: string; path: string }> = [
  ...routeTable.map((e) => e.route),
  ...gatewayRoutes,
  pageRoutes.googleSignIn,
  { method: 'GET', path: '/api/docs' },
  { method: 'GET', path: '/login' },
  { method: 'GET', path: '/robots.txt' },
  { method: 'GET', path: '/health' },
];

describe('a malformed %-escape in the query string', () => {
  it('answers 400 with the envelope and a pt-BR message on every route, never 500', async () => {
    const token = await adminToken(stack);
    expect(routeTable.length).toBeGreaterThan(30);
    const seen: Array<[string, string, number, string, string | undefined]> = [];
    for (const route of routes) {
      for (const query of BAD_QUERIES) {
        // Bounded: a route that took the request (the live stream) would otherwise hold it open.
        const signal = AbortSignal.timeout(10_000);
        const answer = await fetch(`${stack.gatewayUrl}${route.path}?${query}`, {
          method: route.method,
          headers: {
            authorization: `Bearer ${token}`,
            ...(route.method === 'POST' ? { 'content-type': 'application/json' } : {}),
          },
          body: route.method === 'POST' ? '{}' : undefined,
          signal,
        })
          .then(async (res) => ({ status: res.status, text: await res.text() }))
          .catch(() => ({ status: 0, text: 'no answer in 10 s' }));
        let body: { status?: string; message?: string } = {};
        try {
          body = JSON.parse(answer.text) as typeof body;
        } catch {
          body = { message: answer.text.slice(0, 80) };
        }
        seen.push([route.method, `${route.path}?${query}`, answer.status, body.status ?? '', body.message]);
      }
    }
    for (const [method, url, status, envelope, message] of seen)
      expect([method, url, status, envelope, message]).toEqual([
        method,
        url,
        400,
        'ERROR',
        PlatformMessages.invalidAddress,
      ]);
  });

  it('a well-formed escape still reaches the route', async () => {
    const res = await fetch(`${stack.gatewayUrl}/api/env?x=%25%20%C3%A9`);
    expect(res.status).toBe(200);
  });
});
