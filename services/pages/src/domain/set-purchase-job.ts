import { Rpc, type Jobs, type MessagePayload } from '@app/contracts';
import { RetryLater } from '@app/kit';
import { setSale } from './buy-page-set.js';
import type { PagesDeps } from './deps.js';
import { awaitSetFile } from './renders.js';

/**
 * How often a set purchase's job is taken before it gives up: each delivery waits up to SET_PURCHASE_WAIT_MS (20 s
 * by default) for the set's file, then comes back a second later, so 45 deliveries last past billing's
 * BILLING_HOLD_MAX_MINUTES (15): by then the hold has expired and there is nothing left to charge.
 */
export const SET_PURCHASE_DELIVERIES = 45;
/** How long a delivery that did not find the file waits before the job comes back (it has just waited already). */
export const SET_PURCHASE_RETRY_MS = 1000;

/** How a set purchase's job ended. */
export type SetPurchaseOutcome =
  /** Charged once and marked bought (now, or by an earlier delivery or request). */
  | 'bought'
  /** No hold open to charge: the worker's failure notice released it, or it expired. Nothing charged. */
  | 'not_held'
  /** A refund or chargeback left less than the hold: billing released it. Nothing charged. */
  | 'insufficient'
  /** The set is not there (or not the buyer's): nothing to do. */
  | 'unknown_set'
  /** Its file never came within the job's deliveries: nothing charged, the hold expires in billing. */
  | 'given_up';

/**
 * One delivery of a class set's purchase job (`jobs.pages.buySet`, queued by POST /api/buySet with its hold): the
 * work the request no longer waits for. Bought already: done. Else every version not stored is printed (each its
 * own `jobs.pdf.version`, id `set-document:<code>:<holdId>`) and then the set assembled (`jobs.pdf.set`, id
 * `set:<setCode>:<holdId>`), waiting up to SET_PURCHASE_WAIT_MS for the file (renders.ts awaitSetFile). Stored: the
 * hold becomes the one debit (billing's capture, keyed `set:<setCode>`: a job delivered twice, or a request that
 * found the file, charges once) and the set is marked bought. Not stored yet: RetryLater, and the job comes back
 * (asking for the renders again queues nothing twice while their ids are remembered; the worker prints a file only
 * if it is not stored). A restart of pages or of the worker in the middle loses nothing: the job is taken again by
 * a replica, the renders stay queued. Nothing held any more (released, expired) or too little balance: the job ends
 * without charging, logged.
 */
export async function completeSetPurchase(
  deps: PagesDeps,
  job: MessagePayload<typeof Jobs.buySet>,
  { deliveryCount }: { deliveryCount: number },
): Promise<SetPurchaseOutcome> {
  const set = await deps.store.pages.findSet(job.setCode);
  if (!set || set.userId !== job.userId) {
    deps.logger.warn({ ...job }, 'class set purchase: no such set of the buyer');
    return 'unknown_set';
  }
  if (set.boughtAt) return 'bought';
  const stored = await awaitSetFile(deps, set, (name) => deps.files.has(name).then((has) => has || null), {
    timeoutMs: deps.setPurchaseWaitMs,
    printVersionsFor: job.holdId,
    assembleMsgID: `set:${set.code}:${job.holdId}`,
  });
  if (stored === null) {
    if (deliveryCount < SET_PURCHASE_DELIVERIES)
      throw new RetryLater(`class set ${set.code} not printed yet`, SET_PURCHASE_RETRY_MS);
    deps.logger.warn({ ...job, deliveryCount }, 'class set purchase given up: its file never came');
    return 'given_up';
  }
  const sale = setSale(deps, set);
  const captured = await deps.bus.request(Rpc.billingCapture, { userId: sale.userId, key: sale.key });
  if (captured.outcome !== 'captured') {
    deps.logger.info({ ...job, outcome: captured.outcome }, 'class set purchase ended without a debit');
    return captured.outcome;
  }
  await sale.markBought();
  return 'bought';
}
