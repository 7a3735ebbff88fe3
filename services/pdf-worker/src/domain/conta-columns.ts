import { contaNumberText, decimalText, inUnits, shownCasas, type ContaNumber } from '@app/contracts/decimal';
import type { Problem } from '@app/generator';

/**
 * How the numbers of a conta sit in its digit columns, naturals and decimals alike. A decimal conta
 * ("Dinheiro e decimais") is written vírgula under vírgula: its numbers are integers of its last casa's unit
 * (12,50 is 1250), so its digit columns are those of the integers, counted from the last casa, and one narrow column
 * holds the vírgula between the units and the décimos (`Comma.at`, the digit columns to its right). Carries,
 * borrows and the chave's steps keep their digit columns; only the drawing puts the vírgula's column in.
 */

/** The vírgula's column of a decimal conta: `at` digit columns (its casas) lie to its right. */
export interface Comma {
  at: number;
  /** Whether this number writes its vírgula (a natural multiplier, a partial product or a whole dividend does not). */
  point: boolean;
}

/** The digit columns a number of a conta takes: its digits, and for a decimal below 1 its 0 of units (0,50). */
export function unitDigits(problem: Pick<Problem, 'decimal'>, value: number): number {
  const length = String(value).length;
  return problem.decimal === undefined ? length : Math.max(length, problem.decimal.casas + 1);
}

/**
 * A number written in the conta's columns: its digits (no vírgula: the vírgula has its column), the digit columns
 * it stands from the last (a term of fewer casas, 3,5 over 12,75, stands one to the left, for the learner to complete
 * with zero), and its vírgula. `complete`: the gabarito writes the casas the learner completes (3,50).
 */
export function columnNumber(
  problem: Problem,
  which: ContaNumber,
  complete = false,
): { digits: string; shift: number; comma?: Comma } {
  const value = problem[which];
  const decimal = problem.decimal;
  if (decimal === undefined) return { digits: String(value), shift: 0 };
  if (!inUnits(problem.op, which))
    return { digits: String(value), shift: 0, comma: { at: decimal.casas, point: false } };
  const shown = complete ? decimal.casas : shownCasas(decimal, which);
  const digits = decimalText(value, decimal.casas, shown).replace(',', '');
  return { digits, shift: decimal.casas - shown, comma: { at: decimal.casas, point: shown > 0 } };
}

/** The vírgula's column of a decimal conta for a line that writes none (a partial product, a step of the chave). */
export const commaColumn = (problem: Pick<Problem, 'decimal'>): Comma | undefined =>
  problem.decimal === undefined ? undefined : { at: problem.decimal.casas, point: false };

/** The digit columns of the casas a term's gabarito completes with zeros (3,5 → 3,50: the last one). */
export const completedColumns = (problem: Problem, which: ContaNumber): number =>
  problem.decimal === undefined || !inUnits(problem.op, which)
    ? 0
    : problem.decimal.casas - shownCasas(problem.decimal, which);

/**
 * A number of a conta as a line of text prints it: 1.234, 3,5, R$ 12,50 (`money: false`: 12,50, for the conta to
 * arm, whose columns have no R$). "R$" is held to its number by a no-break space: a caption or a line that wraps
 * never leaves it alone at a line's end.
 */
export const numberText = (
  problem: Problem,
  which: ContaNumber | 'remainder',
  { money = true }: { money?: boolean } = {},
): string =>
  which === 'remainder'
    ? contaNumberText({ ...problem, decimal: undefined, result: problem.remainder }, 'result')
    : contaNumberText(problem, which, { reais: money }).replace('R$ ', 'R$\u00a0');
