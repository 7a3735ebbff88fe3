import type { FastifyInstance } from 'fastify';
import type { Bus, Logger, Metrics } from '@app/kit';
import { createGatewayApp, gatewayDeps } from '../../src/app.js';
import type { GatewayConfig } from '../../src/config.js';
import { registerRoutes } from '../../src/routes.js';

/**
 * The gateway's app in this process, built as its definition builds it (src/service.ts: deps, app, routes) on a bus
 * the test owns, for `inject` and fetch against stand-in upstreams; what the deps opened closes with the app.
 */
export async function buildGateway(
  config: GatewayConfig,
  logger: Logger,
  bus: Bus,
  metrics?: Metrics,
): Promise<FastifyInstance> {
  const hooks: Array<() => Promise<void>> = [];
  const deps = await gatewayDeps({ config, logger, bus, metrics, onShutdown: (fn) => void hooks.push(fn) });
  const app = await createGatewayApp(deps);
  app.addHook('onClose', async () => {
    for (const hook of hooks) await hook();
  });
  await registerRoutes(app, deps);
  return app;
}
