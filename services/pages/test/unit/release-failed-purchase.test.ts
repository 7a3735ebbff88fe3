import { beforeEach, describe, expect, it } from 'vitest';
import { Rpc } from '@app/contracts';
import { makePageSet } from '../../src/domain/create-page-set.js';
import { releaseFailedPurchase } from '../../src/domain/release-failed-purchase.js';
import { memoryDeps } from '../fakes/memory-deps.js';

/** A render pdf-worker gave up on releases the hold of the purchase that waited for it. */
const options = { add: true, sub: true, mult: false, div: false, answers: true, level: 1 as const };
let w: ReturnType<typeof memoryDeps>;
beforeEach(() => {
  w = memoryDeps();
  w.billing.balances.set('ana', 2000);
});

const hold = (key: string, cents: number, exclusive = false) =>
  w.billing.hold({ userId: 'ana', key, cents, reason: 'compra', exclusive });

describe('releaseFailedPurchase', () => {
  it("a page's PDF releases the page's purchase", async () => {
    await w.store.pages.insert({ code: 'PAGE', userId: 'ana', seed: 's', options, rules: 2 });
    hold('page:PAGE', 50);
    expect(await releaseFailedPurchase(w.deps, { kind: 'document', code: 'PAGE' })).toBe('page:PAGE');
    expect(w.requested(Rpc.billingRelease)).toEqual([{ userId: 'ana', key: 'page:PAGE' }]);
    expect(w.billing.heldCents('ana')).toBe(0);
    // Told twice (a redelivery): nothing more to release.
    expect(await releaseFailedPurchase(w.deps, { kind: 'document', code: 'PAGE' })).toBeNull();
  });

  it("a class set's version or assembly releases the set's purchase", async () => {
    const { code, codes } = await makePageSet(w.deps, 'ana', { ...options, versions: 3 });
    hold(`set:${code}`, 150, true);
    expect(await releaseFailedPurchase(w.deps, { kind: 'document', code: codes[2]! })).toBe(`set:${code}`);
    hold(`set:${code}`, 150, true);
    expect(await releaseFailedPurchase(w.deps, { kind: 'set', code })).toBe(`set:${code}`);
    expect(w.billing.holds.map((h) => h.state)).toEqual(['released', 'released']);
  });

  it('a purchase made already (a download of a lost file), or an unknown code, releases nothing', async () => {
    await w.store.pages.insert({ code: 'PAGE', userId: 'ana', seed: 's', options, rules: 2 });
    await w.store.pages.markBought('PAGE', new Date());
    const { code } = await makePageSet(w.deps, 'ana', { ...options, versions: 2 });
    await w.store.pages.markSetBought(code, new Date());
    w.calls.length = 0;
    for (const failure of [
      { kind: 'document', code: 'PAGE' },
      { kind: 'set', code },
      { kind: 'document', code: 'UNKNOWN' },
      { kind: 'set', code: 'UNKNOWN' },
    ] as const)
      expect(await releaseFailedPurchase(w.deps, failure)).toBeNull();
    expect(w.calls).toEqual([]);
  });
});
