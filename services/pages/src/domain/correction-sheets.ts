import type { CorrectionProblem, CorrectionSheets } from '@app/contracts';
import { sheetName, versionOf } from '@app/generator';
import type { PagesDeps } from './deps.js';
import type { PageRecord } from './ports.js';
import { drawnPage } from './page-rules.js';
import { answeredProblems } from './read-answers.js';

/**
 * `pages.v1.correctionSheets` (classroom's Correção rápida): the sheets of a bought page or class set of the member,
 * each problem with the answer it expects, drawn as its gabarito is. A version's code answers its whole set under the
 * set's code. Anything else (unknown, not bought, another member's) answers null, all alike.
 */
export async function correctionSheets(
  deps: Pick<PagesDeps, 'store'>,
  userId: string,
  code: string,
): Promise<CorrectionSheets> {
  const set = await deps.store.pages.findSet(code);
  if (set) {
    if (set.userId !== userId || !set.boughtAt) return null;
    return {
      code: set.code,
      title: sheetName(set.options),
      boughtAt: set.boughtAt.toISOString(),
      ...(set.turmaId ? { turmaId: set.turmaId } : {}),
      sheets: set.pages.map((page, i) => ({
        n: i + 1,
        code: page.code,
        label: versionOf(i + 1, set.versions),
        ...(page.studentId ? { studentId: page.studentId } : {}),
        ...sheetOf(page),
      })),
    };
  }
  const page = await deps.store.pages.findByCode(code);
  if (!page || page.userId !== userId || !page.boughtAt) return null;
  if (page.setCode !== null) return correctionSheets(deps, userId, page.setCode);
  return {
    code: page.code,
    title: sheetName(page.options),
    boughtAt: page.boughtAt.toISOString(),
    sheets: [{ n: 1, code, label: null, ...sheetOf(page) }],
  };
}

/**
 * A sheet as the correction needs it: each problem (the conta, its expected answer, a lacuna's blank, a word problem
 * and the number it asks) and the BNCC skills its sheet prints.
 */
function sheetOf(page: PageRecord): { problems: CorrectionProblem[]; bncc: string[] } {
  const drawn = drawnPage(page);
  return {
    problems: answeredProblems(page, drawn).map(({ word, ...conta }, index) => {
      // The number the question asks, when it is not the conta's result (quantos são necessários, cédulas e moedas).
      const asked = drawn.words?.[index]?.answer;
      return {
        ...conta,
        ...(word === undefined ? {} : { word: true as const }),
        ...(asked === undefined || asked === conta.result ? {} : { answer: asked }),
      };
    }),
    bncc: drawn.bncc,
  };
}
