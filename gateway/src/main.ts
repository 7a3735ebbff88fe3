import { Bus, ConfigError, createLogger, loadConfig } from '@app/kit';
import { buildGateway } from './app.js';
import { gatewayEnv } from './config.js';

async function main() {
  const config = loadConfig(gatewayEnv);
  const logger = createLogger('gateway', config.LOG_LEVEL);
  const bus = await Bus.connect({
    url: config.NATS_URL,
    name: 'gateway',
    prefix: config.NATS_PREFIX,
    logger,
  });
  const app = await buildGateway(config, logger, bus);
  await app.listen({ port: config.PORT, host: config.HOST });
  const stop = async (signal: string) => {
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
