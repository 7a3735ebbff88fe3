import { z } from 'zod';

/** pages's own variables (the base ones — DATABASE_URL, NATS_URL, ... — come from @app/kit). */
export const env = z.object({
  /**
   * How long GET /api/thumb, GET /api/page and a page's purchase wait for a render still in progress before answering 503.
   * The wait ends as soon as the file is stored (the RENDERS bucket's watch), never by polling.
   */
  RENDER_WAIT_MS: z.coerce.number().int().min(0).max(25_000).default(8000),
  /**
   * How long a page's purchase keeps printing after its HTTP answer (503 past RENDER_WAIT_MS): its file stored
   * within it, the purchase is charged and marked bought whether or not the buyer still waits. Keep it under billing's
   * BILLING_HOLD_MAX_MINUTES (15), after which billing frees a hold nobody captured.
   */
  PURCHASE_WAIT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(600_000),
  /**
   * How long one delivery of a class set's purchase job waits for the set's file before it puts the job back (it
   * comes back a second later, 45 times at most: set-purchase-job.ts). Keep it well under the pod's grace period on
   * shutdown, which waits for the deliveries in progress.
   */
  SET_PURCHASE_WAIT_MS: z.coerce.number().int().min(1000).max(60_000).default(20_000),
  /** Pages one account may create per minute (POST /api/page; a class set counts as one), on every replica together; past it, 429. */
  PAGES_PER_MINUTE: z.coerce.number().int().positive().default(30),
  /**
   * Previews of one account in the worker's queue at once (per pages replica); its others wait in this replica, in
   * order, so one account's burst puts at most this many renders ahead of another account's preview.
   */
  PREVIEWS_IN_FLIGHT_PER_ACCOUNT: z.coerce.number().int().positive().default(2),
  /** Previews of one account not drawn yet, on every replica together: past it, a new page answers 429. */
  PREVIEWS_WAITING_PER_ACCOUNT: z.coerce.number().int().positive().default(10),
});
