import { Jobs, RENDER_CONSUMERS } from '@app/contracts';
import type { Bus } from '@app/kit';
import type { PdfWorkerDeps } from '../domain/deps.js';
import { renderDocument, renderPreview } from '../domain/render-job.js';

/**
 * Every worker replica attaches to the two durable consumers (JetStream spreads the jobs over them). Each job waits
 * for a tab of the pool in the order of render-queue.ts, previews first; the preview consumer starts pulling first,
 * so on start-up a backlog of previews is not taken behind the documents.
 */
export async function serveNats(bus: Bus, deps: PdfWorkerDeps): Promise<void> {
  const opts = deps.jobs;
  await bus.consume(Jobs.renderPreview, { durable: RENDER_CONSUMERS.preview, ...opts }, (job, ctx) =>
    renderPreview(deps, job, ctx),
  );
  await bus.consume(Jobs.renderDocument, { durable: RENDER_CONSUMERS.document, ...opts }, (job, ctx) =>
    renderDocument(deps, job, ctx),
  );
}
