import { availableParallelism } from 'node:os';
import { z } from 'zod';

/** pdf-worker's own variables (the base ones — DATABASE_URL, NATS_URL, ... — come from @app/kit). */
export const env = z.object({
  /**
   * The browser driven by puppeteer-core. Unset: the system's Chromium, else the one inside the
   * `@sparticuz/chromium` package (`@app/browser`); nothing is ever downloaded.
   */
  CHROME_PATH: z.string().min(1).optional(),
  /** Tabs of the pool = jobs rendered at once by this worker. Chromium's CPU is the bottleneck, so one per core. */
  PDF_TABS: z.coerce.number().int().min(1).max(32).default(availableParallelism()),
  /** Restart the browser after this many renders, so a slow leak in Chromium never builds up. */
  PDF_RESTART_EVERY: z.coerce.number().int().min(1).default(500),
  /**
   * How long a job held by a silent worker (killed or frozen mid-job) waits before JetStream hands it to another.
   * A live worker keeps its jobs in progress while it renders (the kit's consumer heartbeat), so a slow render is
   * never rendered twice; this only bounds how late a dead worker's job is picked up.
   */
  PDF_ACK_WAIT_MS: z.coerce.number().int().min(5000).max(300_000).default(15_000),
  /** Deliveries of one job before it is terminated and logged (a page that cannot be rendered). */
  PDF_MAX_DELIVER: z.coerce.number().int().min(1).max(20).default(10),
});
