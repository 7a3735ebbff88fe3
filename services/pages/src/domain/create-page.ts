import { ErrorCode, Events, Msg } from '@app/contracts';
import { RULES_VERSION } from '@app/generator';
import { AppError } from '@app/kit';
import type { PagesDeps } from './deps.js';
import type { PageOptions } from './ports.js';
import { newPageCode, newPageSeed } from './page-code.js';
import { checkPageOptions } from './page-options.js';
import { drawableSeed } from './page-rules.js';
import { queueRender } from './renders.js';

/**
 * Records a new page and queues its preview; answers the code at once (the worker draws it). Its PDF is printed
 * when the page is bought (buy-page.ts), or ahead of time by an idle worker.
 * Custom options (issue 25) are checked first (page-options.ts: an impossible combination is a 400) and stored with the
 * page, so its code draws the same page again.
 * Fair to the others (issue 23): an account that made PAGES_PER_MINUTE pages in the last minute, or whose previews
 * not drawn yet reach PREVIEWS_WAITING_PER_ACCOUNT, is answered 429 and nothing is recorded.
 */
export async function createPage(deps: PagesDeps, userId: string, options: PageOptions): Promise<string> {
  checkPageOptions(options);
  await checkRoomToCreate(deps, userId);
  const code = newPageCode();
  // Drawn with today's rules, and stored with them: a later change of the rules leaves this page as it is. Drawn
  // once here, before its seed is stored.
  const rules = RULES_VERSION;
  const { seed } = drawableSeed({ options, rules }, deps.logger, newPageSeed);
  await deps.store.pages.insert({ code, userId, seed, options, rules });
  await queueRender(deps, 'preview', { code, userId, seed, options, rules }, { first: true });
  await deps.bus.publishEvent(Events.pageCreated, { code, userId }, code);
  return code;
}

/**
 * Whether the account may make a page (or a class set, which counts as one: one preview) now: 429 past
 * PAGES_PER_MINUTE creations in the last minute, or with PREVIEWS_WAITING_PER_ACCOUNT previews not drawn yet.
 */
export async function checkRoomToCreate(deps: PagesDeps, userId: string): Promise<void> {
  if (!deps.previews.hasRoom(userId))
    throw new AppError(429, ErrorCode.RATE_LIMITED, Msg.previewsStillWaiting);
  if ((await deps.store.pages.countCreatedWithin(userId, 60_000)) >= deps.pagesPerMinute)
    throw new AppError(429, ErrorCode.RATE_LIMITED, Msg.tooManyPages);
}
