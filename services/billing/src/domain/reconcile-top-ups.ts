import type { BillingDeps } from './deps.js';
import { settleKnownPayment } from './settle-payment.js';

export interface ReconcileOptions {
  windowHours: number;
  everyMs: number;
  batchSize?: number;
}

/**
 * One pass of the reconciler: asks the provider about pending top-ups (younger than the window, not asked about
 * for `everyMs`) and settles what it finds, so a payment whose redirect and notification never arrived is still
 * credited. Answers how many payments it credited.
 */
export async function reconcileTopUps(deps: BillingDeps, opts: ReconcileOptions): Promise<number> {
  const topUps = await deps.store.claimPendingTopUps({
    windowHours: opts.windowHours,
    everyMs: opts.everyMs,
    limit: opts.batchSize ?? 50,
  });
  let credited = 0;
  for (const topUp of topUps) {
    try {
      for (const payment of await deps.provider.findPayments(topUp.id)) {
        const settlement = await settleKnownPayment(deps, payment);
        if (settlement.outcome === 'credited') credited++;
      }
    } catch (err) {
      deps.logger.warn({ err, topUpId: topUp.id }, 'reconciliation of a top-up failed; will retry');
    }
  }
  return credited;
}

/** Runs `reconcileTopUps` every `everyMs` until stopped; a pass never overlaps the next. */
export function startReconciler(deps: BillingDeps, opts: ReconcileOptions): { stop(): Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = reconcileTopUps(deps, opts)
      .then((n) => n > 0 && deps.logger.info({ credited: n }, 'reconciler credited payments'))
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
