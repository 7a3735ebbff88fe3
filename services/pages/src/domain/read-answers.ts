import { Msg } from '@app/contracts';
import { sheetName, versionOf, type Problem } from '@app/generator';
import { AppError, type Identity } from '@app/kit';
import type { PagesDeps } from './deps.js';
import type { PageRecord } from './ports.js';
import { drawnPage } from './page-rules.js';

/**
 * The answers of a bought page, for the gabarito the sheet's QR code opens: the problems regenerated from the
 * page's seed and rules (the same ones the PDF prints) and nothing else — no buyer, no dates. The QR code is printed
 * on the student's sheet, so only the account that bought the page (or an admin) reads them: another
 * account gets a 403 saying to sign in with the buyer's. A code that was never bought answers exactly like an
 * unknown one, so the page tells nothing about pages still being chosen.
 */
export async function readAnswers(deps: PagesDeps, identity: Identity, code: string) {
  const page = await deps.store.pages.findByCode(code);
  if (!page?.boughtAt) throw AppError.notFound(Msg.answersNotFound);
  if (page.userId !== identity.userId && identity.role !== 'admin') {
    throw AppError.forbidden(Msg.answersBuyerOnly);
  }
  const format = page.options.custom?.format;
  // A class set's version says which of how many it is ("Versão 5 de 30"), as its sheet does.
  const set = page.setCode === null ? null : await deps.store.pages.findSet(page.setCode);
  return {
    title: sheetName(page.options),
    level: page.options.level,
    custom: page.options.custom !== undefined,
    ...(set && page.setVersion !== null ? { version: versionOf(page.setVersion, set.versions) } : {}),
    ...(format === undefined ? {} : { format }),
    problems: answeredProblems(page),
  };
}

/**
 * A page's problems with their answers, as its gabarito prints them: regenerated from its seed, options and rules. A
 * decimal conta says its casas (its numbers are integers of its last casa); a custom page in `lacuna` says which term
 * is the blank; a page of situações-problema says each problem's text and answer sentence (its unit), and both contas
 * of a two-step one.
 */
export function answeredProblems(
  page: Pick<PageRecord, 'seed' | 'options' | 'rules'>,
  drawn = drawnPage(page),
) {
  const contaOf = ({ op, a, b, result, remainder, decimal }: Problem) => ({
    op,
    a,
    b,
    result,
    remainder,
    ...(decimal === undefined ? {} : { decimal }),
  });
  return drawn.problems.map((problem, index) => {
    const word = drawn.words?.[index];
    return {
      ...contaOf(problem),
      ...(problem.blank === undefined ? {} : { blank: problem.blank }),
      ...(word === undefined
        ? {}
        : {
            word: {
              statement: word.statement,
              question: word.question,
              answerSentence: word.answerSentence,
              ...(word.steps === undefined ? {} : { steps: word.steps.map(contaOf) }),
            },
          }),
    };
  });
}
