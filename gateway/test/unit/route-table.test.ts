import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { allApiRoutes, apiRoutesByFile, PROCESSES, UPSTREAMS, type Upstream } from '@app/contracts';
import { loadConfig, type Service } from '@app/kit';
import { gatewayRoutes, routeTable } from '../../src/route-table.js';
import { registerRoutes } from '../../src/routes.js';
import { service as gateway } from '../../src/service.js';

const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

/**
 * Whatever a service's `routes` reaches for while it registers (its config, its stores, its bus) is this stand-in,
 * which answers anything: only the registrations are read, no handler runs.
 */
const anything: unknown = new Proxy(() => {}, {
  get: (_target, property) => (property === 'then' ? undefined : anything),
  apply: () => anything,
});

/**
 * The /api routes a service registers, as its definition (`services/<name>/src/service.ts`, `routes`) registers them
 * on a Fastify app: read from the app, not from a list typed here.
 */
async function registeredBy(service: Upstream): Promise<string[]> {
  const file = new URL(`../../../${PROCESSES[service].folder}/src/service.ts`, import.meta.url);
  const { service: definition } = (await import(file.href)) as { service: Service };
  const app = Fastify();
  const found: string[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD' && route.url.startsWith('/api/')) found.push(`${method} ${route.url}`);
  });
  await definition.routes?.(app, anything);
  await app.close();
  return found.sort();
}

/**
 * The /api routes the gateway registers, as its `registerRoutes` does on its app: those it answers itself (on the app)
 * and those it proxies (one scope per upstream). Its API docs (`/api/docs`, swagger's own routes) are not routes of
 * the contracts.
 */
async function registeredByGateway(): Promise<{ own: string[]; edge: string[] }> {
  const config = loadConfig(gateway.configSchema, {
    NATS_URL: 'nats://127.0.0.1:4222',
    INTERNAL_SECRET: 'x'.repeat(32),
    JWT_SECRET: 'y'.repeat(32),
    AUTH_URL: 'http://127.0.0.1:3001',
    BILLING_URL: 'http://127.0.0.1:3002',
    PAGES_URL: 'http://127.0.0.1:3003',
    MAIL_URL: 'http://127.0.0.1:3005',
    ADMIN_STATS_URL: 'http://127.0.0.1:3006',
    CLASSROOM_URL: 'http://127.0.0.1:3007',
    WEB_DIST: 'no-web-build-here',
  });
  const app = Fastify();
  const own: string[] = [];
  const edge: string[] = [];
  app.addHook('onRoute', function (route) {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      edge.push(`${method} ${route.url}`);
      if (this === app) own.push(`${method} ${route.url}`);
    }
  });
  const deps = {
    config,
    logger: anything,
    bus: anything,
    edgeAuth: anything,
    memberStreams: anything,
    limits: anything,
  };
  await registerRoutes(app, { ...deps, pools: new Map() } as never);
  // Never started, so never closed: closing would first load (ready) what was registered, stand-ins and all.
  return { own: own.sort(), edge: edge.sort() };
}

const atTheEdge = await registeredByGateway();
const registered = new Map<Upstream | 'gateway', string[]>([
  ...(await Promise.all(UPSTREAMS.map(async (s) => [s, await registeredBy(s)] as const))),
  ['gateway', atTheEdge.own],
]);
const ownedBy = (owner: string) =>
  allApiRoutes
    .filter((r) => r.owner === owner)
    .map(key)
    .sort();

describe('the gateway route table', () => {
  it('covers every /api route of the contracts exactly once (the gateway answers env, clientConfig and the member live stream)', () => {
    const proxied = routeTable.map((e) => key(e.route));
    const own = gatewayRoutes.map(key);
    expect(new Set(proxied).size).toBe(proxied.length);
    expect([...proxied, ...own].sort()).toEqual(allApiRoutes.map(key).sort());
  });

  it('still has every path the site was first built with (the screens and old clients call them)', () => {
    const first = [
      'GET /api/env',
      'GET /api/validateToken',
      'GET /api/validateTokenAdmin',
      'POST /api/activateUser',
      'POST /api/page',
      'POST /api/buy',
      'GET /api/page',
      'GET /api/thumb',
      'POST /api/createPreference',
      'POST /api/processPayment',
      'GET /api/getMyPages',
      'GET /api/getUser',
      'GET /api/getBalance',
      'POST /api/login',
      'POST /api/login/google',
      'POST /api/createUser',
      'POST /api/recoverPassword',
      'POST /api/checkRecoveryToken',
      'POST /api/createNewPassword',
      'POST /api/updateUser',
      'POST /api/changePassword',
      'GET /api/admin/stats',
      'GET /api/admin/users',
      'POST /api/admin/changePassword',
      'POST /api/admin/sendTestEmail',
      'GET /api/admin/emailSettings',
      'POST /api/admin/emailSettings',
    ];
    const known = new Set(allApiRoutes.map(key));
    expect(first.filter((s) => !known.has(s))).toEqual([]);
  });

  it('sends each route to the service the contracts name as its owner', () => {
    for (const entry of routeTable)
      expect([key(entry.route), entry.service]).toEqual([key(entry.route), entry.route.owner]);
  });

  it.each([...UPSTREAMS, 'gateway' as const])(
    '%s registers exactly the routes the contracts give it: none of another owner, none left out',
    (service) => {
      expect(registered.get(service)).toEqual(ownedBy(service));
    },
  );

  it('every route of the contracts is registered by its owner, and no process registers a route twice', () => {
    const all = [...registered.values()].flat();
    expect(new Set(all).size).toBe(all.length);
    const unregistered = allApiRoutes.filter((r) => !registered.get(r.owner)?.includes(key(r)));
    expect(unregistered.map((r) => `${key(r)} (${r.owner})`)).toEqual([]);
  });

  it('the gateway serves each route of the contracts at the edge once: its own, and one proxy for each other', () => {
    expect(atTheEdge.edge).toEqual(allApiRoutes.map(key).sort());
  });

  it.each(Object.entries(apiRoutesByFile))(
    'libs/contracts/src/api/routes/%s.ts declares only routes of that owner',
    (file, routes) => {
      expect(routes.length).toBeGreaterThan(0);
      expect(routes.filter((r) => r.owner !== file).map(key)).toEqual([]);
    },
  );

  it('protects every admin path with the admin rule', () => {
    for (const entry of routeTable.filter((e) => e.route.path.startsWith('/api/admin/'))) {
      expect(entry.route.access, entry.route.path).toBe('admin');
    }
  });
});
