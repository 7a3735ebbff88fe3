import { describe, expect, it } from 'vitest';
import {
  generatePage,
  LEVEL_NAMES,
  problemCount,
  type GeneratedPage,
  type Level,
  type Operation,
  type PageOptions,
  type Problem,
} from '../../src/index.js';

// Property tests: every page of every level × operation mix is checked against the level table of the design
// notes. The written-algorithm oracles below are deliberately independent of the generator's own helpers.

const ORDER: Operation[] = ['add', 'sub', 'mult', 'div'];
const LEVELS: Level[] = [0, 1, 2];
/** 45 cases × 10 000 seeds = 450 000 distinct seeds per run; raise it locally for a deeper search. */
const SEEDS_PER_CASE = Number(process.env.GENERATOR_SEEDS_PER_CASE ?? 10_000);

const MIXES: Operation[][] = Array.from({ length: 15 }, (_, index) =>
  ORDER.filter((_, bit) => ((index + 1) >> bit) & 1),
);

const CASES = LEVELS.flatMap((level) =>
  MIXES.map((operations) => ({ level, operations, label: `${LEVEL_NAMES[level]} ${operations.join('+')}` })),
);

function optionsFor(level: Level, operations: Operation[], answers = false): PageOptions {
  return {
    add: operations.includes('add'),
    sub: operations.includes('sub'),
    mult: operations.includes('mult'),
    div: operations.includes('div'),
    answers,
    level,
  };
}

const digit = (value: number, column: number) => Math.floor(value / 10 ** column) % 10;
const columnsOf = (value: number) => String(value).length;

/** Column addition as taught: how many columns pass a "vai um" to the next. */
function carriesOf(a: number, b: number): number {
  let carry = 0;
  let carries = 0;
  for (let column = 0; column < Math.max(columnsOf(a), columnsOf(b)); column++) {
    carry = digit(a, column) + digit(b, column) + carry >= 10 ? 1 : 0;
    carries += carry;
  }
  return carries;
}

/** Column subtraction with recurso: borrows, and borrows taken by a 0 that itself had to lend (5003 − 1247). */
function borrowsOf(a: number, b: number): { borrows: number; acrossZero: number } {
  let borrow = 0;
  let borrows = 0;
  let acrossZero = 0;
  for (let column = 0; column < columnsOf(a); column++) {
    const top = digit(a, column);
    if (top === 0 && borrow === 1) acrossZero++;
    borrow = top - borrow < digit(b, column) ? 1 : 0;
    borrows += borrow;
  }
  return { borrows, acrossZero };
}

const between = (value: number, min: number, max: number) =>
  Number.isInteger(value) && value >= min && value <= max;

/** The level table; returns what is wrong with the problem, or null. */
function levelRuleBroken(level: Level, { op, a, b, result, remainder }: Problem): string | null {
  switch (`${level}:${op}`) {
    case '0:add':
      if (!between(a, 1, 99) || !between(b, 1, 99) || result > 99)
        return 'Fácil + needs 1–2 digit terms, sum ≤ 99';
      return carriesOf(a, b) === 0 ? null : 'Fácil + must not carry';
    case '0:sub':
      if (!between(a, 1, 99) || !between(b, 1, 99)) return 'Fácil − needs a minuend ≤ 99';
      return borrowsOf(a, b).borrows === 0 ? null : 'Fácil − must not borrow';
    case '0:mult':
      return between(a, 2, 10) && between(b, 2, 5) ? null : 'Fácil × is the tabuada 2–5 × 2–10';
    case '0:div':
      return between(b, 2, 5) && between(result, 2, 10) && remainder === 0
        ? null
        : 'Fácil ÷ is exact, ÷ 2–5, q ≤ 10';
    case '1:add':
      if (!between(a, 100, 999) || !between(b, 100, 999)) return 'Médio + needs 3-digit terms';
      return carriesOf(a, b) > 0 ? null : 'Médio + must carry';
    case '1:sub':
      if (!between(a, 100, 999) || !between(b, 10, 999)) return 'Médio − is 3 digits − 2/3 digits';
      return borrowsOf(a, b).borrows > 0 ? null : 'Médio − must borrow';
    case '1:mult':
      return between(a, 10, 99) && between(b, 2, 9) ? null : 'Médio × is 2 digits × 2–9';
    case '1:div':
      return between(a, 10, 999) && between(b, 2, 9) && result >= 2 ? null : 'Médio ÷ is 2–3 digits ÷ 2–9';
    case '2:add':
      return between(a, 1000, 99_999) && between(b, 1000, 99_999) ? null : 'Difícil + needs 4–5 digit terms';
    case '2:sub':
      if (!between(a, 1000, 99_999) || !between(b, 1000, 99_999)) return 'Difícil − needs 4–5 digit terms';
      return borrowsOf(a, b).borrows > 0 ? null : 'Difícil − must borrow';
    case '2:mult':
      return between(a, 100, 999) && between(b, 10, 99) ? null : 'Difícil × is 3 digits × 2 digits';
    case '2:div':
      return between(a, 100, 9999) && between(b, 10, 99) && result >= 2
        ? null
        : 'Difícil ÷ is 3–4 digits ÷ 10–99';
    default:
      return `unknown case ${level}:${op}`;
  }
}

