import { Events, Msg, priceCents, Rpc } from '@app/contracts';
import type { PagesDeps } from './deps.js';
import { ownedPage } from './owned-page.js';
import type { PageRecord } from './ports.js';
import { sheetName } from '@app/generator';
import { pagePurchaseKey, purchase, purchaseReason } from './purchase.js';
import { publishRender, renderedFile } from './renders.js';
import { waitForRender } from './render-signals.js';

/**
 * POST /api/buy: sells a page for R$ 0,50 (purchase.ts: its price held before its PDF is printed, captured once the
 * PDF is stored, keyed `page:<code>`, so buying twice or at once charges once). Its PDF is printed for the purchase
 * unless a worker printed it ahead of time; the buyer waits one render, or gets 503 and asks again. Answers the
 * balance after the purchase, in cents. A version of a class set answers 404 like an unknown code: a set is bought
 * whole (buy-page-set.ts). A page bought already answers the balance and announces the purchase again.
 */
export async function buyPage(deps: PagesDeps, userId: string, code: string): Promise<number> {
  const page = await ownedPage(deps, userId, code, { single: true });
  const markBought = () => markPageBought(deps, page);
  if (page.boughtAt) {
    await markBought();
    return (await deps.bus.request(Rpc.billingBalance, { userId })).balanceCents;
  }
  const pdf = renderedFile('document', code);
  return purchase(deps, {
    userId,
    key: pagePurchaseKey(code),
    cents: priceCents(),
    reason: purchaseReason(sheetName(page.options), code),
    exclusive: false,
    file: pdf,
    printing: Msg.pageRendering,
    insufficient: Msg.insufficientBalance,
    markBought,
    print: async (holdId, timeoutMs) =>
      (await waitForRender(deps.signals, pdf, () => deps.files.has(pdf).then((has) => has || null), {
        timeoutMs,
        onMissing: () =>
          publishRender(deps.bus, 'document', page, { first: false, msgID: `document:${code}:${holdId}` }),
      })) !== null,
  });
}

/**
 * Marks the page bought (the first call sets the instant) and announces it. Announced on every successful answer,
 * not only by the call that marked it: a retry after a failed publish (or a crash right after marking) still tells
 * the others. The fixed id makes repeats harmless for JetStream and the audit projection alike.
 */
async function markPageBought(deps: PagesDeps, page: PageRecord): Promise<void> {
  const now = new Date();
  const boughtAt = (await deps.store.pages.markBought(page.code, now))
    ? now
    : ((await deps.store.pages.findByCode(page.code))?.boughtAt ?? now);
  await deps.bus.publishEvent(
    Events.pageBought,
    { code: page.code, userId: page.userId, priceCents: priceCents() },
    page.code,
    boughtAt,
  );
}
