import { z } from 'zod';
import { logEnv, natsEnv, port } from '@app/kit';

const list = z
  .string()
  .default('')
  .transform((s) =>
    s
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  );

export const gatewayEnv = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  ...logEnv.shape,
  HOST: z.string().default('0.0.0.0'),
  PORT: port(8080),
  ...natsEnv.shape,
  INTERNAL_SECRET: z.string().min(32),
  JWT_SECRET: z.string().min(32),
  AUTH_URL: z.url(),
  BILLING_URL: z.url(),
  PAGES_URL: z.url(),
  MAIL_URL: z.url(),
  ADMIN_STATS_URL: z.url(),
  /** The built SPA (web/dist). */
  WEB_DIST: z.string().min(1),
  /** Origins allowed by CORS besides the site itself (comma-separated); empty = same origin only. */
  CORS_ORIGINS: list,
  BACKEND_ENV: z.string().default('dev'),
  DB_ENV: z.string().default('dev'),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(64 * 1024),
  /** Requests per minute and IP on sign-in, sign-up and recovery. */
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(20),
  GOOGLE_CLIENT_ID: z.string().optional(),
  MP_PUBLIC_KEY: z.string().optional(),
  DEV_PROVIDERS_URL: z.url().optional(),
});
export type GatewayConfig = z.infer<typeof gatewayEnv>;
