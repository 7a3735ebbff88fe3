import { Bus, ConfigError, createLogger, loadConfig, logFormatFor, Metrics } from '@app/kit';
import { buildGateway } from './app.js';
import { gatewayEnv } from './config.js';
import { serveGatewayMetrics } from './metrics.js';

async function main() {
  const config = loadConfig(gatewayEnv);
  const logger = createLogger('gateway', config.LOG_LEVEL, undefined, { format: logFormatFor(config) });
  const metrics = new Metrics('gateway');
  const bus = await Bus.connect({
    url: config.NATS_URL,
    name: 'gateway',
    prefix: config.NATS_PREFIX,
    streamReplicas: config.NATS_STREAM_REPLICAS,
    logger,
    metrics,
  });
  const app = await buildGateway(config, logger, bus, metrics);
  // Its own listener (METRICS_PORT), closed with the public one.
  const metricsApp = await serveGatewayMetrics(config, logger, metrics);
  app.addHook('onClose', () => metricsApp.close());
  await app.listen({ port: config.PORT, host: config.HOST });
  // Ctrl-C signals the whole process group, and `npm start` then sends SIGTERM too: stop once, not drain twice.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'gateway stopping');
    await app.close();
    await bus.drain();
    process.exit(0);
  };
  process.once('SIGTERM', (s) => void stop(s));
  process.once('SIGINT', (s) => void stop(s));
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? `[gateway] ${err.message}` : err);
  process.exit(1);
});
