import { Jobs, RENDER_CONSUMER } from '@app/contracts';
import type { Bus } from '@app/kit';
import { renderJob, type RenderDeps } from '../domain/render-job.js';

export interface RenderConsumerOptions {
  concurrency: number;
  ackWaitMs: number;
  maxDeliver: number;
}

export function consumeRenderJobs(bus: Bus, deps: RenderDeps, opts: RenderConsumerOptions): Promise<void> {
  // Every worker replica attaches to the one durable consumer: JetStream spreads the jobs over them.
  return bus.consume(Jobs.renderPage, { durable: RENDER_CONSUMER, ...opts }, (job, ctx) =>
    renderJob(deps, job, ctx),
  );
}
