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
  /**
   * bcrypt cost of new password hashes: 10 to 15 in production (checked at boot, `bcryptCostProblems`); from 4 elsewhere,
   * so the test stacks (TIER_ENV of @app/testing: 4) do not spend a minute of CPU a run on hashing.
   */
  BCRYPT_COST: z.coerce.number().int().min(4).max(15).default(10),
  /** How long an admin's session token lives (users' live 7 days). */
  ADMIN_SESSION_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(120),
  /**
   * Failed sign-ins (auth/README.md, "Abuse limits"). Within LOGIN_FAILURE_WINDOW_MINUTES: per email from one address,
   * and per address whatever the email. Within LOGIN_EMAIL_WINDOW_MINUTES: a ceiling per email from every address
   * (addresses the account has signed in from still get in), and the count at which the owner is told by email.
   */
  LOGIN_FAILURE_WINDOW_MINUTES: z.coerce.number().int().positive().default(15),
  LOGIN_MAX_FAILURES_PER_EMAIL_ADDRESS: z.coerce.number().int().positive().default(5),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().positive().default(30),
  LOGIN_EMAIL_WINDOW_MINUTES: z.coerce.number().int().positive().default(60),
  LOGIN_MAX_FAILURES_PER_EMAIL: z.coerce.number().int().positive().default(50),
  LOGIN_ALERT_AFTER_FAILURES: z.coerce.number().int().positive().default(10),
  /** Recovery emails per hour: per email (an inbox is not flooded) and per address; the answer is always the same. */
  RECOVERY_MAX_PER_EMAIL_PER_HOUR: z.coerce.number().int().positive().default(3),
  RECOVERY_MAX_PER_ADDRESS_PER_HOUR: z.coerce.number().int().positive().default(10),
  /**
   * Sign-ups per hour from one client address, on every auth replica together (each may email an inbox the caller
   * names): past it, 429. A class signing up together from a school's one address fits.
   */
  SIGN_UPS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().positive().default(60),
});
export type AuthConfig = z.infer<typeof env> & { PUBLIC_URL: string };

/** The production floor of BCRYPT_COST: a hash cheaper than cost 10 is refused there, at boot. */
export function bcryptCostProblems(config: { NODE_ENV: string; BCRYPT_COST: number }): string[] {
  return config.NODE_ENV === 'production' && config.BCRYPT_COST < 10
    ? [`BCRYPT_COST: at least 10 in production (got ${config.BCRYPT_COST})`]
    : [];
}
