import type { FastifyInstance } from 'fastify';
import { addMetricsRoute, createHttpApp, type Logger, type Metrics } from '@app/kit';
import type { GatewayConfig } from './config.js';

/**
 * The gateway's Prometheus endpoint: GET /metrics on METRICS_PORT (bound to HOST), a listener of its own so that the
 * public port (the Ingress's) never serves it. Successful scrapes are logged at debug like the health probes.
 */
export async function serveGatewayMetrics(
  config: GatewayConfig,
  logger: Logger,
  metrics: Metrics,
): Promise<FastifyInstance> {
  const app = createHttpApp({ logger });
  addMetricsRoute(app, metrics);
  const url = await app.listen({ port: config.METRICS_PORT, host: config.HOST });
  logger.info({ url: `${url}/metrics` }, 'gateway metrics listening');
  return app;
}
