import { defineService } from '@app/kit';
import { buildGateway } from './app.js';
import { gatewayEnv } from './config.js';
import { serveGatewayMetrics } from './metrics.js';

/**
 * The gateway: the public edge. Its HTTP app (src/app.ts) is its own: the route table's proxies (src/route-table.ts),
 * the session check, rate limits, security headers, the API docs and the SPA. Its metrics have a listener of their
 * own (METRICS_PORT), never the public port. No database, no NATS handlers: it asks auth over NATS per session.
 */
export const service = defineService({
  name: 'gateway',
  env: gatewayEnv,
  async deps({ config, logger, metrics, onShutdown }) {
    const metricsApp = await serveGatewayMetrics(config, logger, metrics);
    onShutdown(() => metricsApp.close());
    return {};
  },
  httpApp: ({ config, logger, bus, metrics }) => buildGateway(config, logger, bus, metrics),
});
