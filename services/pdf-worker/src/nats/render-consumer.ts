import { Jobs } from '@app/contracts';
import type { Bus } from '@app/kit';
import { renderJob, type RenderDeps } from '../domain/render-job.js';

/** The durable consumer every worker replica attaches to: JetStream spreads jobs over them, no configuration. */
export const RENDER_CONSUMER = 'pdf-worker-render';

export interface RenderConsumerOptions {
  concurrency: number;
  ackWaitMs: number;
  maxDeliver: number;
}

export function consumeRenderJobs(bus: Bus, deps: RenderDeps, opts: RenderConsumerOptions): Promise<void> {
  return bus.consume(Jobs.renderPage, { durable: RENDER_CONSUMER, ...opts }, (job, ctx) =>
    renderJob(deps, job, ctx),
  );
}
