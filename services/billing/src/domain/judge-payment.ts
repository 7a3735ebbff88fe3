import type { ProviderPayment } from './payment-provider.js';

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

const PENDING = new Set(['pending', 'authorized', 'in_process', 'in_mediation']);

/**
 * Decides whether a payment read from the provider may credit a top-up. Pure: the caller has already loaded the
 * payment (from the provider, never from the request) and the top-up its external_reference names.
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
