import type { BillingDeps } from './deps.js';
import type { RefundClaim } from './ports.js';

/** The idempotency key of a deleted account's refund: one per payment, however often it is sent. */
export const refundKey = (paymentId: string) => `refund:account-deleted:${paymentId}`;

/**
 * A payment approved for an account deleted before the payment was credited goes back to the payer. The
 * claim (billing.refunds, made atomically with the crediting check) says it is due; this asks the provider for the
 * whole refund with a key of the payment's own (X-Idempotency-Key: a repeat, a crash and a retry, two replicas at
 * once all get the same refund), records it, and tells the admin's activity log (`topup.refunded`) once. A provider
 * failure leaves the claim open: the webhook of the payment and the reconciler run this again.
 */
export async function refundDeletedAccountPayment(deps: BillingDeps, claim: RefundClaim): Promise<void> {
  if (claim.refundedAt) return;
  const log = { paymentId: claim.paymentId, topUpId: claim.topUpId, amountCents: claim.amountCents };
  const { refundId } = await deps.provider.refundPayment(claim.paymentId, refundKey(claim.paymentId));
  if (!(await deps.store.refunds.completeRefund(claim.paymentId, refundId))) return;
  deps.logger.info({ ...log, refundId }, 'payment of a deleted account refunded');
  await deps.events
    .topUpRefunded({
      topUpId: claim.topUpId,
      userId: claim.userId,
      paymentId: claim.paymentId,
      amountCents: claim.amountCents,
      refundId,
      reason: 'account_deleted',
    })
    .catch((err: unknown) => deps.logger.error({ err, ...log }, 'topup.refunded event not published'));
}
