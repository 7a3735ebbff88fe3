import { Events, Jobs, Msg, priceCents, Rpc } from '@app/contracts';
import type { PagesDeps } from './deps.js';
import type { PageSetRecord, PageSetWithPages } from './ports.js';
import { ownedSet } from './owned-page.js';
import { sheetName } from '@app/generator';
import { holdPrice, purchaseReason, settle, setPurchaseKey, type Sale } from './purchase.js';
import { setFile } from './renders.js';

/**
 * The debit's reason, which billing shows in Extrato as `Compra: <reason>` (Msg.statementPurchase): one line naming
 * the set and its count, 'Compra: Tabuada do 7 — 30 versões (<setCode>)'.
 */
export const setPurchaseReason = (set: Pick<PageSetRecord, 'code' | 'versions' | 'options'>) =>
  purchaseReason(`${sheetName(set.options)} — ${set.versions} versões`, set.code);

/** The id of a set purchase's job: one job per hold, however often the buyer asks while it is open. */
export const setPurchaseJobId = (holdId: string) => `buy-set:${holdId}`;

/**
 * POST /api/buySet: sells a class set whole, as buyPage sells a page (purchase.ts), but without keeping the request
 * open while it prints. N × R$ 0,50 held first, keyed `set:<setCode>` (too little available: 402, nothing printed),
 * as the account's one class set printing (another of its sets printing: 409 `Msg.setAlreadyPrinting`). Bought
 * already, or its file stored already: charged (once) now, and the balance is answered. Else the purchase becomes a
 * job of pages' own queue (`jobs.pages.buySet`, id `buy-set:<holdId>`: asking again while the hold is open queues
 * nothing twice), which any pages replica takes and carries to its end (set-purchase-job.ts), and this answers null
 * at once: the screen follows GET /api/setProgress until the set is bought.
 */
export async function buyPageSet(deps: PagesDeps, userId: string, code: string): Promise<number | null> {
  const set = await ownedSet(deps, userId, code);
  const sale = setSale(deps, set);
  if (set.boughtAt) {
    await sale.markBought();
    return (await deps.bus.request(Rpc.billingBalance, { userId })).balanceCents;
  }
  const held = await holdPrice(deps, sale);
  if ('balanceCents' in held) return held.balanceCents;
  if (await deps.files.has(sale.file)) return settle(deps, sale);
  await deps.bus.publish(
    Jobs.buySet,
    { userId, setCode: set.code, holdId: held.holdId },
    { msgID: setPurchaseJobId(held.holdId) },
  );
  return null;
}

/** The set as billing and the bucket know its sale: its price, its hold's key and reason, its one file. */
export function setSale(deps: PagesDeps, set: PageSetWithPages): Sale {
  return {
    userId: set.userId,
    key: setPurchaseKey(set.code),
    cents: priceCents(set.versions),
    reason: setPurchaseReason(set),
    exclusive: true,
    file: setFile(set.code),
    printing: Msg.setRendering,
    insufficient: Msg.insufficientBalanceForSet(set.versions),
    markBought: () => markSetBought(deps, set),
  };
}

/**
 * Marks the set and every version bought in one transaction (once) and announces each version as a page bought
 * (R$ 0,50 each: the admin's counts and the audit count versions as pages), whoever asks and however often: the
 * events' ids are fixed, so JetStream keeps one a version.
 */
async function markSetBought(deps: PagesDeps, set: PageSetWithPages): Promise<void> {
  const now = new Date();
  const boughtAt = (await deps.store.pages.markSetBought(set.code, now))
    ? now
    : ((await deps.store.pages.findSet(set.code))?.boughtAt ?? now);
  await Promise.all(
    set.pages.map((page) =>
      deps.bus.publishEvent(
        Events.pageBought,
        { code: page.code, userId: set.userId, priceCents: priceCents() },
        page.code,
        boughtAt,
      ),
    ),
  );
}
