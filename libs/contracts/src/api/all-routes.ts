import type { Upstream } from '../processes.js';
import type { ApiRoute } from './route.js';
import * as adminStatsRoutes from './routes/admin-stats.js';
import * as authRoutes from './routes/auth.js';
import * as billingRoutes from './routes/billing.js';
import * as classroomRoutes from './routes/classroom.js';
import * as gatewayRoutes from './routes/gateway.js';
import * as mailRoutes from './routes/mail.js';
import * as pagesRoutes from './routes/pages.js';

const isRoute = (v: unknown): v is ApiRoute =>
  typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'access' in v;
const routesOf = (module: object): ApiRoute[] => (Object.values(module) as unknown[]).filter(isRoute);

/**
 * The /api routes by the file that declares them: `routes/<owner>.ts` holds the routes of that owner and no other
 * (the gateway's route table test holds each route's `owner` to its file, and to what the owner registers).
 */
export const apiRoutesByFile: Record<Upstream | 'gateway', ApiRoute[]> = {
  auth: routesOf(authRoutes),
  billing: routesOf(billingRoutes),
  pages: routesOf(pagesRoutes),
  mail: routesOf(mailRoutes),
  'admin-stats': routesOf(adminStatsRoutes),
  classroom: routesOf(classroomRoutes),
  gateway: routesOf(gatewayRoutes),
};

/** All /api routes, for the gateway's route table, the OpenAPI document and docs/routes.md. */
export const allApiRoutes: ApiRoute[] = Object.values(apiRoutesByFile).flat();
