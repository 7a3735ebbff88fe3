import { Events, Rpc } from '@app/contracts';
import type { Bus } from '@app/kit';
import { debitForPurchase } from '../domain/debit-for-purchase.js';
import type { BillingServiceDeps } from '../domain/deps.js';
import { DebitKeyReusedError } from '../domain/ports.js';
import { exportUserData } from '../domain/export-user-data.js';

/**
 * Requests billing serves to other services: debits for purchases and the balance a class set's printing is checked
 * against (pages), payment counts (admin-stats) and a
 * member's ledger and payments for their data export (auth); and the deleted accounts it hears of (auth's
 * `userDeleted`), whose later payments it refunds.
 */
export async function serveNats(bus: Bus, deps: BillingServiceDeps): Promise<void> {
  const { store, logger } = deps;
  // A key reused for another amount has no answer in the contract (ok | insufficient): the handler throws, so the
  // caller's request fails with a remote error and nothing is debited.
  bus.serve(Rpc.billingDebit, async (req) => {
    try {
      const result = await debitForPurchase(deps, {
        userId: req.userId,
        cents: req.cents,
        reason: req.reason,
        idempotencyKey: req.idempotencyKey,
      });
      return result.ok
        ? { ok: true as const, balanceCents: result.balanceCents }
        : { ok: false as const, reason: result.reason, balanceCents: result.balanceCents };
    } catch (err) {
      if (err instanceof DebitKeyReusedError) {
        logger.warn(
          {
            userId: err.userId,
            idempotencyKey: err.idempotencyKey,
            debitedCents: err.debitedCents,
            requestedCents: err.requestedCents,
          },
          'debit refused: idempotency key already used for another amount',
        );
      }
      throw err;
    }
  });
  bus.serve(Rpc.billingBalance, async (req) => ({
    balanceCents: await store.ledger.balanceCents(req.userId),
  }));
  bus.serve(Rpc.billingStats, async () => {
    const { total, credited, reversed } = await store.topUps.stats();
    return {
      totalPayments: total,
      paymentsFinished: credited,
      paymentsPending: total - credited,
      paymentsReversed: reversed,
    };
  });
  bus.serve(Rpc.billingExportUserData, (req) => exportUserData(store, req.userId));
  // Issue 23: a payment approved after the account was deleted is refunded to its payer, not credited.
  await bus.consume(
    Events.userDeleted,
    { durable: 'billing-user-deleted', ackWaitMs: 30_000, maxDeliver: 60 },
    async (event) => {
      await store.refunds.markAccountDeleted(event.userId);
      logger.info({ userId: event.userId }, 'account deleted: its later payments are refunded');
    },
  );
}
