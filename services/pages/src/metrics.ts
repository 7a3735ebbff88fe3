import type { Metrics } from '@app/kit';
import type { RenderSignals } from './domain/render-signals.js';

/**
 * pages's own series, next to the kit's: how many preview, download and purchase requests are waiting for a render
 * now, and how many waits the RENDERS bucket's notice ended (the rest found the file at once or timed out with 503).
 */
export function instrumentSignals(metrics: Metrics, signals: RenderSignals): void {
  metrics.gauge({
    name: 'pages_render_waiting',
    help: 'Requests of this replica waiting for a page render to be stored.',
    collect() {
      this.set(signals.stats.waiting);
    },
  });
  let reported = 0;
  metrics.counter({
    name: 'pages_render_wakeups_total',
    help: 'Waits for a render ended by the notice that its file was stored (the bucket watch).',
    collect() {
      this.inc(signals.stats.woken - reported);
      reported = signals.stats.woken;
    },
  });
}
