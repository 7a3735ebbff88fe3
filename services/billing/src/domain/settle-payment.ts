import { judgePayment, type Claimant } from './judge-payment.js';
import type { BillingDeps } from './deps.js';
import type { ProviderPayment } from './payment-provider.js';

export type Settlement =
  | { outcome: 'credited' | 'already_credited'; balanceCents: number }
  | { outcome: 'pending' | 'rejected' | 'not_found' | 'foreign' | 'mismatch' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * THE crediting function: processPayment, the webhook and the reconciler all end here. It reads the payment from
 * the provider (never trusts the caller's copy) and credits it once, only when approved, in BRL, for the exact
 * amount of a top-up of this user.
 */
export async function settlePayment(
  deps: BillingDeps,
  paymentId: string,
  claimant?: Claimant,
): Promise<Settlement> {
  const payment = await deps.provider.getPayment(paymentId);
  if (!payment) return { outcome: 'not_found' };
  return settleKnownPayment(deps, payment, claimant);
}

/** The same, for a payment the provider has just listed (the reconciler's search). */
export async function settleKnownPayment(
  deps: BillingDeps,
  payment: ProviderPayment,
  claimant?: Claimant,
): Promise<Settlement> {
  const topUpId = payment.externalReference;
  const topUp = topUpId && UUID.test(topUpId) ? await deps.store.findTopUp(topUpId) : null;
  if (!topUp) {
    deps.logger.warn({ paymentId: payment.id }, 'payment does not reference a top-up of ours');
    return { outcome: 'not_found' };
  }
  const verdict = judgePayment(payment, topUp, claimant);
  const log = { paymentId: payment.id, topUpId: topUp.id, status: payment.status };
  switch (verdict.kind) {
    case 'foreign':
      deps.logger.warn(log, 'payment claimed by a user who does not own its top-up');
      return { outcome: 'foreign' };
    case 'mismatch':
      deps.logger.warn({ ...log, detail: verdict.detail }, 'approved payment does not match its top-up');
      return { outcome: 'mismatch' };
    case 'pending':
    case 'rejected':
      await deps.store.recordPaymentStatus(topUp.id, payment.status);
      return { outcome: verdict.kind };
    case 'credit': {
      const result = await deps.store.creditPayment({
        topUpId: topUp.id,
        userId: topUp.userId,
        amountCents: topUp.amountCents,
        paymentId: payment.id,
      });
      if (!result.credited) return { outcome: 'already_credited', balanceCents: result.balanceCents };
      deps.logger.info({ ...log, amountCents: topUp.amountCents }, 'payment credited');
      await deps.events
        .topUpCredited({
          topUpId: topUp.id,
          userId: topUp.userId,
          amountCents: topUp.amountCents,
          paymentId: payment.id,
        })
        .catch((err: unknown) => deps.logger.error({ err, ...log }, 'topup.credited event not published'));
      return { outcome: 'credited', balanceCents: result.balanceCents };
    }
  }
}
