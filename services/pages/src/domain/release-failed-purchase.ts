import { Rpc, type Events, type MessagePayload } from '@app/contracts';
import type { PagesDeps } from './deps.js';
import { pagePurchaseKey, setPurchaseKey } from './purchase.js';

/**
 * pdf-worker gave up on a render (`events.pdf.render.failed`, its last delivery failed): the purchase
 * waiting for it cannot get its file, so its hold is released and the money is free again. A page's PDF releases the
 * page's purchase; a class set's version or assembly releases the set's. Nothing to release for a purchase already
 * made (a download's render of a lost file) or never held: billing's release is then a no-op. Answers the purchase
 * key released, or null.
 */
export async function releaseFailedPurchase(
  deps: Pick<PagesDeps, 'store' | 'bus' | 'logger'>,
  failure: Pick<MessagePayload<typeof Events.renderFailed>, 'kind' | 'code'>,
): Promise<string | null> {
  const purchase = await purchaseOf(deps, failure);
  if (!purchase) return null;
  const { released } = await deps.bus.request(Rpc.billingRelease, purchase);
  deps.logger.warn(
    { ...failure, key: purchase.key, released },
    'a render failed for good: purchase released',
  );
  return released ? purchase.key : null;
}

async function purchaseOf(
  deps: Pick<PagesDeps, 'store'>,
  failure: Pick<MessagePayload<typeof Events.renderFailed>, 'kind' | 'code'>,
): Promise<{ userId: string; key: string } | null> {
  let setCode = failure.code;
  if (failure.kind === 'document') {
    const page = await deps.store.pages.findByCode(failure.code);
    if (!page) return null;
    if (page.setCode === null)
      return page.boughtAt ? null : { userId: page.userId, key: pagePurchaseKey(page.code) };
    setCode = page.setCode;
  }
  const set = await deps.store.pages.findSet(setCode);
  return set && !set.boughtAt ? { userId: set.userId, key: setPurchaseKey(set.code) } : null;
}
