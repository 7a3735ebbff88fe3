import { ErrorCode, Events, Msg, PAGE_PRICE_CENTS, renderFiles, Rpc } from '@app/contracts';
import { AppError } from '@app/kit';
import type { PagesDeps } from './deps.js';
import { ownedPage } from './owned-page.js';
import { stillRendering } from './read-render.js';
import { waitForRender } from './render-signals.js';

/**
 * Debits R$ 0,50 with the page code as the idempotency key, so buying twice (or retrying after a crash between the
 * debit and the update) charges once; then marks the page bought. Answers the balance after the purchase, in cents.
 * Only a rendered page is sold (waiting briefly for a render in progress): nobody pays for a file that is not there.
 */
export async function buyPage(deps: PagesDeps, userId: string, code: string): Promise<number> {
  const page = await ownedPage(deps, userId, code);
  const pdf = renderFiles(code).pdf;
  if (
    !(await waitForRender(
      deps.signals,
      pdf,
      async () => (await deps.files.has(pdf)) || null,
      deps.renderWait,
    ))
  ) {
    throw await stillRendering(deps, page);
  }
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
  const eventId = `page-bought:${code}`;
  await deps.bus.publish(
    Events.pageBought,
    { eventId, at: boughtAt.toISOString(), code, userId, priceCents: PAGE_PRICE_CENTS },
    { msgID: eventId },
  );
  return debit.balanceCents;
}
