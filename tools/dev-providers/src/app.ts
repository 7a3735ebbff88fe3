import type { FastifyInstance } from 'fastify';
import { createHttpApp, type Logger } from '@app/kit';
import type { DevProvidersConfig } from './config.js';
import { registerGoogle } from './google.js';
import { registerMercadoPago } from './mercadopago/index.js';

/**
 * Local stand-ins for the providers no machine here can reach: the Mercado Pago REST API and
 * checkout page, and a Google ID-token issuer. The real SDKs talk to these exactly as they would to the real ones.
 */
export async function buildDevProviders(
  config: DevProvidersConfig,
  logger: Logger,
): Promise<FastifyInstance> {
  const app = createHttpApp({ logger, bodyLimit: 256 * 1024 });
  app.get('/health', async () => ({ status: 'ok' }));

  await registerMercadoPago(app, config);
  await registerGoogle(app, config);
  return app;
}