function answerWrong({ op, a, b, result, remainder }: Problem): boolean {
  switch (op) {
    case 'add':
      return result !== a + b || remainder !== 0;
    case 'sub':
      return result !== a - b || remainder !== 0;
    case 'mult':
      return result !== a * b || remainder !== 0;
    case 'div':
      return a !== b * result + remainder || remainder < 0 || remainder >= b;
  }
}

const sameToALearner = ({ op, a, b }: Problem) =>
  op === 'add' || op === 'mult' ? `${op}:${Math.min(a, b)}:${Math.max(a, b)}` : `${op}:${a}:${b}`;

function pageViolations(page: GeneratedPage, level: Level, operations: Operation[]): string[] {
  const violations: string[] = [];
  const expectedCount = operations.includes('div') ? 12 : 20;
  if (page.problems.length !== expectedCount) violations.push(`has ${page.problems.length} problems`);
  if (page.levelName !== LEVEL_NAMES[level]) violations.push(`level name ${page.levelName}`);
  const seen = new Set<string>();
  page.problems.forEach((problem, index) => {
    const where = `#${index + 1} ${problem.a} ${problem.op} ${problem.b}`;
    if (problem.op !== operations[index % operations.length])
      violations.push(`${where}: breaks the round-robin`);
    if (answerWrong(problem))
      violations.push(`${where}: wrong answer ${problem.result} r ${problem.remainder}`);
    if (problem.result < 0 || problem.remainder < 0) violations.push(`${where}: negative result`);
    if (problem.op === 'div' && problem.b < 2) violations.push(`${where}: ÷0 or ÷1`);
    if (problem.op === 'mult' && (problem.a < 2 || problem.b < 2)) violations.push(`${where}: ×0 or ×1`);
    const broken = levelRuleBroken(level, problem);
    if (broken) violations.push(`${where}: ${broken}`);
    const key = sameToALearner(problem);
    if (seen.has(key)) violations.push(`${where}: duplicate`);
    seen.add(key);
  });
  for (const op of operations) {
    if (!page.problems.some((problem) => problem.op === op)) violations.push(`${op} missing`);
  }
  return violations;
}

