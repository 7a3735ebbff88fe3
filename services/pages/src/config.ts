import { z } from 'zod';

/** pages's own variables (the base ones — DATABASE_URL, NATS_URL, ... — come from @app/kit). */
export const env = z.object({
  /** How long GET /api/thumb and GET /api/page wait for a render still in progress before answering 503. */
  RENDER_WAIT_MS: z.coerce.number().int().min(0).max(25_000).default(8000),
  /** While waiting, how often to re-check the database (a render stored by another replica sends no signal here). */
  RENDER_RECHECK_MS: z.coerce.number().int().min(50).max(5000).default(1000),
});
