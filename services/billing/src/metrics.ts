import type { Metrics } from '@app/kit';
import type { MoneyCounters } from './domain/deps.js';

/** The money flow on billing's /metrics: credits and reversals, in cents and in count (no user, no payment id). */
export function moneyCounters(metrics: Metrics): MoneyCounters {
  const creditedCents = metrics.counter({
    name: 'billing_credited_cents_total',
    help: 'Cents credited to balances by approved top-up payments.',
  });
  const credits = metrics.counter({ name: 'billing_credits_total', help: 'Top-up payments credited.' });
  const reversedCents = metrics.counter({
    name: 'billing_reversed_cents_total',
    help: 'Cents taken back from balances by refunds and chargebacks.',
  });
  const reversals = metrics.counter({
    name: 'billing_reversals_total',
    help: 'Refunds and chargebacks applied to credited payments.',
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
