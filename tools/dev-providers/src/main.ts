import { ConfigError, createLogger, loadConfig } from '@app/kit';
import { buildDevProviders } from './app.js';
import { devProvidersEnv } from './config.js';

async function main() {
  const config = loadConfig(devProvidersEnv);
  const logger = createLogger('dev-providers', config.LOG_LEVEL);
  const app = await buildDevProviders(config, logger);
  await app.listen({ port: config.PORT, host: config.HOST });
  const stop = async () => {
    await app.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? `[dev-providers] ${err.message}` : err);
  process.exit(1);
});
