import { ErrorCode, Events, Msg, PlatformMessages } from '@app/contracts';
import { RULES_VERSION } from '@app/generator';
import { AppError, type Taken } from '@app/kit';
import type { PagesDeps } from './deps.js';
import type { PageOptions } from './ports.js';
import { newPageCode, newPageSeed } from './page-code.js';
import { checkPageOptions } from './page-options.js';
import { drawableSeed } from './page-rules.js';
import { queueRender } from './renders.js';

/**
 * Records a new page and queues its preview; answers the code at once (the worker draws it). Its PDF is printed
 * when the page is bought (buy-page.ts), or ahead of time by an idle worker.
 * Custom options are checked first (page-options.ts: an impossible combination is a 400) and stored with the
 * page, so its code draws the same page again.
 * Fair to the others: an account that made PAGES_PER_MINUTE pages in the last minute, or whose previews
 * not drawn yet reach PREVIEWS_WAITING_PER_ACCOUNT, is answered 429 and nothing is recorded; both are counted in the
 * limits every pages replica shares (a burst of 60 gets exactly the limit, whichever replicas answer it).
 */
export async function makePage(deps: PagesDeps, userId: string, options: PageOptions): Promise<string> {
  checkPageOptions(options);
  const room = await takeRoomToCreate(deps, userId);
  try {
    const code = newPageCode();
    // Drawn with today's rules, and stored with them: a later change of the rules leaves this page as it is. Drawn
    // once here, before its seed is stored.
    const rules = RULES_VERSION;
    const { seed } = drawableSeed({ options, rules }, deps.logger, newPageSeed);
    await deps.store.pages.insert({ code, userId, seed, options, rules });
    await queueRender(
      deps,
      'preview',
      { code, userId, seed, options, rules },
      { first: true, slot: room.previewSlot },
    );
    await deps.bus.publishEvent(Events.pageCreated, { code, userId }, code);
    return code;
  } catch (err) {
    room.giveBack();
    throw err;
  }
}

/** The account's room for one more page: its preview's place among those waiting, and one of the minute's pages. */
export interface RoomToCreate {
  /** Given back by the preview queue once the preview is drawn (or given up on). */
  previewSlot: () => void;
  /** Both given back: nothing was made after all. */
  giveBack(): void;
}

/**
 * Takes the account's room to make a page (or a class set, which counts as one: one preview): a place among its
 * previews not drawn yet (429 `Msg.previewsStillWaiting` past PREVIEWS_WAITING_PER_ACCOUNT), then one of its pages of
 * the last minute (429 `Msg.tooManyPages` past PAGES_PER_MINUTE). Each is taken in the shared limits, atomically:
 * whichever replicas a burst reaches, no more than the limit pass. With the limits' store out of reach, 503: pages are
 * not made uncounted (their renders need NATS too).
 */
export async function takeRoomToCreate(deps: PagesDeps, userId: string): Promise<RoomToCreate> {
  const preview = await deps.limits.take('PREVIEWS_WAITING', userId, 'refuse');
  if (!preview.ok) throw refusal(preview, Msg.previewsStillWaiting);
  const created = await deps.limits.take('PAGES_CREATED', userId, 'refuse');
  if (!created.ok) {
    preview.release();
    throw refusal(created, Msg.tooManyPages);
  }
  return {
    previewSlot: preview.release,
    giveBack() {
      preview.release();
      created.release();
    },
  };
}

function refusal(taken: Extract<Taken, { ok: false }>, fullMessage: string): AppError {
  return taken.reason === 'full'
    ? new AppError(429, ErrorCode.RATE_LIMITED, fullMessage)
    : new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, PlatformMessages.unavailable);
}
