import { availableParallelism } from 'node:os';
import type { StackInfo } from '@app/testing';

/**
 * How many Playwright workers the end-to-end tier runs, each a browser driving a stack of its own: E2E_WORKERS, else
 * one per core, at most 4. `npm test` runs the tier after the integration tier, when the unit tier and the checks
 * are done or nearly so: one worker left a third of two cores idle (a browser waits on its stack, the stack on its
 * database), two kept them busy and ran the tier in 5.4 minutes instead of 7.2 (docs/testing.md). The specs of one
 * file stay in one worker, in order.
 */
export const e2eWorkers = (): number =>
  Math.max(1, Number(process.env.E2E_WORKERS ?? Math.min(4, availableParallelism())) || 1);

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

/** The Chromium flags of every end-to-end browser (playwright.config.ts); a spec adds its own to these. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];
