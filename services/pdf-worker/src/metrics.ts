import type { Metrics } from '@app/kit';
import type { BrowserPool } from './browser/browser-pool.js';
import type { SetMetrics } from './domain/deps.js';
import { RENDER_KINDS } from './domain/render-queue.js';

/**
 * The worker's own series, next to the kit's (HTTP, NATS, JetStream, process): render time by kind, the renders
 * waiting for a tab, the pool's size, the browser's memory and its replacements. The pool's counters are read from
 * `pool.stats` when Prometheus scrapes, so the pool itself knows nothing of metrics.
 */
export function instrumentPool(metrics: Metrics, pool: BrowserPool): Pick<BrowserPool, 'render'> {
  const renderSeconds = metrics.histogram({
    name: 'pdf_render_duration_seconds',
    help: 'Time to render one sheet on the warm browser (waiting for a tab and retries included), by kind and outcome.',
    labelNames: ['kind', 'outcome'],
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
  });
  metrics.gauge({
    name: 'pdf_pool_tabs',
    help: 'Tabs of the browser pool (renders at the same time by this worker).',
    collect() {
      this.set(pool.size);
    },
  });
  metrics.gauge({
    name: 'pdf_render_waiting',
    help: 'Renders waiting for a free tab, by kind (preview, document, set, ahead).',
    labelNames: ['kind'],
    collect() {
      for (const kind of RENDER_KINDS) this.set({ kind }, pool.waiting(kind));
    },
  });
  metrics.gauge({
    name: 'pdf_browser_memory_megabytes',
    help: 'Memory of the browser and its processes at the last reading (proportional set size).',
    collect() {
      const { memoryMb } = pool.stats;
      if (memoryMb !== null) this.set(memoryMb);
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
    'pdf_browser_recycles_total',
    'Browsers replaced by a new one (after a crash, or past PDF_BROWSER_MAX_MB).',
    () => pool.stats.recycled,
  );
  fromStats('pdf_rendered_total', 'Sheets rendered by the pool.', () => pool.stats.rendered);
  fromStats(
    'pdf_render_retries_total',
    'Renders run again on a fresh tab or browser after a failure.',
    () => pool.stats.retried,
  );

  return {
    async render(sheet, options) {
      const end = renderSeconds.startTimer({ kind: options.kind ?? 'document' });
      try {
        const rendered = await pool.render(sheet, options);
        end({ outcome: 'ok' });
        return rendered;
      } catch (err) {
        end({ outcome: 'error' });
        throw err;
      }
    },
  };
}

/**
 * Class sets: `pdf_set_assembly_duration_seconds{outcome}` (assembled, stored: the file was there
 * already, error), the whole job from the versions' reads to the stored file; `pdf_set_versions_rendered_total`, the
 * versions whose PDF the assembly had to print itself (their document job had not stored it).
 */
export function instrumentSets(metrics: Metrics): SetMetrics {
  const seconds = metrics.histogram({
    name: 'pdf_set_assembly_duration_seconds',
    help: "Time to assemble a class set's file (reading the versions, printing missing ones, the answer table, the merge), by outcome.",
    labelNames: ['outcome'],
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
  });
  const rendered = metrics.counter({
    name: 'pdf_set_versions_rendered_total',
    help: 'Versions of class sets whose PDF was missing at the assembly and was printed by it.',
  });
  return {
    observe(outcome, elapsed, versions) {
      seconds.observe({ outcome }, elapsed);
      if (versions > 0) rendered.inc(versions);
    },
  };
}
