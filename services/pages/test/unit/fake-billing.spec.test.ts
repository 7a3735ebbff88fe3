import { describe } from 'vitest';
import { billingDebitSpec } from '@app/testing';
import { FakeBilling } from '../fakes/memory-deps.js';

// pages' fake of billing's debit keeps billing's money rules: the same specification billing's store runs, in
// memory and on Postgres (services/billing/test/spec/billing-store.spec-suite.ts).
describe("pages' fake of billing: the debit", () => {
  billingDebitSpec(async () => {
    const billing = new FakeBilling();
    return {
      subject: {
        fund: async (userId, cents) =>
          void billing.balances.set(userId, (billing.balances.get(userId) ?? 0) + cents),
        debit: async (request) => billing.debit(request),
        balanceCents: async (userId) => billing.balances.get(userId) ?? 0,
      },
      close: async () => {},
    };
  });
});
