import * as api from '@app/contracts';
import { upstreamUrlVariable, type ApiRoute, type Upstream } from '@app/contracts';
import type { GatewayConfig } from './config.js';

/**
 * THE route table: every /api path, the service that owns it (design.md) and whether the edge rate-limits it.
 * To find a handler: look the path up here, then open `services/<service>/src/routes.ts`.
 */
export type { Upstream };

export interface RouteEntry {
  route: ApiRoute;
  service: Upstream;
  rateLimited?: boolean;
}

export const routeTable: RouteEntry[] = [
  // auth
  { route: api.login, service: 'auth', rateLimited: true },
  { route: api.loginGoogle, service: 'auth', rateLimited: true },
  { route: api.loginGoogleCode, service: 'auth', rateLimited: true },
  { route: api.redeemGoogleCode, service: 'auth', rateLimited: true },
  { route: api.loginWithLink, service: 'auth', rateLimited: true },
  { route: api.createUser, service: 'auth', rateLimited: true },
  { route: api.activateUser, service: 'auth', rateLimited: true },
  { route: api.recoverPassword, service: 'auth', rateLimited: true },
  { route: api.checkRecoveryToken, service: 'auth', rateLimited: true },
  { route: api.createNewPassword, service: 'auth', rateLimited: true },
  { route: api.updateUser, service: 'auth' },
  { route: api.changePassword, service: 'auth' },
  { route: api.adminChangePassword, service: 'auth' },
  { route: api.getUser, service: 'auth' },
  { route: api.logout, service: 'auth' },
  { route: api.validateToken, service: 'auth' },
  { route: api.validateTokenAdmin, service: 'auth' },
  { route: api.resendActivation, service: 'auth', rateLimited: true },
  { route: api.requestPasswordSetup, service: 'auth' },
  { route: api.exportMyData, service: 'auth' },
  { route: api.deleteMyAccount, service: 'auth' },
  // billing
  { route: api.getBalance, service: 'billing' },
  { route: api.getBalanceDetails, service: 'billing' },
  { route: api.createPreference, service: 'billing' },
  { route: api.processPayment, service: 'billing' },
  { route: api.mercadoPagoWebhook, service: 'billing' },
  { route: api.getStatement, service: 'billing' },
  // pages
  { route: api.createPage, service: 'pages' },
  { route: api.downloadPage, service: 'pages' },
  { route: api.thumb, service: 'pages' },
  { route: api.buy, service: 'pages' },
  { route: api.getMyPages, service: 'pages' },
  { route: api.pageAnswers, service: 'pages' },
  { route: api.getSavedSheets, service: 'pages' },
  { route: api.saveSheet, service: 'pages' },
  { route: api.deleteSavedSheet, service: 'pages' },
  // mail
  { route: api.getEmailSettings, service: 'mail' },
  { route: api.setEmailSettings, service: 'mail' },
  { route: api.sendTestEmail, service: 'mail' },
  // admin-stats
  { route: api.adminStats, service: 'admin-stats' },
  { route: api.adminUsers, service: 'admin-stats' },
  { route: api.adminLogs, service: 'admin-stats' },
];

/** Routes the gateway answers itself (the member's live stream: src/member-events.ts). */
export const gatewayRoutes: ApiRoute[] = [api.getEnv, api.getClientConfig, api.memberEvents];

const authLoginGoogleCode = routeTable.find((e) => e.route === api.loginGoogleCode)!;

/**
 * Page routes (not /api) the gateway answers itself.
 * - POST /login/google: Google Identity Services' redirect-mode form post (spec §2: "form action target for Google
 *   sign-in"). gateway/src/google-form-post.ts checks the g_csrf_token cookie against the form, gets a one-time code
 *   from auth's /api/login/google/code and answers a 303 to the SPA (GET /login/google#code=…, served as a page like
 *   any other), which redeems it with its tab's secret (issue 23).
 */
export const pageRoutes = {
  googleSignIn: { ...api.googleFormPost, signsInThrough: authLoginGoogleCode },
} as const;

/** The address of a service the gateway proxies to: its `<NAME>_URL` variable (@app/contracts' process list). */
export const upstreamUrl = (config: GatewayConfig, service: Upstream): string =>
  config[upstreamUrlVariable(service)];
