import type { DivOptions, MultOptions } from '@app/contracts/custom-shape';
import { additionCarries, digitsOf, HARD_DIVISORS, subtractionBorrows } from '../problems.js';
import type { Random } from '../random.js';
import type { Operation } from '../types.js';

/**
 * What the custom engine's spaces are made of (draw.ts for naturals, decimal.ts for decimals): the pools of a kind,
 * the column tests of reserva, and the terms of a number of digits.
 */

/** The kind of a problem within its operation's options: one kind, or one side of a misturado coin. */
export type CustomKind = 'sem' | 'com' | 'exata' | 'resto' | 'fato';

export interface Operands {
  a: number;
  b: number;
}

/**
 * The problems of one kind of an operation's options. A small space (at most ENUMERATE_LIMIT candidate pairs) is
 * enumerated: `list` holds every pair and `distinct` counts them as a learner does (3 + 4 and 4 + 3 are one). A
 * large one is drawn by rejection (`list` null, `distinct` Infinity: the property test checks that each it meets has
 * at least 120 distinct problems, three times the largest count, and 40 answers).
 */
export interface KindPool {
  kind: CustomKind;
  list: readonly Operands[] | null;
  distinct: number;
  draw: (random: Random) => Operands | null;
}

export interface OpSpace {
  op: Operation;
  /** One pool, or the two sides of a misturado coin (the first is taken on heads). */
  pools: KindPool[];
}

const digitAt = (value: number, column: number): number => Math.floor(value / 10 ** column) % 10;

/**
 * Com reserva inside the conta: a carry out of a column that is not the last one (that carry goes straight into the
 * result: 467 + 700 carries only there), or, when both terms have one digit, out of the units (7 + 5). Generalises
 * rules 2 Médio + (out of the units or the tens of a three-digit conta).
 */
export function carriesInsideConta(a: number, b: number): boolean {
  const columns = Math.max(digitsOf(a).length, digitsOf(b).length);
  if (columns === 1) return a + b >= 10;
  let carry = 0;
  for (let column = 0; column < columns - 1; column++) {
    carry = digitAt(a, column) + digitAt(b, column) + carry >= 10 ? 1 : 0;
    if (carry === 1) return true;
  }
  return false;
}

/** A term of `digits` digits; a one-digit term is 2–9 (adding or taking 0 or 1 is no exercise). */
export function termRange(digits: number): [number, number] {
  return digits === 1 ? [2, 9] : [10 ** (digits - 1), 10 ** digits - 1];
}

/**
 * Two terms of exactly `top` and `bottom` digits with no carry (+) or no borrow (−), drawn column by column: in each
 * column a pair of digits that neither carries nor borrows, uniformly among those the column allows (its leading
 * digits are not 0; a one-digit term is 2–9). The columns are independent, so this is the uniform draw over every
 * such conta, without the rejections that made 5-digit sem reserva fail (95 % of random pairs carry somewhere).
 */
export function drawSemReserva(
  random: Random,
  op: 'add' | 'sub',
  top: number,
  bottom: number,
): Operands | null {
  let a = 0;
  let b = 0;
  for (let column = 0; column < Math.max(top, bottom); column++) {
    const [aLow, aHigh] = digitRange(top, column);
    const [bLow, bHigh] = digitRange(bottom, column);
    const pairs: Array<[number, number]> = [];
    for (let x = aLow; x <= aHigh; x++)
      for (let y = bLow; y <= bHigh; y++) if (op === 'add' ? x + y <= 9 : y <= x) pairs.push([x, y]);
    if (pairs.length === 0) return null;
    const [x, y] = random.pick(pairs);
    a += x * 10 ** column;
    b += y * 10 ** column;
  }
  return op === 'sub' && b >= a ? null : { a, b };
}

/** The digits a term of `digits` digits may have in a column (units first). */
function digitRange(digits: number, column: number): [number, number] {
  if (digits === 1) return column === 0 ? termRange(1) : [0, 0];
  if (column >= digits) return [0, 0];
  return column === digits - 1 ? [1, 9] : [0, 9];
}

/** The multiplicands of ×, by the options' word: the facts 2–10, 2 or 3 digits, the tabuada em ordem 1–10. */
export const MULTIPLICAND_RANGES: Readonly<Record<MultOptions['multiplicand'], readonly [number, number]>> = {
  fatos: [2, 10],
  2: [10, 99],
  3: [100, 999],
  ordem: [1, 10],
};

/** Two-digit multipliers (× "dois algarismos"): 11–99 but not 20, 30 … 90, which only add a zero to a fact. */
export const TWO_DIGIT_MULTIPLIERS = HARD_DIVISORS;

/** The multipliers of ×'s options, in order: the tabuadas chosen, or every two-digit multiplier. */
export const multipliersOf = (options: MultOptions): readonly number[] =>
  options.multiplier.kind === 'tables'
    ? [...options.multiplier.tables].sort((x, y) => x - y)
    : TWO_DIGIT_MULTIPLIERS;

/** The divisors of ÷'s options, in order: the list chosen, or every two-digit divisor (never 20, 30 … 90). */
export const divisorsOf = (options: DivOptions): readonly number[] =>
  options.divisor.kind === 'list' ? [...options.divisor.divisors].sort((x, y) => x - y) : HARD_DIVISORS;

/** The test of a kind of + or −: sem reserva never carries (borrows); com reserva carries inside the conta (borrows). */
export const addSubKind = (op: 'add' | 'sub', kind: CustomKind): ((o: Operands) => boolean) =>
  op === 'add'
    ? kind === 'sem'
      ? (o) => !additionCarries(o.a, o.b)
      : (o) => carriesInsideConta(o.a, o.b)
    : kind === 'sem'
      ? (o) => !subtractionBorrows(o.a, o.b)
      : (o) => subtractionBorrows(o.a, o.b);
