import { Msg } from '@app/contracts';
import { generatePage, sheetTitle } from '@app/generator';
import { AppError } from '@app/kit';
import type { PagesDeps } from './deps.js';

/**
 * The answers of a bought page, for the public gabarito the sheet's QR code opens: the problems regenerated from the
 * page's seed (the same ones the PDF prints) and nothing else — no buyer, no dates. A code that was never bought
 * answers exactly like an unknown one, so the page tells nothing about pages still being chosen.
 */
export async function readAnswers(deps: PagesDeps, code: string) {
  const page = await deps.repo.findByCode(code);
  if (!page?.boughtAt) throw AppError.notFound(Msg.answersNotFound);
  const generated = generatePage(page.seed, page.options);
  return {
    title: sheetTitle(page.options),
    level: page.options.level,
    problems: generated.problems.map(({ op, a, b, result, remainder }) => ({ op, a, b, result, remainder })),
  };
}
