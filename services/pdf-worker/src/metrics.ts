import type { Metrics } from '@app/kit';
import type { BrowserPool } from './domain/browser-pool.js';

/**
 * The worker's own series, next to the kit's (HTTP, NATS, JetStream, process): render time, the pool's size and
 * the browser's relaunches. The pool's counters are read from `pool.stats` when Prometheus scrapes, so the pool
 * itself knows nothing of metrics.
 */
export function instrumentPool(metrics: Metrics, pool: BrowserPool): Pick<BrowserPool, 'render'> {
  const renderSeconds = metrics.histogram({
    name: 'pdf_render_duration_seconds',
    help: 'Time to render one sheet (PDF and thumbnail) on the warm browser, retries included, by outcome.',
    labelNames: ['outcome'],
    buckets: [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  });
  metrics.gauge({
    name: 'pdf_pool_tabs',
    help: 'Tabs of the browser pool (jobs rendered at the same time by this worker).',
    collect() {
      this.set(pool.size);
    },
  });
  const fromStats = (name: string, help: string, read: () => number) => {
    let reported = 0;
    metrics.counter({
      name,
      help,
      collect() {
        const now = read();
        if (now > reported) this.inc(now - reported);
        reported = Math.max(reported, now);
      },
    });
  };
  fromStats(
    'pdf_browser_restarts_total',
    'Browser relaunches after the first launch (a crash, or every PDF_RESTART_EVERY jobs).',
    () => Math.max(0, pool.stats.launches - 1),
  );
  fromStats('pdf_rendered_total', 'Sheets rendered by the pool.', () => pool.stats.rendered);
  fromStats(
    'pdf_render_retries_total',
    'Renders run again on a fresh tab or browser after a failure.',
    () => pool.stats.retried,
  );

  return {
    async render(html) {
      const end = renderSeconds.startTimer();
      try {
        const sheet = await pool.render(html);
        end({ outcome: 'ok' });
        return sheet;
      } catch (err) {
        end({ outcome: 'error' });
        throw err;
      }
    },
  };
}
