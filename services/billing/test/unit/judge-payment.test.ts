import { describe, expect, it } from 'vitest';
import { judgePayment, type TopUpFacts } from '../../src/domain/judge-payment.js';
import type { ProviderPayment } from '../../src/domain/payment-provider.js';

const topUp: TopUpFacts = { id: 'top-up-1', userId: 'user-1', amountCents: 1000, preferenceId: 'pref-1' };
const approved: ProviderPayment = {
  id: '123',
  status: 'approved',
  externalReference: 'top-up-1',
  currencyId: 'BRL',
  amountCents: 1000,
};
const owner = { userId: 'user-1', preferenceId: 'pref-1' };

describe('judgePayment', () => {
  it('credits an approved BRL payment of the exact amount, for its owner or a trusted source', () => {
    expect(judgePayment(approved, topUp, owner)).toEqual({ kind: 'credit' });
    expect(judgePayment(approved, topUp)).toEqual({ kind: 'credit' });
  });

  it("refuses another user's top-up or another preference before looking at the payment", () => {
    expect(judgePayment(approved, topUp, { userId: 'user-2', preferenceId: 'pref-1' })).toEqual({
      kind: 'foreign',
    });
    expect(judgePayment(approved, topUp, { userId: 'user-1', preferenceId: 'pref-2' })).toEqual({
      kind: 'foreign',
    });
    expect(
      judgePayment({ ...approved, status: 'pending' }, topUp, { userId: 'user-2', preferenceId: 'pref-1' }),
    ).toEqual({
      kind: 'foreign',
    });
  });

  it.each(['pending', 'in_process', 'authorized', 'in_mediation'])('waits on a %s payment', (status) => {
    expect(judgePayment({ ...approved, status }, topUp, owner)).toEqual({ kind: 'pending' });
  });

  it.each(['rejected', 'cancelled', 'refunded', 'charged_back', 'anything-else'])(
    'never credits a %s payment',
    (status) => {
      expect(judgePayment({ ...approved, status }, topUp, owner)).toEqual({ kind: 'rejected' });
    },
  );

  it('refuses another currency or another amount', () => {
    expect(judgePayment({ ...approved, currencyId: 'USD' }, topUp, owner).kind).toBe('mismatch');
    expect(judgePayment({ ...approved, currencyId: null }, topUp, owner).kind).toBe('mismatch');
    expect(judgePayment({ ...approved, amountCents: 999 }, topUp, owner).kind).toBe('mismatch');
    expect(judgePayment({ ...approved, amountCents: 1001 }, topUp, owner).kind).toBe('mismatch');
  });
});
