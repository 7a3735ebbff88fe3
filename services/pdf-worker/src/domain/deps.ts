import type { SetAssembly, SetDeps } from './assemble-set.js';

/** How this worker takes jobs from its durable consumers (PDF_TABS, PDF_ACK_WAIT_MS, PDF_MAX_DELIVER). */
export interface RenderConsumerOptions {
  concurrency: number;
  ackWaitMs: number;
  maxDeliver: number;
}

/** Where a class set's assembly is reported (metrics.ts): how long it took, how it ended, what it rendered. */
export interface SetMetrics {
  observe(outcome: SetAssembly['outcome'] | 'error', seconds: number, rendered: number): void;
}

/** What the worker's consumers are built with (src/service.ts): the render use cases' deps and the consumers' pace. */
export interface PdfWorkerDeps extends SetDeps {
  jobs: RenderConsumerOptions;
  sets?: SetMetrics;
}
