import { Jobs, RENDER_CONSUMERS } from '@app/contracts';
import type { Bus } from '@app/kit';
import { assembleSet } from '../domain/assemble-set.js';
import type { PdfWorkerDeps } from '../domain/deps.js';
import { renderDocument, renderPreview } from '../domain/render-job.js';

/**
 * Every worker replica attaches to the three durable consumers (JetStream spreads the jobs over them). Each job waits
 * for a tab of the pool in the order of render-queue.ts, previews first; the preview consumer starts pulling first,
 * so on start-up a backlog of previews is not taken behind the documents. A class set's assembly draws its answer
 * table (and any version whose PDF is missing) as a document: a buyer waits for it.
 */
export async function serveNats(bus: Bus, deps: PdfWorkerDeps): Promise<void> {
  const opts = deps.jobs;
  await bus.consume(Jobs.renderPreview, { durable: RENDER_CONSUMERS.preview, ...opts }, (job, ctx) =>
    renderPreview(deps, job, ctx),
  );
  await bus.consume(Jobs.renderDocument, { durable: RENDER_CONSUMERS.document, ...opts }, (job, ctx) =>
    renderDocument(deps, job, ctx),
  );
  await bus.consume(Jobs.assembleSet, { durable: RENDER_CONSUMERS.set, ...opts }, async (job, ctx) => {
    const started = performance.now();
    try {
      const done = await assembleSet(deps, job, ctx);
      deps.sets?.observe(done.outcome, (performance.now() - started) / 1000, done.rendered);
    } catch (err) {
      deps.sets?.observe('error', (performance.now() - started) / 1000, 0);
      throw err;
    }
  });
}
