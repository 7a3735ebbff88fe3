import { describe } from 'vitest';
import { billingHoldSpec } from '@app/testing';
import { FakeBilling } from '../fakes/memory-deps.js';

// pages' fake of billing's purchase holds keeps billing's money rules: the same specification billing's store runs,
// in memory and on Postgres (services/billing/test/spec/billing-store.spec-suite.ts).
describe("pages' fake of billing: a purchase's hold", () => {
  billingHoldSpec(async () => {
    const billing = new FakeBilling();
    return {
      subject: {
        fund: async (userId, cents) =>
          void billing.balances.set(userId, (billing.balances.get(userId) ?? 0) + cents),
        hold: async (request) => billing.hold({ ...request }),
        capture: async (request) => billing.capture(request),
        release: async (request) => billing.release(request),
        balanceCents: async (userId) => billing.balances.get(userId) ?? 0,
      },
      close: async () => {},
    };
  });
});
