import { availableParallelism } from 'node:os';
import type { StackInfo } from '@app/testing';

/**
 * How many Playwright workers the end-to-end tier runs, each a browser driving a stack of its own: E2E_WORKERS, else
 * one per 4 cores. On this 2-core machine `npm test` keeps both cores busy with the other tiers, and a second worker
 * (its stack, its browser) did not make the run shorter (docs/testing.md). The specs of one file stay in one worker,
 * in order.
 */
export const e2eWorkers = (): number =>
  Math.max(1, Number(process.env.E2E_WORKERS ?? Math.floor(availableParallelism() / 4)) || 1);

/**
 * The stack of the worker this runs in (global-setup.ts starts one per worker; Playwright numbers its workers
 * 0..workers-1 in TEST_PARALLEL_INDEX, a replacement worker taking the number of the one it replaces). Undefined in
 * the runner's own process, before global setup.
 */
export function workerStack(): StackInfo | undefined {
  if (!process.env.E2E_STACKS) return undefined;
  const stacks = JSON.parse(process.env.E2E_STACKS) as StackInfo[];
  return stacks[Number(process.env.TEST_PARALLEL_INDEX ?? 0) % stacks.length];
}
