import type { Metrics } from '@app/kit';
import type { MoneyCounters } from './domain/deps.js';

/** The money flow on billing's /metrics: credits and reversals, in cents and in count (no user, no payment id). */
export function moneyCounters(metrics: Metrics): MoneyCounters {
  const { creditedCents, credits, reversedCents, reversals } = metrics.counters({
    creditedCents: [
      'billing_credited_cents_total',
      'Cents credited to balances by approved top-up payments.',
    ],
    credits: ['billing_credits_total', 'Top-up payments credited.'],
    reversedCents: [
      'billing_reversed_cents_total',
      'Cents taken back from balances by refunds and chargebacks.',
    ],
    reversals: ['billing_reversals_total', 'Refunds and chargebacks applied to credited payments.'],
  });
  return {
    credited(amountCents) {
      creditedCents.inc(amountCents);
      credits.inc();
    },
    reversed(amountCents) {
      reversedCents.inc(amountCents);
      reversals.inc();
    },
  };
}
