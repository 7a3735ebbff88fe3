import { ErrorCode, Events, Msg, PAGE_PRICE_CENTS, Rpc } from '@app/contracts';
import { AppError } from '@app/kit';
import type { PageSetRecord, PagesDeps } from './deps.js';
import { ownedSet } from './owned-page.js';
import { awaitSetFile } from './renders.js';

/** A set of N versions costs N pages: N × R$ 0,50. */
export const setPriceCents = (versions: number) => versions * PAGE_PRICE_CENTS;

/**
 * The debit's reason, which billing shows in Extrato as `Compra: <reason>` (Msg.statementPurchase): one line naming
 * the set and its count, 'Compra: Conjunto de 30 versões <setCode>'.
 */
export const setPurchaseReason = (set: Pick<PageSetRecord, 'code' | 'versions'>) =>
  `Conjunto de ${set.versions} versões ${set.code}`;

/** The debit's idempotency key: one purchase a set, however often (or concurrently) it is asked for. */
export const setDebitKey = (setCode: string) => `set:${setCode}`;

/**
 * POST /api/buySet (issue 26): sells a class set whole, as buyPage sells a page. Its one file first (every version
 * printed in parallel, then assembled: renders.ts awaitSetFile; not done within RENDER_WAIT_MS: 503 and nothing
 * charged), then ONE debit of N × R$ 0,50 keyed `set:<setCode>` (buying twice, or at once, charges once; short of
 * balance 402 and nothing bought), then the set and every version marked bought in one transaction, and each version
 * announced as a page bought (R$ 0,50 each: the admin's counts and the audit count versions as pages). Answers the
 * balance after the purchase, in cents.
 * billing has no balance request, so a balance too small is found at the debit, after the printing (nothing charged).
 */
export async function buyPageSet(deps: PagesDeps, userId: string, code: string): Promise<number> {
  const set = await ownedSet(deps, userId, code);
  await awaitSetFile(deps, set, (name) => deps.files.has(name).then((has) => has || null), {
    printVersions: true,
    assembleMsgID: `set:${set.code}`,
  });
  const debit = await deps.bus.request(Rpc.billingDebit, {
    userId,
    cents: setPriceCents(set.versions),
    reason: setPurchaseReason(set),
    idempotencyKey: setDebitKey(set.code),
  });
  if (!debit.ok) throw new AppError(402, ErrorCode.INSUFFICIENT_BALANCE, Msg.insufficientBalance);
  const now = new Date();
  const boughtAt = (await deps.repo.markSetBought(set.code, now))
    ? now
    : ((await deps.repo.findSet(set.code))?.boughtAt ?? now);
  // As buyPage: announced on every successful answer, with fixed ids (repeats are dropped), one per version.
  await Promise.all(
    set.pages.map((page) =>
      deps.bus.publishEvent(
        Events.pageBought,
        { code: page.code, userId, priceCents: PAGE_PRICE_CENTS },
        page.code,
        boughtAt,
      ),
    ),
  );
  return debit.balanceCents;
}
