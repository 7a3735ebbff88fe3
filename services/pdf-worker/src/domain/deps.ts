import type { RenderDeps } from './render-job.js';

/** How this worker takes jobs from its two durable consumers (PDF_TABS, PDF_ACK_WAIT_MS, PDF_MAX_DELIVER). */
export interface RenderConsumerOptions {
  concurrency: number;
  ackWaitMs: number;
  maxDeliver: number;
}

/** What the worker's consumers are built with (src/service.ts): the render use cases' deps and the consumers' pace. */
export interface PdfWorkerDeps extends RenderDeps {
  jobs: RenderConsumerOptions;
}
