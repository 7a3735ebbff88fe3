import { defineService } from '@app/kit';
import { createGatewayApp, gatewayDeps } from './app.js';
import { gatewayEnv } from './config.js';
import { serveGatewayMetrics } from './metrics.js';
import { registerRoutes } from './routes.js';

/**
 * The gateway: the public edge. Its HTTP app is its own (src/app.ts: the edge rules), its routes the route table's
 * proxies and what it answers itself (src/routes.ts). Its metrics have a listener of their own (METRICS_PORT), never
 * the public port. No database and no NATS handlers: it asks auth over NATS per session and hears revocations.
 */
export const service = defineService({
  name: 'gateway',
  env: gatewayEnv,
  async deps(ctx) {
    const metricsApp = await serveGatewayMetrics(ctx.config, ctx.logger, ctx.metrics);
    ctx.onShutdown(() => metricsApp.close());
    return gatewayDeps(ctx);
  },
  httpApp: (_ctx, deps) => createGatewayApp(deps),
  routes: registerRoutes,
});
