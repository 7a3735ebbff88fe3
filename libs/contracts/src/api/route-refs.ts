import type { ApiRoute } from './route.js';
import type { validateToken, validateTokenAdmin } from './routes/auth.js';
import type { getBalance, getBalanceDetails } from './routes/billing.js';
import type { getClientConfig, getEnv, memberEvents } from './routes/gateway.js';

/**
 * A route's method and path without its zod schemas, typed as the whole route (the client reads the body, query and
 * response types from `route`, which is never set). What the SPA's entry chunk calls before any screen has loaded:
 * importing the routes themselves would put zod (~60 kB gzip) in the bundle every page waits for.
 */
export interface RouteRef<R extends ApiRoute> {
  readonly method: R['method'];
  readonly path: R['path'];
  /** The whole route's type, for the client's inference; always undefined. */
  readonly route?: R;
}

/** The method and path are checked against the route's own by the compiler (both are literal types there). */
const ref = <R extends ApiRoute>(method: R['method'], path: R['path']): RouteRef<R> => ({ method, path });

/** Calls of the root layout, the session guards and the member sidebar: loaded on every page. */
export const startupRoutes = {
  getEnv: ref<typeof getEnv>('GET', '/api/env'),
  getClientConfig: ref<typeof getClientConfig>('GET', '/api/clientConfig'),
  validateToken: ref<typeof validateToken>('GET', '/api/validateToken'),
  validateTokenAdmin: ref<typeof validateTokenAdmin>('GET', '/api/validateTokenAdmin'),
  getBalance: ref<typeof getBalance>('GET', '/api/getBalance'),
  getBalanceDetails: ref<typeof getBalanceDetails>('GET', '/api/getBalanceDetails'),
  memberEvents: ref<typeof memberEvents>('GET', '/api/memberEvents'),
} as const;
