import { answerOf, mistakeName, rightAnswer, sameAnswer, sameMistake, type Mistake } from './catalogue.js';
import { diagnoseSheet, scoreOf, type Score, type SheetProblem, type TypedAnswer } from './correction.js';
import { MIN_EVIDENCE } from './diagnose.js';

/**
 * A child's progress over the sheets of a term: each sheet's score and mistakes, and for each mistake found on any
 * of them, whether the sheets after still show it. Pure: classroom sums a turma's sheets with it.
 */

/** One of the child's sheets, oldest first: its problems and what was typed for each (undefined: nothing). */
export interface ProgressSheet {
  problems: readonly SheetProblem[];
  typed: readonly (TypedAnswer | undefined)[];
}

/** A corrected sheet's outcome: its score and the mistakes found on it. */
export interface SheetOutcome {
  score: Score;
  mistakes: Mistake[];
}

/**
 * What one sheet says of a mistake: 'seen' (found on it), 'gone' (not found, though the child answered at least
 * MIN_EVIDENCE plain contas it would change), 'untested' (the sheet is not corrected, or too few of its contas
 * would show it: absence there proves nothing).
 */
export type TrendMark = 'seen' | 'gone' | 'untested';

export interface MistakeTrend {
  mistake: Mistake;
  /** 'Subtrai o menor do maior em cada coluna', 'Fato da tabuada: 7 × 8 = 54'. */
  name: string;
  /** One mark per sheet, in the sheets' order. */
  marks: TrendMark[];
}

export interface ChildProgress {
  /** One per sheet: null when nothing is typed for it yet. */
  outcomes: (SheetOutcome | null)[];
  /** Each mistake found on some sheet, in the order first found. */
  trends: MistakeTrend[];
}

/**
 * The plain contas of a sheet the child answered (not blank, not a lacuna, not a situação-problema) on which the
 * mistake writes another answer than the right one: where its absence is evidence.
 */
export function chancesOf(mistake: Mistake, sheet: ProgressSheet): number {
  let chances = 0;
  sheet.problems.forEach((p, i) => {
    const t = sheet.typed[i];
    if (p.blank !== undefined || p.word !== undefined || !t || t.blank || t.result === null) return;
    const conta = { op: p.op, a: p.a, b: p.b };
    if (!sameAnswer(answerOf(mistake, conta), rightAnswer(conta))) chances++;
  });
  return chances;
}

/** A child's sheets of a term, oldest first, summed up: the outcome of each and each mistake's trend. */
export function childProgress(sheets: readonly ProgressSheet[]): ChildProgress {
  const outcomes = sheets.map((sheet): SheetOutcome | null => {
    const score = scoreOf(sheet.problems, sheet.typed);
    if (score.empty === score.total) return null;
    return { score, mistakes: diagnoseSheet(sheet.problems, sheet.typed).mistakes.map((f) => f.mistake) };
  });
  const found: Mistake[] = [];
  for (const outcome of outcomes)
    for (const mistake of outcome?.mistakes ?? [])
      if (!found.some((m) => sameMistake(m, mistake))) found.push(mistake);
  const trends = found.map((mistake) => ({
    mistake,
    name: mistakeName(mistake),
    marks: outcomes.map((outcome, i): TrendMark => {
      if (!outcome) return 'untested';
      if (outcome.mistakes.some((m) => sameMistake(m, mistake))) return 'seen';
      return chancesOf(mistake, sheets[i]!) >= MIN_EVIDENCE ? 'gone' : 'untested';
    }),
  }));
  return { outcomes, trends };
}
