import * as api from '@app/contracts';
import { upstreamUrlVariable, type ApiRoute, type Upstream } from '@app/contracts';
import type { GatewayConfig } from './config.js';

/**
 * THE route table: every /api path, the service that owns it and whether the edge rate-limits it, derived from the
 * routes' own declarations in @app/contracts (`owner`, `rateLimited`: libs/contracts/src/api/routes/<owner>.ts). To find a
 * handler: look the route up there (its `owner`), then open `services/<owner>/src/routes.ts`.
 */
export type { Upstream };

export interface RouteEntry {
  route: ApiRoute;
  service: Upstream;
  rateLimited?: boolean;
}

export const routeTable: RouteEntry[] = api.allApiRoutes.flatMap((route) =>
  route.owner === 'gateway'
    ? []
    : [{ route, service: route.owner, ...(route.rateLimited ? { rateLimited: true } : {}) }],
);

/** Routes the gateway answers itself (the member's live stream: src/member-events.ts). */
export const gatewayRoutes: ApiRoute[] = api.allApiRoutes.filter((route) => route.owner === 'gateway');

const authLoginGoogleCode = routeTable.find((e) => e.route === api.loginGoogleCode)!;

/**
 * Page routes (not /api) the gateway answers itself.
 * - POST /login/google: Google Identity Services' redirect-mode form post ("form action target for Google
 *   sign-in"). gateway/src/google-form-post.ts checks the g_csrf_token cookie against the form, gets a one-time code
 *   from auth's /api/login/google/code and answers a 303 to the SPA (GET /login/google#code=…, served as a page like
 *   any other), which redeems it with its tab's secret.
 */
export const pageRoutes = {
  googleSignIn: { ...api.googleFormPost, signsInThrough: authLoginGoogleCode },
} as const;

/** The address of a service the gateway proxies to: its `<NAME>_URL` variable (@app/contracts' process list). */
export const upstreamUrl = (config: GatewayConfig, service: Upstream): string =>
  config[upstreamUrlVariable(service)];
