import { Msg } from '@app/contracts';
import { generatePage, rulesVersion, type GeneratedPage } from '@app/generator';
import { AppError, type Logger } from '@app/kit';
import type { PageRecord } from './ports.js';

/** The page as its PDF prints it: its seed drawn with its own rules (rules 1 when none is stored). */
export function drawnPage(page: Pick<PageRecord, 'seed' | 'options' | 'rules'>) {
  return generatePage(page.seed, page.options, rulesVersion(page.rules));
}

/** The page's problems as its PDF prints them. */
export function pageProblems(page: Pick<PageRecord, 'seed' | 'options' | 'rules'>) {
  return drawnPage(page).problems;
}

/** Seeds tried for a new page before its options are judged unable to draw one. */
export const DRAW_TRIES = 3;

/**
 * A seed whose page draws, found before anything is stored (so no code is ever recorded whose preview, PDF and
 * answers would fail forever): the generator draws every option set the API accepts, so the first seed draws; a
 * seed that throws is logged and another tried, and past DRAW_TRIES the answer is 400 `Msg.pageCannotBeDrawn`.
 */
export function drawableSeed(
  page: Pick<PageRecord, 'options' | 'rules'>,
  log: Pick<Logger, 'error'>,
  newSeed: () => string,
  tries = DRAW_TRIES,
): { seed: string; drawn: GeneratedPage } {
  for (let attempt = 0; attempt < tries; attempt++) {
    const seed = newSeed();
    try {
      return { seed, drawn: drawnPage({ ...page, seed }) };
    } catch (error) {
      log.error({ err: error, options: page.options, rules: page.rules }, 'a new page did not draw');
    }
  }
  throw AppError.badRequest(Msg.pageCannotBeDrawn);
}
