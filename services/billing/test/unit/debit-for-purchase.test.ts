import { describe, expect, it } from 'vitest';
import { debitForPurchase } from '../../src/domain/debit-for-purchase.js';
import { settlePayment } from '../../src/domain/settle-payment.js';
import { memoryDeps } from '../fakes/memory-deps.js';

/** A purchase's debit tells the member's open screens the new balance, once per debit (issue 28). */
describe('debitForPurchase', () => {
  async function withBalance(cents: number) {
    const w = memoryDeps();
    const topUpId = crypto.randomUUID();
    await w.store.topUps.createTopUp({ id: topUpId, userId: 'ana', amountCents: cents });
    await w.store.topUps.attachPreference(topUpId, `pref-${topUpId}`);
    await settlePayment(w.deps, w.provider.pay(topUpId, cents, 'approved'), 'webhook');
    w.events.balance.length = 0;
    return w;
  }
  const purchase = { userId: 'ana', cents: 50, reason: 'Página de exercícios abc', idempotencyKey: 'abc' };

  it('announces the balance after the debit, versioned by its ledger entry; a repeat of the key announces nothing', async () => {
    const w = await withBalance(500);
    const deps = { ...w.deps, store: w.store };
    expect(await debitForPurchase(deps, purchase)).toEqual({ ok: true, balanceCents: 450, entryId: '2' });
    expect(await debitForPurchase(deps, purchase)).toEqual({ ok: true, balanceCents: 450, entryId: null });
    expect(w.events.balance).toEqual([
      { userId: 'ana', cause: 'purchase', balanceCents: 450, version: 2, changeId: 'entry:2' },
    ]);
  });

  it('announces nothing when the balance does not cover the page', async () => {
    const w = await withBalance(500);
    const deps = { ...w.deps, store: w.store };
    expect(await debitForPurchase(deps, { ...purchase, cents: 600 })).toMatchObject({
      ok: false,
      reason: 'insufficient',
    });
    expect(w.events.balance).toEqual([]);
  });

  it('debits all the same when the announcement cannot be published (logged)', async () => {
    const w = await withBalance(500);
    w.events.failing = true;
    expect(await debitForPurchase({ ...w.deps, store: w.store }, purchase)).toMatchObject({
      ok: true,
      balanceCents: 450,
    });
  });
});
