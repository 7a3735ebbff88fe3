import {
  bnccCodes,
  OPERATIONS,
  sheetTitle,
  type AddSubOptions,
  type CustomOptions,
  type DivOptions,
  type GeneratedPage,
  type MultOptions,
  type Operation,
  type Problem,
} from '@app/generator';

/**
 * Custom pages made by hand for the sheet's tests and samples: problems that obey the options (digits, regrouping,
 * tabuadas, divisors, restos, the blank of `lacuna`), each operation's first problem the widest the options allow
 * (the longest terms, the longest quotient), the rest drawn from a seeded sequence. The sheet is laid out from the
 * page alone, so these pages measure it as the generator's would.
 */

/** A small seeded generator (mulberry32 over a string hash): the same page for the same seed. */
export function sequence(seed: string): () => number {
  let state = 0x9e3779b9;
  for (const char of seed) state = Math.imul(state ^ char.charCodeAt(0), 0x85ebca6b) >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Next = () => number;
const between = (next: Next, low: number, high: number) => low + Math.floor(next() * (high - low + 1));
const pick = <T>(next: Next, list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
const lowest = (digits: number) => (digits === 1 ? 1 : 10 ** (digits - 1));
const highest = (digits: number) => 10 ** digits - 1;
const digitsOf = (n: number) =>
  String(n)
    .split('')
    .reverse()
    .map((d) => Number(d));

function carries(a: number, b: number): boolean {
  const x = digitsOf(a);
  const y = digitsOf(b);
  return x.some((d, i) => d + (y[i] ?? 0) > 9);
}

function borrows(a: number, b: number): boolean {
  const x = digitsOf(a);
  return digitsOf(b).some((d, i) => d > (x[i] ?? 0));
}

/** + or − of these digits that never carries nor borrows, built column by column (the leading digits not 0). */
function withoutRegrouping(next: Next, op: 'add' | 'sub', top: number, bottom: number): [number, number] {
  const columns = Math.max(top, bottom);
  let a = 0;
  let b = 0;
  for (let column = columns - 1; column >= 0; column--) {
    const inA = column < top;
    const inB = column < bottom;
    const leadA = column === top - 1 && top > 1 ? 1 : 0;
    const leadB = column === bottom - 1 && bottom > 1 ? 1 : 0;
    let x = inA ? between(next, leadA, op === 'add' && inB ? 9 - leadB : 9) : 0;
    let y = 0;
    if (inB) y = op === 'add' ? between(next, leadB, 9 - x) : between(next, leadB, Math.max(leadB, x));
    if (op === 'sub' && y > x) x = y;
    a = a * 10 + x;
    b = b * 10 + y;
  }
  if (top === 1 && a === 0) a = 1;
  if (bottom === 1 && b === 0) b = op === 'sub' ? Math.min(1, a) : 1;
  return [a, b];
}

function addSub(next: Next, op: 'add' | 'sub', options: AddSubOptions, widest: boolean): Problem {
  const regroups = op === 'add' ? carries : borrows;
  for (let attempt = 0; ; attempt++) {
    let a: number;
    let b: number;
    if (options.numbers.kind === 'digits') {
      const { top, bottom } = options.numbers;
      if (options.regrouping === 'sem') [a, b] = withoutRegrouping(next, op, top, bottom);
      else {
        // The widest terms while they can be drawn (− com reserva of equal lengths cannot borrow from 99x − 99y).
        const wide = widest && attempt < 100;
        a = wide ? highest(top) - between(next, 0, 9) : between(next, lowest(top), highest(top));
        b = wide ? highest(bottom) - between(next, 0, 9) : between(next, lowest(bottom), highest(bottom));
      }
    } else {
      const { max } = options.numbers;
      if (op === 'add') {
        a = between(next, 1, max - 1);
        b = between(next, 1, max - a);
      } else {
        a = widest && attempt < 100 ? max : between(next, 2, max);
        b = between(next, 1, a - 1);
      }
    }
    if (op === 'sub' && b > a) [a, b] = [b, a];
    if (op === 'sub' && a === b) continue;
    if (options.regrouping !== 'misturado' && (options.regrouping === 'com') !== regroups(a, b)) continue;
    return op === 'add'
      ? { op, a, b, result: a + b, remainder: 0 }
      : { op, a, b, result: a - b, remainder: 0 };
  }
}

function mult(next: Next, options: MultOptions, widest: boolean): Problem {
  const b =
    options.multiplier.kind === 'tables'
      ? widest
        ? Math.max(...options.multiplier.tables)
        : pick(next, options.multiplier.tables)
      : widest
        ? 99
        : between(next, 11, 99);
  const multiplicand = options.multiplicand;
  const a =
    multiplicand === 'fatos' || multiplicand === 'ordem'
      ? widest
        ? 10
        : between(next, multiplicand === 'ordem' ? 1 : 2, 10)
      : widest
        ? highest(multiplicand)
        : between(next, lowest(multiplicand), highest(multiplicand));
  return { op: 'mult', a, b, result: a * b, remainder: 0 };
}

function div(next: Next, options: DivOptions, widest: boolean): Problem {
  const divisors =
    options.divisor.kind === 'list' ? options.divisor.divisors : Array.from({ length: 90 }, (_, i) => i + 10);
  const b = widest ? Math.min(...divisors) : pick(next, divisors);
  const withRest =
    options.remainders === 'resto' || (options.remainders === 'misturado' && (widest || next() < 0.5));
  let quotient: number;
  if (options.dividend === 'fatos') quotient = widest ? 10 : between(next, 2, 10);
  else {
    const digits = options.dividend;
    const low = Math.ceil(lowest(digits) / b);
    const high = Math.floor((highest(digits) - (withRest ? b - 1 : 0)) / b);
    quotient = widest ? high : between(next, Math.max(2, low), high);
  }
  const remainder = withRest ? (widest ? b - 1 : between(next, 1, b - 1)) : 0;
  const a = b * quotient + remainder;
  return { op: 'div', a, b, result: quotient, remainder };
}

export function drawCustomProblem(
  next: Next,
  op: Operation,
  custom: CustomOptions,
  widest: boolean,
): Problem {
  let problem: Problem;
  switch (op) {
    case 'add':
    case 'sub':
      problem = addSub(next, op, custom[op]!, widest);
      break;
    case 'mult':
      problem = mult(next, custom.mult!, widest);
      break;
    case 'div':
      problem = div(next, custom.div!, widest);
      break;
  }
  if (custom.format === 'lacuna') problem.blank = next() < 0.5 ? 'a' : 'b';
  return problem;
}

/** A page of `custom`'s count, operations dealt round-robin as the generator deals them. */
export function customPage(seed: string, custom: CustomOptions, answers = true): GeneratedPage {
  const operations = OPERATIONS.filter((op) => custom[op] !== undefined);
  const next = sequence(seed);
  const problems = Array.from({ length: custom.count }, (_, index) => {
    const op = operations[index % operations.length] as Operation;
    return drawCustomProblem(next, op, custom, index < operations.length);
  });
  const options = {
    add: custom.add !== undefined,
    sub: custom.sub !== undefined,
    mult: custom.mult !== undefined,
    div: custom.div !== undefined,
    answers,
    level: 1 as const,
    custom,
  };
  return {
    options,
    rules: 2,
    problems,
    bncc: bnccCodes(1, operations),
    levelName: 'Médio',
  };
}

/** The title the sheet prints for a page (for the tests' expectations). */
export const titleOf = (page: GeneratedPage) => sheetTitle(page.options);
