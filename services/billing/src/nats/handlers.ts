import { Events, Rpc } from '@app/contracts';
import type { Bus } from '@app/kit';
import type { BillingServiceDeps } from '../domain/deps.js';
import { PurchaseKeyReusedError } from '../domain/ports.js';
import { capturePurchase, holdForPurchase, releasePurchase } from '../domain/purchase-holds.js';
import { exportUserData } from '../domain/export-user-data.js';

/**
 * Requests billing serves to other services: purchases' holds, their captures and releases, and the balance (pages),
 * payment counts (admin-stats) and a
 * member's ledger and payments for their data export (auth); and the deleted accounts it hears of (auth's
 * `userDeleted`), whose later payments it refunds.
 */
export async function serveNats(bus: Bus, deps: BillingServiceDeps): Promise<void> {
  const { store, logger } = deps;
  // Money before work. A purchase key reused for another amount has no answer in the contract: the
  // handler throws, so the caller's request fails with a remote error and nothing is reserved.
  bus.serve(Rpc.billingHold, async (req) => {
    try {
      return await holdForPurchase(deps, {
        userId: req.userId,
        key: req.key,
        cents: req.cents,
        reason: req.reason,
        exclusive: req.exclusive ?? false,
      });
    } catch (err) {
      if (err instanceof PurchaseKeyReusedError) {
        logger.warn(
          { userId: err.userId, key: err.key, heldCents: err.heldCents, requestedCents: err.requestedCents },
          'hold refused: purchase key already used for another amount',
        );
      }
      throw err;
    }
  });
  bus.serve(Rpc.billingCapture, async (req) => {
    const { outcome, balanceCents } = await capturePurchase(deps, req.userId, req.key);
    return { outcome, balanceCents };
  });
  bus.serve(Rpc.billingRelease, async (req) => ({
    released: await releasePurchase(deps, req.userId, req.key),
  }));
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
  // A payment approved after the account was deleted is refunded to its payer, not credited.
  await bus.consume(
    Events.userDeleted,
    { durable: 'billing-user-deleted', ackWaitMs: 30_000, maxDeliver: 60 },
    async (event) => {
      await store.refunds.markAccountDeleted(event.userId);
      logger.info({ userId: event.userId }, 'account deleted: its later payments are refunded');
    },
  );
}