describe('generatePage', () => {
  // CPU-bound (thousands of pages per case): a generous limit, so a busy machine slows it down without failing it.
  it.each(CASES)('$label follows every rule on every seed', { timeout: 120_000 }, ({ level, operations }) => {
    const options = optionsFor(level, operations);
    const violations: string[] = [];
    for (let index = 0; index < SEEDS_PER_CASE && violations.length < 20; index++) {
      const seed = `${level}/${operations.join('+')}/${index}`;
      const page = generatePage(seed, options);
      violations.push(...pageViolations(page, level, operations).map((violation) => `${seed}: ${violation}`));
      if (index % 50 === 0 && JSON.stringify(generatePage(seed, options)) !== JSON.stringify(page)) {
        violations.push(`${seed}: not deterministic`);
      }
    }
    expect(violations).toEqual([]);
  });

  it('gives the same page for the same seed and options, and different pages for different seeds', () => {
    const options = optionsFor(1, ['add', 'sub', 'mult']);
    expect(generatePage('abc', options)).toEqual(generatePage('abc', options));
    const pages = new Set(
      Array.from({ length: 500 }, (_, i) => JSON.stringify(generatePage(`code-${i}`, options).problems)),
    );
    expect(pages.size).toBe(500);
  });

  it('keeps the options it was given (answers included) on the page', () => {
    const options = optionsFor(2, ['div'], true);
    expect(generatePage('x', options).options).toEqual(options);
  });

  it('draws a Difícil subtraction from a = 10 000 (a seed that once asked for an empty range and threw)', () => {
    const page = generatePage('probe-33899', optionsFor(2, ['sub']));
    expect(pageViolations(page, 2, ['sub'])).toEqual([]);
    expect(page.problems.some((problem) => problem.a === 10_000)).toBe(true);
  });

  it('sometimes makes Difícil subtractions borrow across zeros', () => {
    let subtractions = 0;
    let acrossZero = 0;
    for (let index = 0; index < 300; index++) {
      for (const problem of generatePage(`zeros-${index}`, optionsFor(2, ['sub'])).problems) {
        subtractions++;
        if (borrowsOf(problem.a, problem.b).acrossZero > 0) acrossZero++;
      }
    }
    expect(acrossZero / subtractions).toBeGreaterThan(0.2);
    expect(acrossZero / subtractions).toBeLessThan(0.6);
  });

  it('gives Médio and Difícil divisions with and without a resto', () => {
    for (const level of [1, 2] as const) {
      const divisions = Array.from(
        { length: 100 },
        (_, i) => generatePage(`resto-${i}`, optionsFor(level, ['div'])).problems,
      ).flat();
      expect(divisions.some((problem) => problem.remainder === 0)).toBe(true);
      expect(divisions.filter((problem) => problem.remainder > 0).length).toBeGreaterThan(
        divisions.length / 2,
      );
    }
  });

  it('throws when no operation is selected', () => {
    expect(() => generatePage('x', optionsFor(0, []))).toThrow(/operation/);
  });
});

describe('problemCount', () => {
  it('is 20 without division and 12 with it', () => {
    expect(problemCount(optionsFor(0, ['add', 'sub', 'mult']))).toBe(20);
    expect(problemCount(optionsFor(0, ['add', 'div']))).toBe(12);
  });
});

describe('BNCC codes', () => {
  const LEVEL_CODES: Record<Level, string[]> = {
    0: ['EF01MA06', 'EF01MA08', 'EF02MA05', 'EF02MA06', 'EF02MA07'],
    1: ['EF03MA03', 'EF03MA05', 'EF03MA06', 'EF03MA07', 'EF03MA08'],
    2: ['EF04MA03', 'EF04MA06', 'EF04MA07', 'EF05MA07', 'EF05MA08'],
  };

  it.each(LEVELS)('level %i prints all its codes, in order, when every operation is selected', (level) => {
    expect(generatePage('x', optionsFor(level, ORDER)).bncc).toEqual(LEVEL_CODES[level]);
  });

  it.each(CASES)('$label prints a non-empty ordered subset of its level codes', ({ level, operations }) => {
    const codes = generatePage('x', optionsFor(level, operations)).bncc;
    expect(codes.length).toBeGreaterThan(0);
    expect(codes).toEqual(LEVEL_CODES[level].filter((code) => codes.includes(code)));
  });

  it('maps each operation to the skills that practise it', () => {
    expect(generatePage('x', optionsFor(0, ['sub'])).bncc).toEqual(['EF01MA08', 'EF02MA05', 'EF02MA06']);
    expect(generatePage('x', optionsFor(0, ['div'])).bncc).toEqual(['EF02MA07']);
    expect(generatePage('x', optionsFor(1, ['mult'])).bncc).toEqual(['EF03MA03', 'EF03MA07']);
    expect(generatePage('x', optionsFor(1, ['div'])).bncc).toEqual(['EF03MA08']);
    expect(generatePage('x', optionsFor(2, ['add'])).bncc).toEqual(['EF04MA03', 'EF05MA07']);
    expect(generatePage('x', optionsFor(2, ['div'])).bncc).toEqual(['EF04MA07', 'EF05MA08']);
  });
});
