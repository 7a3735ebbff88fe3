import { describe, expect, it } from 'vitest';
import { judgePayment, reversalTarget, type TopUpFacts } from '../../src/domain/judge-payment.js';
import type { ProviderPayment } from '../../src/domain/payment-provider.js';

const topUp: TopUpFacts = { id: 'top-up-1', userId: 'user-1', amountCents: 1000, preferenceId: 'pref-1' };
const approved: ProviderPayment = {
  paymentId: '123',
  status: 'approved',
  topUpId: 'top-up-1',
  currencyId: 'BRL',
  amountCents: 1000,
  refundedCents: 0,
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

describe('reversalTarget', () => {
  it('takes back the whole credit for a refund or a chargeback', () => {
    expect(reversalTarget({ ...approved, status: 'refunded', refundedCents: 1000 }, 1000)).toBe(1000);
    expect(reversalTarget({ ...approved, status: 'charged_back' }, 1000)).toBe(1000);
    // A refunded payment whose refunded field lags still reverses everything.
    expect(reversalTarget({ ...approved, status: 'refunded', refundedCents: 0 }, 1000)).toBe(1000);
  });

  it('takes back the refunded part of a payment that stays approved, never more than the credit', () => {
    expect(reversalTarget({ ...approved, refundedCents: 300 }, 1000)).toBe(300);
    expect(reversalTarget({ ...approved, refundedCents: 1500 }, 1000)).toBe(1000);
  });

  it('takes back nothing from an untouched, pending, rejected or disputed payment', () => {
    expect(reversalTarget(approved, 1000)).toBe(0);
    for (const status of ['pending', 'rejected', 'cancelled', 'in_mediation'])
      expect(reversalTarget({ ...approved, status }, 1000)).toBe(0);
  });
});
