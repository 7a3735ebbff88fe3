import type { Random } from './random.js';
import type { Level, Operation, Problem } from './types.js';

/** Operands before solving; `a` is the top of the written column (or the dividendo), `b` the bottom (or divisor). */
interface Operands {
  a: number;
  b: number;
}

/** One draw from a level's range for an operation. Returns null for a draw to throw away (rejection sampling). */
type Draw = (random: Random) => Operands | null;

/** Units digit first. */
export function digitsOf(value: number): number[] {
  const digits: number[] = [];
  let rest = value;
  do {
    digits.push(rest % 10);
    rest = Math.floor(rest / 10);
  } while (rest > 0);
  return digits;
}

const digitAt = (value: number, column: number): number => Math.floor(value / 10 ** column) % 10;

/** The first carry of the written algorithm happens in the first column whose digits add up to 10 or more. */
export function additionCarries(a: number, b: number): boolean {
  const columns = Math.max(digitsOf(a).length, digitsOf(b).length);
  for (let column = 0; column < columns; column++) {
    if (digitAt(a, column) + digitAt(b, column) >= 10) return true;
  }
  return false;
}

/** Likewise, the first borrow happens in the first column whose top digit is smaller than the bottom one. */
export function subtractionBorrows(a: number, b: number): boolean {
  const columns = digitsOf(a).length;
  for (let column = 0; column < columns; column++) {
    if (digitAt(a, column) < digitAt(b, column)) return true;
  }
  return false;
}

function withDigits(random: Random, digits: number): number {
  return random.int(10 ** (digits - 1), 10 ** digits - 1);
}

/** Fácil + and − keep operands ≥ 2: adding or taking away 0 or 1 is no exercise. */
const easy: Record<Operation, Draw> = {
  // Built column by column so that no column reaches 10: sums stay ≤ 99 without reserva.
  add: (random) => {
    const unitsA = random.int(0, 9);
    const unitsB = random.int(0, 9 - unitsA);
    const tensA = random.int(0, 9);
    const tensB = random.int(0, 9 - tensA);
    const a = tensA * 10 + unitsA;
    const b = tensB * 10 + unitsB;
    return a >= 2 && b >= 2 ? { a, b } : null;
  },
  // Each digit of the subtrahend at most the minuend's digit above it: no recurso.
  sub: (random) => {
    const a = random.int(3, 99);
    const b = random.int(0, digitAt(a, 1)) * 10 + random.int(0, digitAt(a, 0));
    return b >= 2 && b < a ? { a, b } : null;
  },
  // Tabuadas do 2 ao 5: the multiplier (bottom) is 2–5, the multiplicand (top) 2–10.
  mult: (random) => ({ a: random.int(2, 10), b: random.int(2, 5) }),
  // Exact division, the inverse of the same tabuadas.
  div: (random) => {
    const divisor = random.int(2, 5);
    return { a: divisor * random.int(2, 10), b: divisor };
  },
};

const medium: Record<Operation, Draw> = {
  add: (random) => {
    const a = withDigits(random, 3);
    const b = withDigits(random, 3);
    return additionCarries(a, b) ? { a, b } : null;
  },
  sub: (random) => {
    const a = withDigits(random, 3);
    const b = random.chance(1, 2) || a === 100 ? withDigits(random, 2) : random.int(100, a - 1);
    return b < a && subtractionBorrows(a, b) ? { a, b } : null;
  },
  mult: (random) => ({ a: withDigits(random, 2), b: random.int(2, 9) }),
  div: (random) => {
    const b = random.int(2, 9);
    const a = random.int(10, 999);
    return a >= 2 * b ? { a, b } : null;
  },
};

/** A 4–5 digit minuend with a run of zeros right above the units, and a subtrahend whose units force a borrow
 * that has to cross those zeros (5003 − 1247). */
function subtractionAcrossZeros(random: Random): Operands | null {
  const digits = random.pick([4, 5]);
  const zeros = random.int(1, digits - 2);
  const units = random.int(0, 8);
  let a = random.int(2, 9) * 10 ** (digits - 1) + units;
  for (let column = zeros + 1; column < digits - 1; column++) a += random.int(0, 9) * 10 ** column;
  const b = Math.floor(random.int(1000, a - 1) / 10) * 10 + random.int(units + 1, 9);
  return b >= 1000 && b < a ? { a, b } : null;
}

const hard: Record<Operation, Draw> = {
  add: (random) => ({
    a: withDigits(random, random.pick([4, 5])),
    b: withDigits(random, random.pick([4, 5])),
  }),
  sub: (random) => {
    if (random.chance(1, 3)) return subtractionAcrossZeros(random);
    const a = withDigits(random, random.pick([4, 5]));
    if (a === 1000) return null;
    // b below a: five digits only when a has room above 10 000 (a = 10 000 takes a four-digit b).
    const bDigits = a > 10_000 ? random.pick([4, 5]) : 4;
    const b = random.int(10 ** (bDigits - 1), Math.min(10 ** bDigits - 1, a - 1));
    return b < a && subtractionBorrows(a, b) ? { a, b } : null;
  },
  mult: (random) => ({ a: withDigits(random, 3), b: withDigits(random, 2) }),
  div: (random) => {
    const b = random.int(10, 99);
    const a = withDigits(random, random.pick([3, 4]));
    return a >= 2 * b ? { a, b } : null;
  },
};

const drawsByLevel: Record<Level, Record<Operation, Draw>> = { 0: easy, 1: medium, 2: hard };

export function solve(op: Operation, { a, b }: Operands): Problem {
  switch (op) {
    case 'add':
      return { op, a, b, result: a + b, remainder: 0 };
    case 'sub':
      return { op, a, b, result: a - b, remainder: 0 };
    case 'mult':
      return { op, a, b, result: a * b, remainder: 0 };
    case 'div':
      return { op, a, b, result: Math.floor(a / b), remainder: a % b };
  }
}

/** Problems that read the same to a learner: 3 + 4 and 4 + 3 count as one. */
export function problemKey({ op, a, b }: Pick<Problem, 'op' | 'a' | 'b'>): string {
  const commutative = op === 'add' || op === 'mult';
  return commutative && b < a ? `${op}:${b}:${a}` : `${op}:${a}:${b}`;
}

/**
 * The smallest range is Fácil ×, with 30 distinct problems for at most 20 on a page, so the last draw still
 * succeeds with probability ≥ 11/36; this bound is never reached in practice but keeps the loop finite.
 */
const MAX_DRAWS = 10_000;

export function drawProblem(
  random: Random,
  level: Level,
  op: Operation,
  taken: ReadonlySet<string>,
): Problem {
  const draw = drawsByLevel[level][op];
  for (let attempt = 0; attempt < MAX_DRAWS; attempt++) {
    const operands = draw(random);
    if (operands === null) continue;
    const problem = solve(op, operands);
    if (!taken.has(problemKey(problem))) return problem;
  }
  throw new Error(`could not draw a new ${op} problem for level ${level}`);
}
