import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { refundKey } from '../../src/domain/refund-deleted-account.js';
import { settlePayment } from '../../src/domain/settle-payment.js';
import { memoryDeps } from '../fakes/memory-deps.js';

// A Pix approved after the account was deleted was credited to the deleted account, and nobody was
// told. It now goes back to the payer through the provider's refund API, once, and the admin log hears of it.
let w: ReturnType<typeof memoryDeps>;
beforeEach(() => {
  w = memoryDeps();
});

async function pendingTopUp(userId: string, amountCents = 1000) {
  const id = randomUUID();
  await w.store.topUps.createTopUp({ id, userId, amountCents });
  await w.store.topUps.attachPreference(id, `pref-${id}`);
  return id;
}

describe('a payment approved for a deleted account', () => {
  it('is refunded through the provider (its own idempotency key), not credited, and announced once', async () => {
    const topUpId = await pendingTopUp('ana');
    const paymentId = w.provider.pay(topUpId, 1000, 'pending');
    await w.store.refunds.markAccountDeleted('ana');
    w.provider.update(paymentId, { status: 'approved' });

    expect(await settlePayment(w.deps, paymentId, 'webhook')).toEqual({ outcome: 'refunded' });
    expect(w.store.entries()).toHaveLength(0);
    expect(await w.store.ledger.balanceCents('ana')).toBe(0);
    expect([...w.provider.refunds.entries()]).toEqual([
      [refundKey(paymentId), { paymentId, refundId: 'refund-1' }],
    ]);
    expect(w.events.refunded).toEqual([
      {
        topUpId,
        userId: 'ana',
        paymentId,
        amountCents: 1000,
        refundId: 'refund-1',
        reason: 'account_deleted',
      },
    ]);
    expect(w.events.credited).toHaveLength(0);

    // The webhook again, the reconciler, a return: nothing more is refunded or announced.
    for (const source of ['webhook', 'reconciler', 'return'] as const)
      expect(await settlePayment(w.deps, paymentId, source)).toEqual({ outcome: 'refunded' });
    expect(w.provider.refunds.size).toBe(1);
    expect(w.events.refunded).toHaveLength(1);
    expect(w.store.entries()).toHaveLength(0);
  });

  it('a refund the provider could not make is made by the next settlement, with the same key', async () => {
    const topUpId = await pendingTopUp('bia');
    const paymentId = w.provider.pay(topUpId, 1000, 'approved');
    await w.store.refunds.markAccountDeleted('bia');
    w.provider.down = true;
    await expect(settlePayment(w.deps, paymentId, 'webhook')).rejects.toThrow();
    w.provider.down = false;
    // The claim stays: the payment is never credited, whatever comes next.
    expect(await settlePayment(w.deps, paymentId, 'reconciler')).toEqual({ outcome: 'refunded' });
    expect(w.store.entries()).toHaveLength(0);
    expect(w.events.refunded).toHaveLength(1);
  });

  it('a payment credited before the account was deleted stays credited (nothing is refunded)', async () => {
    const topUpId = await pendingTopUp('caio');
    const paymentId = w.provider.pay(topUpId, 1000, 'approved');
    expect(await settlePayment(w.deps, paymentId, 'webhook')).toMatchObject({ outcome: 'credited' });
    await w.store.refunds.markAccountDeleted('caio');
    expect(await settlePayment(w.deps, paymentId, 'webhook')).toMatchObject({ outcome: 'already_credited' });
    expect(w.provider.refundRequests).toBe(0);
    expect(w.events.refunded).toHaveLength(0);
  });

  it('a payment of a live account is credited as before', async () => {
    const topUpId = await pendingTopUp('dora');
    const paymentId = w.provider.pay(topUpId, 1000, 'approved');
    await w.store.refunds.markAccountDeleted('outra-pessoa');
    expect(await settlePayment(w.deps, paymentId, 'webhook')).toMatchObject({ outcome: 'credited' });
    expect(w.provider.refundRequests).toBe(0);
  });
});
