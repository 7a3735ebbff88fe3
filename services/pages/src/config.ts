import { z } from 'zod';

/** pages's own variables (the base ones — DATABASE_URL, NATS_URL, ... — come from @app/kit). */
export const env = z.object({
  /**
   * How long GET /api/thumb, GET /api/page and a purchase wait for a render still in progress before answering 503.
   * The wait ends as soon as the file is stored (the RENDERS bucket's watch), never by polling.
   */
  RENDER_WAIT_MS: z.coerce.number().int().min(0).max(25_000).default(8000),
});
