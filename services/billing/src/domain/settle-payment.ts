import { judgePayment, reversalTarget, type Claimant, type TopUpFacts } from './judge-payment.js';
import type { BillingDeps } from './deps.js';
import type { SettlementSource } from './ports.js';
import type { ProviderPayment } from './payment-provider.js';
import { refundDeletedAccountPayment } from './refund-deleted-account.js';

export type Settlement =
  | { outcome: 'credited' | 'already_credited'; balanceCents: number; amountCents: number; topUpId: string }
  | { outcome: 'reversed' | 'already_reversed'; balanceCents: number }
  /** Approved after its payer deleted the account: sent back to the payer, not credited. */
  | { outcome: 'refunded' }
  | { outcome: 'pending' | 'rejected' | 'not_found' | 'foreign' | 'mismatch' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * THE crediting (and reversing) function: processPayment ('return'), the webhook and the reconciler all end here.
 * It reads the payment from the provider (never trusts the caller's copy), credits it once, only when approved, in
 * BRL, for the exact amount of a top-up of this user, and takes back, once per refund state, what a refund or a
 * chargeback reversed of a credited payment.
 */
export async function settlePayment(
  deps: BillingDeps,
  paymentId: string,
  source: SettlementSource,
  claimant?: Claimant,
): Promise<Settlement> {
  const payment = await deps.provider.getPayment(paymentId);
  if (!payment) return { outcome: 'not_found' };
  return settleKnownPayment(deps, payment, source, claimant);
}

/** The same, for a payment the provider has just listed (the reconciler's search). */
export async function settleKnownPayment(
  deps: BillingDeps,
  payment: ProviderPayment,
  source: SettlementSource,
  claimant?: Claimant,
): Promise<Settlement> {
  const topUpId = payment.topUpId;
  const topUp = topUpId && UUID.test(topUpId) ? await deps.store.topUps.findTopUp(topUpId) : null;
  if (!topUp) {
    deps.logger.warn({ paymentId: payment.paymentId }, 'payment does not reference a top-up of ours');
    return { outcome: 'not_found' };
  }
  const verdict = judgePayment(payment, topUp, claimant);
  const log = { paymentId: payment.paymentId, topUpId: topUp.id, status: payment.status, source };
  // A refund claimed for a deleted account is finished first, whatever the payment says now (the provider may have
  // made it already, and its key answers the same refund): it is never credited.
  const claim = verdict.kind === 'foreign' ? null : await deps.store.refunds.refundClaim(payment.paymentId);
  if (claim) {
    await refundDeletedAccountPayment(deps, claim);
    await recordStatus(deps, topUp, payment);
    return { outcome: 'refunded' };
  }
  switch (verdict.kind) {
    case 'foreign':
      deps.logger.warn(log, 'payment claimed by a user who does not own its top-up');
      return { outcome: 'foreign' };
    case 'mismatch':
      deps.logger.warn({ ...log, detail: verdict.detail }, 'approved payment does not match its top-up');
      return { outcome: 'mismatch' };
    case 'pending':
      await recordStatus(deps, topUp, payment);
      return { outcome: verdict.kind };
    case 'rejected': {
      // Refunded or charged back: it takes back the credit it made, if it made one.
      if (reversalTarget(payment, topUp.amountCents) > 0) {
        const reversal = await reverse(deps, payment, topUp, source);
        if (reversal) return reversal;
      }
      await recordStatus(deps, topUp, payment);
      return { outcome: 'rejected' };
    }
    case 'credit': {
      const result = await deps.store.ledger.creditPayment({
        topUpId: topUp.id,
        userId: topUp.userId,
        amountCents: topUp.amountCents,
        paymentId: payment.paymentId,
        source,
      });
      if (result.refundDue) {
        const due = await deps.store.refunds.refundClaim(payment.paymentId);
        if (due) await refundDeletedAccountPayment(deps, due);
        return { outcome: 'refunded' };
      }
      let balanceCents = result.balanceCents;
      if (result.credited) {
        deps.logger.info({ ...log, amountCents: topUp.amountCents }, 'payment credited');
        deps.money?.credited(topUp.amountCents);
        await deps.events
          .topUpCredited({
            topUpId: topUp.id,
            userId: topUp.userId,
            amountCents: topUp.amountCents,
            paymentId: payment.paymentId,
            balanceCents: result.balanceCents,
          })
          .catch((err: unknown) => deps.logger.error({ err, ...log }, 'topup.credited event not published'));
        await announceBalance(deps, topUp.userId, 'top_up', result.balanceCents, result.entryId);
      }
      // Still approved, but partially refunded.
      if (reversalTarget(payment, topUp.amountCents) > 0) {
        const reversal = await reverse(deps, payment, topUp, source);
        if (reversal) balanceCents = reversal.balanceCents;
      }
      return {
        outcome: result.credited ? 'credited' : 'already_credited',
        balanceCents,
        amountCents: topUp.amountCents,
        topUpId: topUp.id,
      };
    }
  }
}

/**
 * Notes the payment's status on a top-up not credited yet; when it changed, the member's open statement is told (its
 * pending list shows the payments Mercado Pago reports pending).
 */
async function recordStatus(deps: BillingDeps, topUp: TopUpFacts, payment: ProviderPayment): Promise<void> {
  if (await deps.store.topUps.recordPaymentStatus(topUp.id, payment.status))
    await announce(deps, {
      userId: topUp.userId,
      cause: 'payment_status',
      balanceCents: null,
      version: null,
      changeId: `status:${topUp.id}:${payment.status}`,
    });
}

/** Tells the member's open screens the balance after a ledger entry (its id is the balance's version). */
export async function announceBalance(
  deps: Pick<BillingDeps, 'events' | 'logger'>,
  userId: string,
  cause: 'top_up' | 'purchase' | 'reversal',
  balanceCents: number,
  entryId: string | null,
): Promise<void> {
  if (entryId === null) return;
  await announce(deps, {
    userId,
    cause,
    balanceCents,
    version: Number(entryId),
    changeId: `entry:${entryId}`,
  });
}

/** A failure to announce is logged: the money changed all the same, and the next screen load reads it. */
async function announce(
  deps: Pick<BillingDeps, 'events' | 'logger'>,
  change: Parameters<BillingDeps['events']['balanceChanged']>[0],
): Promise<void> {
  await deps.events
    .balanceChanged(change)
    .catch((err: unknown) =>
      deps.logger.error(
        { err, userId: change.userId, cause: change.cause },
        'balance.changed event not published',
      ),
    );
}

/** Reverses what the payment's refund state asks for; null when the payment was never credited. */
async function reverse(
  deps: BillingDeps,
  payment: ProviderPayment,
  topUp: TopUpFacts,
  source: SettlementSource,
): Promise<Extract<Settlement, { outcome: 'reversed' | 'already_reversed' }> | null> {
  const result = await deps.store.ledger.reversePayment({
    topUpId: topUp.id,
    paymentId: payment.paymentId,
    totalCents: reversalTarget(payment, topUp.amountCents),
    paymentStatus: payment.status,
    source,
  });
  if (!result.credited) return null;
  const log = { paymentId: payment.paymentId, topUpId: topUp.id, status: payment.status, source };
  if (result.reversedCents === 0) return { outcome: 'already_reversed', balanceCents: result.balanceCents };
  deps.logger.info(
    { ...log, reversedCents: result.reversedCents, totalReversedCents: result.totalReversedCents },
    'payment reversed',
  );
  deps.money?.reversed(result.reversedCents);
  await deps.events
    .topUpReversed({
      topUpId: topUp.id,
      userId: topUp.userId,
      paymentId: payment.paymentId,
      amountCents: result.reversedCents,
      totalReversedCents: result.totalReversedCents,
      balanceCents: result.balanceCents,
      reason: payment.status === 'charged_back' ? 'chargeback' : 'refund',
    })
    .catch((err: unknown) => deps.logger.error({ err, ...log }, 'topup.reversed event not published'));
  await announceBalance(deps, topUp.userId, 'reversal', result.balanceCents, result.entryId);
  return { outcome: 'reversed', balanceCents: result.balanceCents };
}
