import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { reconcileTopUps } from '../../src/domain/reconcile-top-ups.js';
import { settlePayment } from '../../src/domain/settle-payment.js';
import { memoryDeps } from '../fakes/memory-deps.js';

const OPTS = { windowHours: 48, everyMs: 60_000, reversalWindowDays: 30, reversalEveryMs: 600_000 };
let clock: Date;
let w: ReturnType<typeof memoryDeps>;
beforeEach(() => {
  clock = new Date('2025-03-04T12:00:00Z');
  w = memoryDeps(() => clock);
});
const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
const pass = () => reconcileTopUps(w.deps, OPTS);

async function pendingTopUp(userId = 'ana', amountCents = 1000) {
  const id = randomUUID();
  await w.store.topUps.createTopUp({ id, userId, amountCents });
  await w.store.topUps.attachPreference(id, `pref-${id}`);
  return id;
}
const checkedAt = async (topUpId: string) => (await w.store.topUps.findTopUp(topUpId))!.checkedAt;

describe('reconcileTopUps', () => {
  it('credits, once, a payment approved without a notification or a return', async () => {
    const topUpId = await pendingTopUp();
    const paymentId = w.provider.pay(topUpId, 1000, 'pending');
    expect(await pass()).toEqual({ credited: 0, reversed: 0 });
    expect(await w.store.topUps.findTopUp(topUpId)).toMatchObject({
      status: 'pending',
      lastPaymentStatus: 'pending',
    });

    w.provider.update(paymentId, { status: 'approved' });
    later(OPTS.everyMs + 1);
    expect(await pass()).toEqual({ credited: 1, reversed: 0 });
    expect(await w.store.ledger.balanceCents('ana')).toBe(1000);
    expect(w.store.entries()).toEqual([
      expect.objectContaining({ kind: 'credit', paymentId, source: 'reconciler' }),
    ]);
    expect(w.events.credited).toEqual([expect.objectContaining({ topUpId, paymentId, balanceCents: 1000 })]);

    // Credited, it is looked at again only for a refund, and credits nothing more.
    later(OPTS.reversalEveryMs + 1);
    expect(await pass()).toEqual({ credited: 0, reversed: 0 });
    expect(w.store.entries()).toHaveLength(1);
  });

  it('never credits a rejected payment, however many passes ask about it', async () => {
    const topUpId = await pendingTopUp();
    w.provider.pay(topUpId, 1000, 'rejected');
    for (let i = 0; i < 3; i++) {
      expect(await pass()).toEqual({ credited: 0, reversed: 0 });
      later(OPTS.everyMs + 1);
    }
    expect(await w.store.topUps.findTopUp(topUpId)).toMatchObject({
      status: 'pending',
      lastPaymentStatus: 'rejected',
    });
    expect(w.store.entries()).toEqual([]);
    expect(await w.store.ledger.balanceCents('ana')).toBe(0);
  });

  it('asks about a top-up again only after its interval, and not at all once older than the window', async () => {
    const topUpId = await pendingTopUp();
    await pass();
    const first = await checkedAt(topUpId);
    expect(first).toEqual(clock);
    later(OPTS.everyMs - 1);
    await pass();
    expect(await checkedAt(topUpId)).toEqual(first);
    later(2);
    await pass();
    expect(await checkedAt(topUpId)).toEqual(clock);

    const seen = await checkedAt(topUpId);
    later(OPTS.windowHours * 3600_000);
    await pass();
    expect(await checkedAt(topUpId)).toEqual(seen);
  });

  it('takes back a refund whose notification never arrived, once; a wholly refunded top-up is left alone', async () => {
    const topUpId = await pendingTopUp('ana', 500);
    const paymentId = w.provider.pay(topUpId, 500, 'approved');
    expect((await settlePayment(w.deps, paymentId, 'webhook')).outcome).toBe('credited');

    w.provider.update(paymentId, { status: 'refunded' });
    expect(await pass()).toEqual({ credited: 0, reversed: 1 });
    expect(await w.store.ledger.balanceCents('ana')).toBe(0);
    expect(w.store.entries().filter((e) => e.kind === 'reversal')).toEqual([
      expect.objectContaining({
        amountCents: -500,
        source: 'reconciler',
        idempotencyKey: `reversal:${paymentId}:500`,
      }),
    ]);

    const seen = await checkedAt(topUpId);
    later(OPTS.reversalEveryMs + 1);
    expect(await pass()).toEqual({ credited: 0, reversed: 0 });
    expect(await checkedAt(topUpId)).toEqual(seen);
    expect(w.events.reversed).toHaveLength(1);
  });

  it('an outage of the provider fails no pass: the top-ups are asked about again later', async () => {
    const topUpId = await pendingTopUp();
    const paymentId = w.provider.pay(topUpId, 1000, 'approved');
    w.provider.down = true;
    expect(await pass()).toEqual({ credited: 0, reversed: 0 });
    w.provider.down = false;
    later(OPTS.everyMs + 1);
    expect(await pass()).toEqual({ credited: 1, reversed: 0 });
    expect(w.store.entries()).toEqual([expect.objectContaining({ paymentId })]);
  });
});
