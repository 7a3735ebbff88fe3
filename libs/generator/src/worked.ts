import { digitsOf } from './problems.js';
import type { Problem } from './types.js';

/**
 * Each result worked out as a Brazilian learner writes it, for the gabarito. Arrays indexed by column count from
 * the units (index 0 = units, 1 = tens, ...), the way the written algorithms run.
 */

/** Column addition: `carries[i]` is the "vai um" written above column i (0 when none; index 0 is always 0). */
export interface WorkedAddition {
  op: 'add';
  carries: number[];
  result: number;
}

/**
 * Column subtraction with recurso: `rewritten[i]` is the minuend's digit of column i as rewritten after the
 * borrows (crossed out and replaced), or null when untouched. 5003 − 1247: [13, 9, 9, 4] (3 → 13, 0 → 9, 0 → 9,
 * 5 → 4); 52 − 17: [12, 4].
 */
export interface WorkedSubtraction {
  op: 'sub';
  rewritten: Array<number | null>;
  result: number;
}

/**
 * Column multiplication: one partial product per digit of the multiplier `b` (units first): `partials[j]` is
 * a × (digit j of b), written shifted j columns to the left; `carries[j][i]` is the carry written above column i
 * while computing partial j. With a one-digit multiplier there is one partial, equal to the result.
 */
export interface WorkedMultiplication {
  op: 'mult';
  partials: number[];
  carries: number[][];
  result: number;
}

/**
 * One round of the método da chave (long division, with the products written): the partial dividend `dividend`
 * (the rest so far with the next digit brought down), the quotient digit, `product` = digit × divisor written
 * under it and subtracted, and `rest` what remains. `endColumn` is the dividend's digit (0-based from the left)
 * under which the partial dividend ends, so the products and rests line up under the right digits.
 */
export interface DivisionStep {
  dividend: number;
  digit: number;
  product: number;
  rest: number;
  endColumn: number;
}

/** The whole chave: every step, from the first partial dividend big enough to the last digit brought down. */
export interface WorkedDivision {
  op: 'div';
  steps: DivisionStep[];
  quotient: number;
  remainder: number;
}

export type WorkedProblem = WorkedAddition | WorkedSubtraction | WorkedMultiplication | WorkedDivision;

const digitAt = (digits: readonly number[], column: number): number => digits[column] ?? 0;

/** One carry slot per column of the terms; the carry out of the last column goes straight into the result. */
function workAddition(a: number, b: number): WorkedAddition {
  const top = digitsOf(a);
  const bottom = digitsOf(b);
  const columns = Math.max(top.length, bottom.length);
  const carries = [0];
  for (let column = 0; column < columns - 1; column++) {
    const sum = digitAt(top, column) + digitAt(bottom, column) + (carries[column] as number);
    carries.push(Math.floor(sum / 10));
  }
  return { op: 'add', carries, result: a + b };
}

/**
 * Borrowing as taught (decomposição): a column whose top digit is too small takes 10 from its left neighbour, which
 * lends 1; a 0 asked to lend first borrows itself and ends as 9. One slot per digit of the minuend, holding the
 * digit as finally written when it was crossed out (lent, borrowed or both), else null.
 */
function workSubtraction(a: number, b: number): WorkedSubtraction {
  const top = digitsOf(a);
  const bottom = digitsOf(b);
  const rewritten: Array<number | null> = [];
  let lent = 0;
  for (let column = 0; column < top.length; column++) {
    const digit = (top[column] as number) - lent;
    const borrows = digit < digitAt(bottom, column) ? 1 : 0;
    rewritten.push(lent === 1 || borrows === 1 ? digit + 10 * borrows : null);
    lent = borrows;
  }
  return { op: 'sub', rewritten, result: a - b };
}

/** One partial per digit of b (0 for a digit 0); a partial's carries have one slot per digit of a. */
function workMultiplication(a: number, b: number): WorkedMultiplication {
  const top = digitsOf(a);
  const partials: number[] = [];
  const carries: number[][] = [];
  for (const digit of digitsOf(b)) {
    const row = [0];
    for (let column = 0; column < top.length - 1; column++) {
      row.push(Math.floor(((top[column] as number) * digit + (row[column] as number)) / 10));
    }
    partials.push(a * digit);
    carries.push(row);
  }
  return { op: 'mult', partials, carries, result: a * b };
}

/**
 * The método da chave: the first partial dividend is the shortest leading part of the dividend that is ≥ the
 * divisor (the whole dividend when it is smaller, quotient 0); then every remaining digit is brought down in turn,
 * a digit 0 of the quotient included (its product 0).
 */
function workDivision(a: number, b: number): WorkedDivision {
  if (!Number.isSafeInteger(b) || b < 1) throw new RangeError(`cannot divide by ${b}`);
  const digits = String(a).split('').map(Number);
  let end = 0;
  let partial = digits[0] as number;
  while (partial < b && end < digits.length - 1) {
    end++;
    partial = partial * 10 + (digits[end] as number);
  }
  const steps: DivisionStep[] = [];
  for (;;) {
    const digit = Math.floor(partial / b);
    const product = digit * b;
    steps.push({ dividend: partial, digit, product, rest: partial - product, endColumn: end });
    if (end === digits.length - 1) break;
    end++;
    partial = (partial - product) * 10 + (digits[end] as number);
  }
  return { op: 'div', steps, quotient: Math.floor(a / b), remainder: a % b };
}

/** The worked algorithm of a problem (non-negative whole numbers, as the generator makes them). */
export function workProblem(problem: Problem): WorkedProblem {
  const { op, a, b } = problem;
  if (!Number.isSafeInteger(a) || !Number.isSafeInteger(b) || a < 0 || b < 0) {
    throw new RangeError(`not whole numbers: ${a}, ${b}`);
  }
  switch (op) {
    case 'add':
      return workAddition(a, b);
    case 'sub':
      if (b > a) throw new RangeError(`negative difference: ${a} − ${b}`);
      return workSubtraction(a, b);
    case 'mult':
      return workMultiplication(a, b);
    case 'div':
      return workDivision(a, b);
  }
}
