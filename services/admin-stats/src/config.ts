import { z } from 'zod';

/** admin-stats's own variables (the base ones — DATABASE_URL, NATS_URL, ... — come from @app/kit). */
export const env = z.object({
  /** How long each owning service (auth, billing, pages) may take to answer a figures or list request. */
  OWNER_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(3000),
});
