import * as liveRoutes from './live-routes.js';
import * as memberDataRoutes from './member-data-routes.js';
import * as routes from './routes.js';
import type { ApiRoute } from './route.js';

export * from './route.js';
export * from './fields.js';
export * from './routes.js';
export * from './member-data-routes.js';
export * from './google-form.js';
export * from './live-routes.js';

const isRoute = (v: unknown): v is ApiRoute =>
  typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'access' in v;

/** All /api routes, for the gateway's route table check and the OpenAPI document. */
export const allApiRoutes: ApiRoute[] = (
  [...Object.values(routes), ...Object.values(memberDataRoutes), ...Object.values(liveRoutes)] as unknown[]
).filter(isRoute);
export * from './route-refs.js';
