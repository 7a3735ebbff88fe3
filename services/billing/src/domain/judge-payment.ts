import type { ProviderPayment } from './payment-provider.js';
import { PENDING_PAYMENT_STATUSES } from './statement.js';

export interface TopUpFacts {
  id: string;
  userId: string;
  amountCents: number;
  preferenceId: string | null;
}

/** Who asks for the crediting: a signed-in user (processPayment) or a trusted source (webhook, reconciler). */
export interface Claimant {
  userId: string;
  preferenceId: string;
}

export type Verdict =
  | { kind: 'credit' }
  | { kind: 'pending' }
  | { kind: 'rejected' }
  | { kind: 'foreign' }
  | { kind: 'mismatch'; detail: string };

const PENDING = new Set<string>(PENDING_PAYMENT_STATUSES);

/**
 * Decides whether a payment read from the provider may credit a top-up. Pure: the caller has already loaded the
 * payment (from the provider, never from the request) and the top-up it names (`topUpId`).
 */
export function judgePayment(payment: ProviderPayment, topUp: TopUpFacts, claimant?: Claimant): Verdict {
  if (claimant && (claimant.userId !== topUp.userId || claimant.preferenceId !== topUp.preferenceId)) {
    return { kind: 'foreign' };
  }
  if (payment.status !== 'approved')
    return PENDING.has(payment.status) ? { kind: 'pending' } : { kind: 'rejected' };
  if (payment.currencyId !== 'BRL') return { kind: 'mismatch', detail: `currency ${payment.currencyId}` };
  if (payment.amountCents !== topUp.amountCents) {
    return { kind: 'mismatch', detail: `amount ${payment.amountCents} != ${topUp.amountCents}` };
  }
  return { kind: 'credit' };
}

/** Statuses that take the whole payment back: a full refund, a chargeback (the payer's bank reversed it). */
const REVERSED = new Set(['refunded', 'charged_back']);

/**
 * How many cents of a credited payment must be reversed in all, from what the provider says now: the whole credit
 * when it is refunded or charged back, its refunded part when it stays approved with a partial refund
 * (`transaction_amount_refunded`), else nothing. Never more than the credit. Pure.
 */
export function reversalTarget(payment: ProviderPayment, creditedCents: number): number {
  if (REVERSED.has(payment.status)) return creditedCents;
  const refunded = Number.isSafeInteger(payment.refundedCents) ? payment.refundedCents : 0;
  return Math.max(0, Math.min(refunded, creditedCents));
}
