import { z } from 'zod';

/** auth's own variables (the base ones — DATABASE_URL, NATS_URL, ... — come from @app/kit). */
export const env = z.object({
  /** HS256 key of the session tokens; the gateway checks the same signature at the edge. */
  JWT_SECRET: z.string().min(32),
  /** The admin account is created (or its role restored) at start-up from these two. */
  ADMIN_EMAIL: z.email().transform((e) => e.trim().toLowerCase()),
  ADMIN_PASSWORD: z.string().min(6),
  /** Google sign-in is off when unset (the credential is then always refused). */
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  /** Certificate URL and issuer of the Google stand-in (dev and tests); unset for the real Google. */
  GOOGLE_CERTS_URL: z.url().optional(),
  GOOGLE_ISSUER: z.string().min(1).optional(),
  BCRYPT_COST: z.coerce.number().int().min(10).max(15).default(10),
  /** Failed sign-ins allowed per email within the window before sign-in for that email answers 429. */
  LOGIN_MAX_FAILURES_PER_EMAIL: z.coerce.number().int().positive().default(10),
  LOGIN_FAILURE_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
});
export type AuthConfig = z.infer<typeof env> & { PUBLIC_URL: string };
