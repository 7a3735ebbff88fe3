import type { Logger } from '@app/kit';
import { renderDocument, type RenderDeps, type RenderJob } from './render-job.js';
import type { TabPool } from './tab-pool.js';

/**
 * The pages previewed last, newest first, whose PDFs the worker prints ahead of time while it is idle: the page a
 * parent is looking at is the one most likely to be bought next. Bounded: under a steady load of previews the
 * oldest are forgotten (their PDF is printed when bought, as with PDF_PRERENDER=off).
 */
export class RecentPreviews {
  #jobs: RenderJob[] = [];
  #wake: (() => void) | null = null;
  #stopped = false;

  constructor(private readonly capacity = 64) {}

  get length(): number {
    return this.#jobs.length;
  }

  get stopped(): boolean {
    return this.#stopped;
  }

  remember(job: RenderJob): void {
    if (this.#stopped) return;
    this.#jobs = [job, ...this.#jobs.filter((j) => j.code !== job.code)].slice(0, this.capacity);
    this.#wake?.();
  }

  /** The newest page not taken yet; waits for one. Null once stopped. */
  async next(): Promise<RenderJob | null> {
    while (!this.#stopped) {
      const job = this.#jobs.shift();
      if (job) return job;
      await new Promise<void>((resolve) => (this.#wake = resolve));
      this.#wake = null;
    }
    return null;
  }

  stop(): void {
    this.#stopped = true;
    this.#jobs = [];
    this.#wake?.();
  }
}

/**
 * How long the worker must have had no preview or document to draw before it prints a PDF ahead of time: a parent
 * looks at a preview for seconds before buying it, and one generating page after page is not made to wait for the PDF
 * of a page already skipped.
 */
export const AHEAD_AFTER_QUIET_MS = 500;

/**
 * Prints the PDFs of recent previews one at a time, each once the worker has been quiet for AHEAD_AFTER_QUIET_MS,
 * and then waiting in the pool behind every preview and document (render-queue.ts: `ahead` gets a tab only while
 * another stays free). `stop()` ends the loop after the PDF under way.
 */
export function prerenderWhenIdle(
  deps: RenderDeps,
  recent: RecentPreviews,
  logger: Logger,
  pool: Pick<TabPool, 'quiet'>,
): { stop(): Promise<void> } {
  const idle = { working() {} };
  const loop = (async () => {
    for (let job = await recent.next(); job; job = await recent.next()) {
      await pool.quiet(AHEAD_AFTER_QUIET_MS);
      if (recent.stopped) break;
      try {
        await renderDocument(deps, job, idle, 'ahead');
      } catch (err) {
        logger.warn({ err, code: job.code }, 'could not print a PDF ahead of time');
      }
    }
  })();
  return {
    async stop() {
      recent.stop();
      await loop;
    },
  };
}
