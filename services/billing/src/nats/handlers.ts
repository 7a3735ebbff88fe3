import { Rpc } from '@app/contracts';
import type { Bus } from '@app/kit';
import type { BillingStore } from '../persistence/billing-store.js';

/** Requests billing serves to other services: debits for purchases (pages) and payment counts (admin-stats). */
export function serveBillingRpc(bus: Bus, store: BillingStore): void {
  bus.serve(Rpc.billingDebit, (req) =>
    store.debit({
      userId: req.userId,
      cents: req.cents,
      reason: req.reason,
      idempotencyKey: req.idempotencyKey,
    }),
  );
  bus.serve(Rpc.billingStats, async () => {
    const { total, credited } = await store.stats();
    return { totalPayments: total, paymentsFinished: credited, paymentsPending: total - credited };
  });
}
