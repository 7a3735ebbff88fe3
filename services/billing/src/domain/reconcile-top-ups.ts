import type { BillingDeps } from './deps.js';
import { settleKnownPayment } from './settle-payment.js';

export interface ReconcileOptions {
  windowHours: number;
  everyMs: number;
  /** For how long after its credit a top-up is still looked up for a refund or chargeback. */
  reversalWindowDays: number;
  /** How often one credited top-up is looked up again (much less often than pending ones). */
  reversalEveryMs: number;
  batchSize?: number;
}

export interface ReconcileResult {
  credited: number;
  reversed: number;
}

/**
 * One pass of the reconciler: asks the provider about pending top-ups (younger than the window, not asked about
 * for `everyMs`) and about credited ones (credited within `reversalWindowDays`, not asked about for
 * `reversalEveryMs`), and settles what it finds, so a payment whose redirect and notification never arrived is
 * still credited, and a refund or chargeback whose notification never arrived still takes its credit back.
 */
export async function reconcileTopUps(deps: BillingDeps, opts: ReconcileOptions): Promise<ReconcileResult> {
  const limit = opts.batchSize ?? 50;
  const pending = await deps.store.topUps.claimPendingTopUps({
    windowHours: opts.windowHours,
    everyMs: opts.everyMs,
    limit,
  });
  const credited = await deps.store.topUps.claimCreditedTopUps({
    windowDays: opts.reversalWindowDays,
    everyMs: opts.reversalEveryMs,
    limit,
  });
  const result: ReconcileResult = { credited: 0, reversed: 0 };
  for (const topUp of [...pending, ...credited]) {
    try {
      for (const payment of await deps.provider.findPayments(topUp.id)) {
        const settlement = await settleKnownPayment(deps, payment, 'reconciler');
        if (settlement.outcome === 'credited') result.credited++;
        if (settlement.outcome === 'reversed') result.reversed++;
      }
    } catch (err) {
      deps.logger.warn({ err, topUpId: topUp.id }, 'reconciliation of a top-up failed; will retry');
    }
  }
  return result;
}

/** Runs `reconcileTopUps` every `everyMs` until stopped; a pass never overlaps the next. */
export function startReconciler(deps: BillingDeps, opts: ReconcileOptions): { stop(): Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = reconcileTopUps(deps, opts)
      .then((r) => (r.credited > 0 || r.reversed > 0) && deps.logger.info(r, 'reconciler settled payments'))
      .catch((err: unknown) => deps.logger.error({ err }, 'reconciler pass failed'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, opts.everyMs);
      });
  };
  timer = setTimeout(tick, opts.everyMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
