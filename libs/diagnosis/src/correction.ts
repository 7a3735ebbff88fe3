import type { ContaDecimal } from '@app/contracts/decimal';
import type { Answer, Op } from './catalogue.js';
import { diagnose, type Answered, type Diagnosis } from './diagnose.js';

/**
 * Correção rápida: what a teacher typed for each problem of a printed sheet, marked right or wrong the same way in the
 * browser (at once, as she types) and on the server (the reports).
 */

/** A problem of a printed sheet as its gabarito knows it (the answers route's problem has these fields). */
export interface SheetProblem {
  op: Op;
  a: number;
  b: number;
  result: number;
  remainder: number;
  /** A custom page's `lacuna`: the term printed blank, which is the answer. */
  blank?: 'a' | 'b';
  /** A situação-problema: the answer is the last conta's result (`result`); its text is not this module's. */
  word?: unknown;
  /**
   * A situação-problema whose question asks another number than its conta's result, a whole number: how many are
   * needed (the quotient + 1, "quantos são necessários"), how many cédulas and moedas pay the result.
   */
  answer?: number | undefined;
  /** A decimal conta: its numbers, and the answer typed, are integers of its last casa; its division is exact. */
  decimal?: ContaDecimal | undefined;
}

/**
 * What the teacher typed for one problem: the number the child wrote (for ÷ the quotient, and the resto when the
 * child wrote one), or that the child left it blank ("em branco"). Nothing typed at all is no cell.
 */
export interface TypedAnswer {
  result: number | null;
  remainder: number | null;
  /** The child left the problem blank. */
  blank: boolean;
}

export type Mark = 'right' | 'wrong' | 'blank' | 'empty';

/**
 * Whether the problem's answer has a resto: a division's conta (not its `lacuna`, which asks a term; nor a decimal
 * division, which goes on to its last casa; nor a problem asking how many are needed).
 */
export const asksRemainder = (p: SheetProblem): boolean =>
  p.op === 'div' && p.blank === undefined && p.decimal === undefined && p.answer === undefined;

/**
 * The answer the sheet expects: the blank term of a `lacuna`, the number a situação-problema asks (`answer`), else
 * the result (and for ÷ its resto).
 */
export function expectedOf(p: SheetProblem): Answer {
  if (p.blank !== undefined) return { result: p[p.blank] };
  if (p.answer !== undefined) return { result: p.answer };
  return asksRemainder(p) ? { result: p.result, remainder: p.remainder } : { result: p.result };
}

/**
 * A typed answer against the sheet's: 'empty' when nothing is typed, 'blank' when the child left it blank, else
 * right or wrong. A division's resto left untyped counts as 0 (an exact division needs none typed; one with a resto
 * wants it).
 */
export function markOf(p: SheetProblem, typed: TypedAnswer | undefined): Mark {
  if (!typed) return 'empty';
  if (typed.blank) return 'blank';
  if (typed.result === null) return typed.remainder === null ? 'empty' : 'wrong';
  const expected = expectedOf(p);
  if (typed.result !== expected.result) return 'wrong';
  if (asksRemainder(p) && (typed.remainder ?? 0) !== expected.remainder) return 'wrong';
  return 'right';
}

export interface Score {
  right: number;
  wrong: number;
  blank: number;
  /** Problems nothing is typed for yet. */
  empty: number;
  total: number;
}

/** A child's score on a sheet: `typed[i]` is problem i's typed answer (undefined: nothing typed). */
export function scoreOf(
  problems: readonly SheetProblem[],
  typed: readonly (TypedAnswer | undefined)[],
): Score {
  const score: Score = { right: 0, wrong: 0, blank: 0, empty: 0, total: problems.length };
  problems.forEach((p, i) => void score[markOf(p, typed[i])]++);
  return score;
}

/**
 * The diagnosis of a child's sheet (diagnose.ts): its plain contas with what the child wrote (a blank as null). A
 * `lacuna` asks a term and a situação-problema starts from a text, so neither is evidence of a written algorithm;
 * they count in the score only.
 */
export function diagnoseSheet(
  problems: readonly SheetProblem[],
  typed: readonly (TypedAnswer | undefined)[],
): Diagnosis {
  const answered: Answered[] = [];
  problems.forEach((p, i) => {
    const t = typed[i];
    if (p.blank !== undefined || p.word !== undefined || !t || (!t.blank && t.result === null)) return;
    const conta = { op: p.op, a: p.a, b: p.b, ...(p.decimal === undefined ? {} : { decimal: p.decimal }) };
    answered.push({
      conta,
      answer: t.blank
        ? null
        : {
            result: t.result!,
            ...(p.op === 'div' && t.remainder !== null ? { remainder: t.remainder } : {}),
          },
    });
  });
  return diagnose(answered);
}
