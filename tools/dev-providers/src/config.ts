import { z } from 'zod';
import { port } from '@app/kit';

export const devProvidersEnv = z.object({
  PORT: port(8090),
  HOST: z.string().default('127.0.0.1'),
  /** The site (gateway) the stand-ins redirect to and post webhooks to. */
  PUBLIC_URL: z.url().default('http://localhost:8080'),
  /** This process's own public address (init_point, certificate URL, issuer). */
  DEV_PROVIDERS_URL: z.url().default('http://localhost:8090'),
  MP_WEBHOOK_SECRET: z.string().min(8),
  GOOGLE_CLIENT_ID: z.string().min(1),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});
export type DevProvidersConfig = z.infer<typeof devProvidersEnv>;
