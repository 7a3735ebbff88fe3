import { ErrorCode, Events, Msg, PAGE_PRICE_CENTS, Rpc } from '@app/contracts';
import { AppError } from '@app/kit';
import type { PagesDeps } from './deps.js';
import { ownedPage } from './owned-page.js';
import { awaitRender } from './renders.js';

/**
 * Sells a page: its PDF first (printed now unless a worker printed it ahead of time; the buyer waits one render),
 * then R$ 0,50 debited with the page code as the idempotency key, so buying twice (or retrying after a crash between
 * the debit and the update) charges once; then the page is marked bought. Answers the balance after the purchase,
 * in cents. Nobody pays for a file that is not there: if the PDF does not arrive within the wait, the answer is 503
 * and nothing is charged. A version of a class set answers 404 like an unknown code: a set is bought whole
 * (buy-page-set.ts).
 */
export async function buyPage(deps: PagesDeps, userId: string, code: string): Promise<number> {
  const page = await ownedPage(deps, userId, code, { single: true });
  await awaitRender(deps, 'document', page, (name) => deps.files.has(name).then((has) => has || null), {
    queueIfMissing: true,
  });
  const debit = await deps.bus.request(Rpc.billingDebit, {
    userId,
    cents: PAGE_PRICE_CENTS,
    reason: `Página de exercícios ${code}`,
    idempotencyKey: code,
  });
  if (!debit.ok) throw new AppError(402, ErrorCode.INSUFFICIENT_BALANCE, Msg.insufficientBalance);
  const now = new Date();
  const boughtAt = (await deps.repo.markBought(code, now))
    ? now
    : ((await deps.repo.findByCode(code))?.boughtAt ?? now);
  // Announced on every successful answer, not only by the call that marked it: a retry after a failed publish (or a
  // crash right after marking) still tells the others. The fixed id makes repeats harmless for JetStream and the
  // audit projection alike.
  await deps.bus.publishEvent(
    Events.pageBought,
    { code, userId, priceCents: PAGE_PRICE_CENTS },
    code,
    boughtAt,
  );
  return debit.balanceCents;
}
