import type { Random } from './random.js';
import type { Level, Operation, Problem, RulesVersion } from './types.js';

/** Operands before solving; `a` is the top of the written column (or the dividendo), `b` the bottom (or divisor). */
interface Operands {
  a: number;
  b: number;
}

/** One draw from a level's range for an operation. Returns null for a draw to throw away (rejection sampling). */
type Draw = (random: Random) => Operands | null;

/**
 * What is decided once for a problem before drawing it, and kept while rejected draws are replaced: a division's
 * kind (exact or with resto) is chosen here, so rejections cannot tilt the balance between the two.
 */
type Plan = (random: Random) => Draw;

const always =
  (draw: Draw): Plan =>
  () =>
    draw;

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

/** A borrow that has to cross a zero: a 0 of the minuend is asked to lend (5003 − 1247, 302 − 45). */
export function borrowsAcrossZero(a: number, b: number): boolean {
  let borrow = 0;
  for (let column = 0; column < digitsOf(a).length; column++) {
    const top = digitAt(a, column);
    if (top === 0 && borrow === 1) return true;
    borrow = top - borrow < digitAt(b, column) ? 1 : 0;
  }
  return false;
}

function withDigits(random: Random, digits: number): number {
  return random.int(10 ** (digits - 1), 10 ** digits - 1);
}

/**
 * Fácil + draws the sum first, uniformly, then one of its splits: drawing the terms column by column piled the
 * sums up near 99. Terms stay ≥ 2 (adding 0 or 1 is no exercise) and no column reaches 10, so 10 and 11 (only
 * 10 + 0, 10 + 1 or a carry) are no sum: the sums are 4–9 and 12–99, 94 of them.
 */
export const EASY_SUMS: ReadonlyArray<{ sum: number; tops: readonly number[] }> = Array.from(
  { length: 96 },
  (_, index) => {
    const sum = index + 4;
    const tops: number[] = [];
    for (let a = 2; a <= sum - 2; a++) {
      if (digitAt(a, 0) <= digitAt(sum, 0) && digitAt(a, 1) <= digitAt(sum, 1)) tops.push(a);
    }
    return { sum, tops };
  },
).filter(({ tops }) => tops.length > 0);

/** Difícil ÷: two-digit divisors, but not 20, 30, … 90, which only add a zero to a one-digit division. */
export const HARD_DIVISORS: readonly number[] = Array.from({ length: 89 }, (_, i) => i + 11).filter(
  (b) => b % 10 !== 0,
);

/**
 * A division `quotient × b + r` whose dividend lies in [low, high] with quotient ≥ `minQuotient`; `exact` picks
 * r = 0, otherwise r is drawn from 1 to b − 1. Null when this b and r leave no room.
 */
function divisionWithin(
  random: Random,
  b: number,
  exact: boolean,
  [low, high]: [number, number],
  minQuotient: number,
): Operands | null {
  const r = exact ? 0 : random.int(1, b - 1);
  const minimum = Math.max(minQuotient, Math.ceil((low - r) / b));
  const maximum = Math.floor((high - r) / b);
  if (minimum > maximum) return null;
  return { a: random.int(minimum, maximum) * b + r, b };
}

/** Médio and Difícil ÷: exact or with resto, each half of the time (the kind is kept through rejections). */
const balancedDivision =
  (draw: (random: Random, exact: boolean) => Operands | null): Plan =>
  (random) => {
    const exact = random.chance(1, 2);
    return (next) => draw(next, exact);
  };

const easy: Record<Operation, Plan> = {
  add: always((random) => {
    const { sum, tops } = random.pick(EASY_SUMS);
    const a = random.pick(tops);
    return { a, b: sum - a };
  }),
  // Each digit of the subtrahend at most the minuend's digit above it: no recurso.
  sub: always((random) => {
    const a = random.int(3, 99);
    const b = random.int(0, digitAt(a, 1)) * 10 + random.int(0, digitAt(a, 0));
    return b >= 2 && b < a ? { a, b } : null;
  }),
  // Tabuadas do 2 ao 5: the multiplier (bottom) is 2–5, the multiplicand (top) 2–10.
  mult: always((random) => ({ a: random.int(2, 10), b: random.int(2, 5) })),
  // Metade e terça parte (EF02MA08): exact, ÷2 or ÷3, quotient 2–10.
  div: always((random) => {
    const b = random.int(2, 3);
    return { a: b * random.int(2, 10), b };
  }),
};

