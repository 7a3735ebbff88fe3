import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { PRERENDER_MODES } from './domain/render-job.js';

/** pdf-worker's own variables (the base ones — DATABASE_URL, NATS_URL, ... — come from @app/kit). */
export const env = z.object({
  /**
   * The browser driven by puppeteer-core. Unset: a headless shell (the system's, else the one inside the
   * `@sparticuz/chromium` package), else the system's full Chromium (`@app/browser`); nothing is ever downloaded.
   */
  CHROME_PATH: z.string().min(1).optional(),
  /**
   * Tabs of the pool = renders at once by this worker. Chromium's CPU is the bottleneck: one per core (measured with
   * `npm run bench:render`: on 2 cores, 2 tabs draw more previews a second than 1 or 3).
   */
  PDF_TABS: z.coerce.number().int().min(1).max(32).default(availableParallelism()),
  /**
   * Replace the browser once it and its processes use more than this many MB: the new one is launched and warmed
   * while the old one finishes its renders, so nobody waits for a launch. 0 turns it off (a crash still brings a new
   * browser). Keep it under the container's memory limit minus a fresh browser (deploy/k8s/RESOURCES.md).
   */
  PDF_BROWSER_MAX_MB: z.coerce.number().int().min(0).default(768),
  /** When PDFs are printed besides purchases: `idle` (ahead of time, when idle), `off`, `with-preview`. */
  PDF_PRERENDER: z.enum(PRERENDER_MODES).default('idle'),
  /**
   * How long a job held by a silent worker (killed or frozen mid-job) waits before JetStream hands it to another.
   * A live worker keeps its jobs in progress while it renders (the kit's consumer heartbeat), so a slow render is
   * never rendered twice; this only bounds how late a dead worker's job is picked up.
   */
  PDF_ACK_WAIT_MS: z.coerce.number().int().min(5000).max(300_000).default(15_000),
  /** Deliveries of one job before it is terminated and logged (a page that cannot be rendered). */
  PDF_MAX_DELIVER: z.coerce.number().int().min(1).max(20).default(10),
});
