import { describe, expect, it } from 'vitest';
import { allApiRoutes } from '@app/contracts';
import { gatewayRoutes, routeTable } from '../../src/route-table.js';

const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`;

/** Which service owns each route (docs/product-rules.md, "What each service owns"). */
const owners: Record<string, string> = {
  'POST /api/login': 'auth',
  'POST /api/login/google': 'auth',
  'POST /api/login/google/code': 'auth',
  'POST /api/login/google/redeem': 'auth',
  'POST /api/login/link': 'auth',
  'POST /api/createUser': 'auth',
  'POST /api/activateUser': 'auth',
  'POST /api/recoverPassword': 'auth',
  'POST /api/checkRecoveryToken': 'auth',
  'POST /api/createNewPassword': 'auth',
  'POST /api/updateUser': 'auth',
  'POST /api/changePassword': 'auth',
  'GET /api/getUser': 'auth',
  'POST /api/logout': 'auth',
  'GET /api/validateToken': 'auth',
  'GET /api/validateTokenAdmin': 'auth',
  'POST /api/resendActivation': 'auth',
  'POST /api/requestPasswordSetup': 'auth',
  'POST /api/admin/changePassword': 'auth',
  'GET /api/exportMyData': 'auth',
  'POST /api/deleteMyAccount': 'auth',
  'GET /api/getBalance': 'billing',
  'GET /api/getBalanceDetails': 'billing',
  'POST /api/createPreference': 'billing',
  'POST /api/processPayment': 'billing',
  'POST /api/webhooks/mercadopago': 'billing',
  'GET /api/getStatement': 'billing',
  'POST /api/page': 'pages',
  'GET /api/page': 'pages',
  'GET /api/thumb': 'pages',
  'POST /api/buy': 'pages',
  'GET /api/getMyPages': 'pages',
  'GET /api/answers': 'pages',
  'GET /api/getSavedSheets': 'pages',
  'POST /api/saveSheet': 'pages',
  'POST /api/deleteSavedSheet': 'pages',
  // Class sets: pages, like every page route.
  'POST /api/pageSet': 'pages',
  'GET /api/pageSet': 'pages',
  'GET /api/setProgress': 'pages',
  'POST /api/buySet': 'pages',
  'GET /api/admin/emailSettings': 'mail',
  'POST /api/admin/emailSettings': 'mail',
  'POST /api/admin/sendTestEmail': 'mail',
  'GET /api/admin/stats': 'admin-stats',
  'GET /api/admin/users': 'admin-stats',
  'GET /api/admin/logs': 'admin-stats',
};

describe('the gateway route table', () => {
  it('covers every /api route of the contracts exactly once (the gateway answers env, clientConfig and the member live stream)', () => {
    const proxied = routeTable.map((e) => key(e.route));
    const own = gatewayRoutes.map(key);
    expect(new Set(proxied).size).toBe(proxied.length);
    expect([...proxied, ...own].sort()).toEqual(allApiRoutes.map(key).sort());
  });

  it('covers every path of the public API', () => {
    const spec = [
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
    expect(spec.filter((s) => !known.has(s))).toEqual([]);
  });

  it('sends each route to the service that owns it', () => {
    for (const entry of routeTable)
      expect([key(entry.route), entry.service]).toEqual([key(entry.route), owners[key(entry.route)]]);
  });

  it('protects every admin path with the admin rule', () => {
    for (const entry of routeTable.filter((e) => e.route.path.startsWith('/api/admin/'))) {
      expect(entry.route.access, entry.route.path).toBe('admin');
    }
  });
});