const medium: Record<Operation, Plan> = {
  add: always((random) => {
    const a = withDigits(random, 3);
    const b = withDigits(random, 3);
    return additionCarries(a, b) ? { a, b } : null;
  }),
  // With recurso, but never across a zero (302 − 45): that is Difícil's.
  sub: always((random) => {
    const a = withDigits(random, 3);
    if (a === 100) return null; // 100 − anything borrows across its zeros
    const b = random.chance(1, 2) ? withDigits(random, 2) : random.int(100, a - 1);
    return b < a && subtractionBorrows(a, b) && !borrowsAcrossZero(a, b) ? { a, b } : null;
  }),
  // Multiplicação por 2, 3, 4 e 5 (EF03MA07) in the written algorithm: two-digit multiplicand.
  mult: always((random) => ({ a: withDigits(random, 2), b: random.int(2, 5) })),
  div: balancedDivision((random, exact) => divisionWithin(random, random.int(2, 9), exact, [10, 999], 2)),
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

const hard: Record<Operation, Plan> = {
  // Always with reserva: at least one column reaches 10.
  add: always((random) => {
    const a = withDigits(random, random.pick([4, 5]));
    const b = withDigits(random, random.pick([4, 5]));
    return additionCarries(a, b) ? { a, b } : null;
  }),
  sub: always((random) => {
    if (random.chance(1, 3)) return subtractionAcrossZeros(random);
    const a = withDigits(random, random.pick([4, 5]));
    if (a === 1000) return null;
    // b below a: five digits only when a has room above 10 000 (a = 10 000 takes a four-digit b).
    const bDigits = a > 10_000 ? random.pick([4, 5]) : 4;
    const b = random.int(10 ** (bDigits - 1), Math.min(10 ** bDigits - 1, a - 1));
    return b < a && subtractionBorrows(a, b) ? { a, b } : null;
  }),
  mult: always((random) => ({ a: withDigits(random, 3), b: withDigits(random, 2) })),
  // A 3- or 4-digit dividend, a divisor from HARD_DIVISORS and a quotient of at least two digits.
  div: balancedDivision((random, exact) => {
    const digits = random.pick([3, 4]);
    return divisionWithin(
      random,
      random.pick(HARD_DIVISORS),
      exact,
      [10 ** (digits - 1), 10 ** digits - 1],
      10,
    );
  }),
};

/** A carry out of the units or the tens: something carried inside a three-digit conta (not 467 + 700). */
export function carriesInside(a: number, b: number): boolean {
  const units = digitAt(a, 0) + digitAt(b, 0);
  return units >= 10 || digitAt(a, 1) + digitAt(b, 1) + (units >= 10 ? 1 : 0) >= 10;
}

/**
 * Fácil ÷ since rules 2, beyond the tabuada facts (quotient 2–10): two-digit halves and thirds whose every digit
 * halves or thirds on its own (48 ÷ 2 = 24, 69 ÷ 3 = 23), as Fácil + and − never carry nor borrow. 20 and 30 are
 * facts already (quotient 10).
 */
export const EASY_DIGITWISE_DIVISIONS: readonly Operands[] = [2, 3].flatMap((b) =>
  Array.from({ length: 90 }, (_, i) => i + 10)
    .filter((a) => (a % 10) % b === 0 && Math.floor(a / 10) % b === 0 && a / b > 10)
    .map((a) => ({ a, b })),
);

/** How often a drawn Difícil quotient of exactly 10 is kept (rules 2): 1 in 8, about 1.5 % of divisions. */
const KEEP_QUOTIENT_TEN = 8;

/** Rules 2: what changed from rules 1, operation by operation; the rest is drawn as before. */
const easy2: Record<Operation, Plan> = {
  ...easy,
  // Facts of the tabuadas do 2 e do 3 seven times in eight, else a digit-by-digit half or third.
  div: always((random) => {
    if (random.chance(1, 8)) return random.pick(EASY_DIGITWISE_DIVISIONS);
    const b = random.int(2, 3);
    return { a: b * random.int(2, 10), b };
  }),
};

const medium2: Record<Operation, Plan> = {
  ...medium,
  // Com reserva inside the conta: a carry out of the units or the tens, not only out of the hundreds.
  add: always((random) => {
    const a = withDigits(random, 3);
    const b = withDigits(random, 3);
    return carriesInside(a, b) ? { a, b } : null;
  }),
};

const hard2: Record<Operation, Plan> = {
  ...hard,
  // A quotient of exactly 10 (a bare 0 brought down) kept one time in KEEP_QUOTIENT_TEN.
  div: (random) => {
    const draw = hard.div(random);
    return (next) => {
      const operands = draw(next);
      if (operands === null) return null;
      return Math.floor(operands.a / operands.b) === 10 && !next.chance(1, KEEP_QUOTIENT_TEN)
        ? null
        : operands;
    };
  },
};

const plansByRules: Record<RulesVersion, Record<Level, Record<Operation, Plan>>> = {
  1: { 0: easy, 1: medium, 2: hard },
  2: { 0: easy2, 1: medium2, 2: hard2 },
  // Rules 3 changed only the situações-problema and the custom options' sources: the level tables are those of rules 2.
  3: { 0: easy2, 1: medium2, 2: hard2 },
  // Rules 4 to 9 changed the printed sheet only.
  4: { 0: easy2, 1: medium2, 2: hard2 },
  5: { 0: easy2, 1: medium2, 2: hard2 },
  6: { 0: easy2, 1: medium2, 2: hard2 },
  7: { 0: easy2, 1: medium2, 2: hard2 },
  8: { 0: easy2, 1: medium2, 2: hard2 },
  9: { 0: easy2, 1: medium2, 2: hard2 },
};

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

/** The answer as the gabarito writes it: the number, or for a division with resto the quotient and the resto. */
export function answerKey({
  op,
  result,
  remainder,
  decimal,
}: Pick<Problem, 'op' | 'result' | 'remainder' | 'decimal'>): string {
  // A decimal answer in its unit: 4,20 (420 centésimos) is not the natural 420.
  const value = decimal === undefined ? String(result) : `${result}e-${decimal.casas}`;
  return op === 'div' && remainder > 0 ? `${value} r ${remainder}` : value;
}

/**
 * The multiplication fact behind a × or an exact ÷ (3 × 5, 15 ÷ 3 and 15 ÷ 5 are all 3 × 5); null for
 * anything else.
 */
export function factOf({ op, a, b, result, remainder }: Problem): string | null {
  if (op === 'mult') return `${Math.min(a, b)}×${Math.max(a, b)}`;
  if (op === 'div' && remainder === 0) return `${Math.min(b, result)}×${Math.max(b, result)}`;
  return null;
}

const isHardQuotientTen = (level: Level, { op, result }: Problem) =>
  level === 2 && op === 'div' && result === 10;

/** A page's answer may appear at most twice. */
export const MAX_SAME_ANSWER = 2;

/**
 * The rules that look across a page's problems. A page holds at most 20 problems, so plain lists are searched;
 * the keys are those of `problemKey`, `answerKey` and `factOf`.
 */
export class PageProblems {
  readonly problems: Problem[] = [];
  private readonly keys: string[] = [];
  private readonly answers: string[] = [];
  private readonly easySums: number[] = [];
  /** Facts of the page's multiplications, and of its exact divisions. */
  private readonly multFacts: string[] = [];
  private readonly divFacts: string[] = [];

  /** Difícil divisions with a quotient of exactly 10 (rules 2: at most one a page). */
  private quotientTens = 0;

  private readonly divisionsYieldToSums: boolean;

  constructor(
    private readonly level: Level,
    private readonly rules: RulesVersion = 1,
    withAddition = false,
  ) {
    this.divisionsYieldToSums = rules >= 2 && level === 0 && withAddition;
  }

  /**
   * No problem twice; no answer three times; at Fácil no two additions with the same sum (so the sums stay as
   * even as the draw); never a multiplication and the exact division that undoes it (3 × 5 and 15 ÷ 3).
   * `repeatAllowed` drops only the first rule (custom pages whose option has too few distinct problems, README).
   */
  accepts(problem: Problem, repeatAllowed = false): boolean {
    if (this.rules >= 2 && isHardQuotientTen(this.level, problem) && this.quotientTens >= 1) return false;
    if (this.level === 0 && problem.op === 'add' && this.easySums.includes(problem.result)) return false;
    if (!repeatAllowed && this.keys.includes(problemKey(problem))) return false;
    const answer = answerKey(problem);
    // Rules 2: on a Fácil page with + a division never repeats an answer of the page, so that its quotients (now
    // 10 of the 20 on a + ÷ page) do not take the second place of a sum (Fácil + draws its sums evenly).
    if (this.divisionsYieldToSums && problem.op === 'div' && this.answers.includes(answer)) return false;
    let same = 0;
    for (const other of this.answers) if (other === answer) same++;
    if (same >= MAX_SAME_ANSWER) return false;
    const fact = factOf(problem);
    if (fact === null) return true;
    return !(problem.op === 'mult' ? this.divFacts : this.multFacts).includes(fact);
  }

  add(problem: Problem): void {
    this.problems.push(problem);
    if (isHardQuotientTen(this.level, problem)) this.quotientTens++;
    this.keys.push(problemKey(problem));
    this.answers.push(answerKey(problem));
    if (this.level === 0 && problem.op === 'add') this.easySums.push(problem.result);
    const fact = factOf(problem);
    if (fact !== null) (problem.op === 'mult' ? this.multFacts : this.divFacts).push(fact);
  }
}

/**
 * Bound on rejected draws, never reached in practice but keeping the loop finite. The smallest ranges are Fácil ÷
 * (18 problems, at most 12 on a page: the last draw succeeds with probability ≥ 7/18 on a ÷-only page, where no
 * answer can come three times as each quotient has only ÷2 and ÷3) and Fácil × (30 problems for at most 20, no
 * product of three of them: ≥ 11/36).
 */
const MAX_DRAWS = 10_000;

export function drawProblem(
  random: Random,
  level: Level,
  op: Operation,
  page: PageProblems,
  rules: RulesVersion = 1,
): Problem {
  const draw = plansByRules[rules][level][op](random);
  for (let attempt = 0; attempt < MAX_DRAWS; attempt++) {
    const operands = draw(random);
    if (operands === null) continue;
    const problem = solve(op, operands);
    if (page.accepts(problem)) return problem;
  }
  throw new Error(`could not draw a new ${op} problem for level ${level}`);
}
