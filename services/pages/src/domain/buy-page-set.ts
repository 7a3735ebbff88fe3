import { Events, Msg, priceCents, Rpc } from '@app/contracts';
import type { PagesDeps } from './deps.js';
import type { PageSetRecord, PageSetWithPages } from './ports.js';
import { ownedSet } from './owned-page.js';
import { purchase, setPurchaseKey } from './purchase.js';
import { awaitSetFile, setFile } from './renders.js';

/**
 * The debit's reason, which billing shows in Extrato as `Compra: <reason>` (Msg.statementPurchase): one line naming
 * the set and its count, 'Compra: Conjunto de 30 versões <setCode>'.
 */
export const setPurchaseReason = (set: Pick<PageSetRecord, 'code' | 'versions'>) =>
  `Conjunto de ${set.versions} versões ${set.code}`;

/**
 * POST /api/buySet: sells a class set whole, as buyPage sells a page (purchase.ts). N × R$ 0,50 held
 * first, keyed `set:<setCode>` (too little available: 402, nothing printed), as the account's one class set printing
 * (another of its sets printing: 409 `Msg.setAlreadyPrinting`). Then its one file: every version not stored printed
 * in parallel (`jobs.pdf.version`, a queue the worker serves after pages' own renders), then assembled
 * (renders.ts awaitSetFile); the buyer waits RENDER_WAIT_MS for it, else 503 and asks again while it goes on. Once
 * the file is stored, the hold becomes ONE debit (buying twice, or at once, charges once), the set and every version
 * are marked bought in one transaction, and each version is announced as a page bought (R$ 0,50 each: the admin's
 * counts and the audit count versions as pages). Answers the balance after the purchase, in cents.
 */
export async function buyPageSet(deps: PagesDeps, userId: string, code: string): Promise<number> {
  const set = await ownedSet(deps, userId, code);
  const markBought = () => markSetBought(deps, set);
  if (set.boughtAt) {
    await markBought();
    return (await deps.bus.request(Rpc.billingBalance, { userId })).balanceCents;
  }
  return purchase(deps, {
    userId,
    key: setPurchaseKey(set.code),
    cents: priceCents(set.versions),
    reason: setPurchaseReason(set),
    exclusive: true,
    file: setFile(set.code),
    printing: Msg.setRendering,
    markBought,
    print: async (holdId, timeoutMs) =>
      (await awaitSetFile(deps, set, (name) => deps.files.has(name).then((has) => has || null), {
        timeoutMs,
        printVersionsFor: holdId,
        assembleMsgID: `set:${set.code}:${holdId}`,
      })) !== null,
  });
}

/** Marks the set and every version bought in one transaction (once) and announces each version, as buyPage does. */
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
