import { describe, expect, it } from 'vitest';
import { capturePurchase, holdForPurchase, releasePurchase } from '../../src/domain/purchase-holds.js';
import { settlePayment } from '../../src/domain/settle-payment.js';
import { memoryDeps } from '../fakes/memory-deps.js';

/**
 * What billing's use cases add to the store's holds: the bound of an open hold from the configuration, and
 * the member's open screens told of a capture but not of a hold or a release, which leave the balance as
 * it is. The money rules themselves are the store's specification (billingHoldSpec).
 */
describe("a purchase's hold, capture and release", () => {
  async function withBalance(cents: number, now?: () => Date) {
    const w = memoryDeps(now);
    const topUpId = crypto.randomUUID();
    await w.store.topUps.createTopUp({ id: topUpId, userId: 'ana', amountCents: cents });
    await w.store.topUps.attachPreference(topUpId, `pref-${topUpId}`);
    await settlePayment(w.deps, w.provider.pay(topUpId, cents, 'approved'), 'webhook');
    w.events.balance.length = 0;
    return { ...w, deps: { ...w.deps, store: w.store, config: { BILLING_HOLD_MAX_MINUTES: 15 } } };
  }
  const purchase = {
    userId: 'ana',
    key: 'page:abc',
    cents: 50,
    reason: 'Página de exercícios abc',
    exclusive: false,
  };

  it('announces the balance after the capture, versioned by its ledger entry; a hold, a repeat and a release announce nothing', async () => {
    const w = await withBalance(500);
    expect(await holdForPurchase(w.deps, purchase)).toMatchObject({ outcome: 'held' });
    expect(w.events.balance).toEqual([]);
    expect(await capturePurchase(w.deps, 'ana', 'page:abc')).toEqual({
      outcome: 'captured',
      balanceCents: 450,
      entryId: '2',
    });
    expect(await capturePurchase(w.deps, 'ana', 'page:abc')).toMatchObject({ entryId: null });
    await holdForPurchase(w.deps, { ...purchase, key: 'page:def' });
    expect(await releasePurchase(w.deps, 'ana', 'page:def')).toBe(true);
    expect(w.events.balance).toEqual([
      { userId: 'ana', cause: 'purchase', balanceCents: 450, version: 2, changeId: 'entry:2' },
    ]);
  });

  it('a hold left open past BILLING_HOLD_MAX_MINUTES expires at the next hold: its money is free again', async () => {
    let now = new Date('2026-11-28T12:00:00Z');
    const w = await withBalance(500, () => now);
    expect(await holdForPurchase(w.deps, { ...purchase, cents: 500 })).toMatchObject({ outcome: 'held' });
    now = new Date('2026-11-28T12:14:59Z');
    expect(await holdForPurchase(w.deps, { ...purchase, key: 'page:def' })).toEqual({
      outcome: 'insufficient',
      availableCents: 0,
    });
    now = new Date('2026-11-28T12:15:00Z');
    expect(await holdForPurchase(w.deps, { ...purchase, key: 'page:def' })).toMatchObject({
      outcome: 'held',
    });
    expect(await capturePurchase(w.deps, 'ana', 'page:abc')).toEqual({
      outcome: 'not_held',
      balanceCents: 500,
    });
  });

  it('captures all the same when the announcement cannot be published (logged)', async () => {
    const w = await withBalance(500);
    w.events.failing = true;
    await holdForPurchase(w.deps, purchase);
    expect(await capturePurchase(w.deps, 'ana', 'page:abc')).toMatchObject({
      outcome: 'captured',
      balanceCents: 450,
    });
  });
});
