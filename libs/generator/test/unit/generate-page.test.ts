import { describe, expect, it } from 'vitest';
import {
  asksForRemainder,
  generatePage,
  LEVEL_NAMES,
  problemCount,
  RULES_VERSION,
  rulesVersion,
  type GeneratedPage,
  type Level,
  type Operation,
  type PageOptions,
  type Problem,
} from '../../src/index.js';
import { tabuadaDo7 } from '../support/fixtures.js';

// Property tests: every page of every level × operation mix is checked against the level table and the variety
// rules of the design notes. The written-algorithm oracles below are deliberately independent of the generator's
// own helpers.

const ORDER: Operation[] = ['add', 'sub', 'mult', 'div'];
const LEVELS: Level[] = [0, 1, 2];
/**
 * 45 cases × 12 500 seeds = 562 500 distinct seeds per run, so that every variety rule, which concerns 8 of the 15
 * mixes of a level at least, is checked on ≥ 100 000 pages; raise it locally for a deeper search.
 */
const SEEDS_PER_CASE = Number(process.env.GENERATOR_SEEDS_PER_CASE ?? 12_500);
const MIN_PAGES_PER_RULE = 100_000;

const MIXES: Operation[][] = Array.from({ length: 15 }, (_, index) =>
  ORDER.filter((_, bit) => ((index + 1) >> bit) & 1),
);

interface Case {
  level: Level;
  operations: Operation[];
  label: string;
}

const CASES: Case[] = LEVELS.flatMap((level) =>
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
  const columns = Math.max(columnsOf(a), columnsOf(b));
  for (let column = 0; column < columns; column++) {
    carry = digit(a, column) + digit(b, column) + carry >= 10 ? 1 : 0;
    carries += carry;
  }
  return carries;
}

/** Whether a "vai um" leaves the units or the tens (a carry inside a three-digit conta, not 467 + 700). */
function carriesInsideOf(a: number, b: number): boolean {
  let carry = 0;
  for (let column = 0; column < 2; column++) {
    carry = digit(a, column) + digit(b, column) + carry >= 10 ? 1 : 0;
    if (carry) return true;
  }
  return false;
}

/** Column subtraction with recurso: borrows, and borrows taken by a 0 that itself had to lend (5003 − 1247). */
function borrowsOf(a: number, b: number): { borrows: number; acrossZero: number } {
  let borrow = 0;
  let borrows = 0;
  let acrossZero = 0;
  const columns = columnsOf(a);
  for (let column = 0; column < columns; column++) {
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
      if (!between(a, 2, 99) || !between(b, 2, 99) || result > 99)
        return 'Fácil + needs terms 2–99, sum ≤ 99';
      return carriesOf(a, b) === 0 ? null : 'Fácil + must not carry';
    case '0:sub':
      if (!between(a, 1, 99) || !between(b, 2, 99)) return 'Fácil − needs a minuend ≤ 99';
      return borrowsOf(a, b).borrows === 0 ? null : 'Fácil − must not borrow';
    case '0:mult':
      return between(a, 2, 10) && between(b, 2, 5) ? null : 'Fácil × is the tabuada 2–5 × 2–10';
    case '0:div': {
      if (!between(b, 2, 3) || remainder !== 0) return 'Fácil ÷ is exact, ÷ 2 or 3';
      // A tabuada fact, or a two-digit half or third taken digit by digit (48 ÷ 2 = 24, 69 ÷ 3 = 23).
      const digitwise = between(a, 10, 99) && digit(a, 0) % b === 0 && digit(a, 1) % b === 0;
      return between(result, 2, 10) || digitwise ? null : 'Fácil ÷ is a fact (q 2–10) or digit by digit';
    }
    case '1:add':
      if (!between(a, 100, 999) || !between(b, 100, 999)) return 'Médio + needs 3-digit terms';
      return carriesInsideOf(a, b) ? null : 'Médio + must carry out of the units or the tens';
    case '1:sub':
      if (!between(a, 100, 999) || !between(b, 10, 999)) return 'Médio − is 3 digits − 2/3 digits';
      return borrowsOf(a, b).borrows > 0 ? null : 'Médio − must borrow';
    case '1:mult':
      return between(a, 10, 99) && between(b, 2, 5) ? null : 'Médio × is 2 digits × 2–5';
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

/** 3 + 4 and 4 + 3 are the same problem to a learner (as a number: every operand is below 100 000). */
const sameToALearner = ({ op, a, b }: Problem) =>
  op === 'add' || op === 'mult'
    ? (ORDER.indexOf(op) * 1e5 + Math.min(a, b)) * 1e5 + Math.max(a, b)
    : (ORDER.indexOf(op) * 1e5 + a) * 1e5 + b;

const at = (index: number, { a, op, b }: Problem) => `#${index + 1} ${a} ${op} ${b}`;

/** The page rules and the level table. */
function tableViolations(page: GeneratedPage, level: Level, operations: Operation[]): string[] {
  const violations: string[] = [];
  // A division in the chave takes 12 cells; a Fácil division is a one-line fact and keeps the page's 20.
  const chave = operations.includes('div') && level > 0;
  const expectedCount = chave || (level === 2 && operations.includes('mult')) ? 12 : 20;
  if (page.problems.length !== expectedCount) violations.push(`has ${page.problems.length} problems`);
  if (page.levelName !== LEVEL_NAMES[level]) violations.push(`level name ${page.levelName}`);
  const seen: number[] = [];
  page.problems.forEach((problem, index) => {
    if (problem.op !== operations[index % operations.length])
      violations.push(`${at(index, problem)}: breaks the round-robin`);
    if (answerWrong(problem))
      violations.push(`${at(index, problem)}: wrong answer ${problem.result} r ${problem.remainder}`);
    if (problem.result < 0 || problem.remainder < 0)
      violations.push(`${at(index, problem)}: negative result`);
    if (problem.op === 'div' && problem.b < 2) violations.push(`${at(index, problem)}: ÷0 or ÷1`);
    if (problem.op === 'mult' && (problem.a < 2 || problem.b < 2))
      violations.push(`${at(index, problem)}: ×0 or ×1`);
    const broken = levelRuleBroken(level, problem);
    if (broken) violations.push(`${at(index, problem)}: ${broken}`);
    const key = sameToALearner(problem);
    if (seen.includes(key)) violations.push(`${at(index, problem)}: duplicate`);
    seen.push(key);
  });
  for (const op of operations) {
    if (!page.problems.some((problem) => problem.op === op)) violations.push(`${op} missing`);
  }
  return violations;
}

// ---------------- BNCC: what each printed code names, read from the skill's text ----------------

type Scope = Partial<Record<Operation, (problem: Problem) => boolean>>;
const terms = (max: number) => (p: Problem) => p.a <= max && p.b <= max;
const upTo = (max: number) => (p: Problem) => p.a <= max && p.b <= max && p.result <= max;
const anyNatural = () => true;

/**
 * For each code, the operations it speaks of and which problems lie within it. A code may print only when every
 * problem of those operations on the page lies within it.
 */
const SKILL_SCOPES: Record<string, Scope> = {
  // Fatos básicos da adição used in calculation (1º ano: numbers up to two digits).
  EF01MA06: { add: upTo(99) },
  // Adição e subtração envolvendo números de até dois algarismos.
  EF01MA08: { add: upTo(99), sub: upTo(99) },
  // Fatos básicos da adição e subtração no cálculo mental ou escrito (2º ano: up to three orders).
  EF02MA05: { add: upTo(999), sub: upTo(999) },
  // Adição e subtração envolvendo números de até três ordens.
  EF02MA06: { add: upTo(999), sub: upTo(999) },
  // Multiplicação (por 2, 3, 4 e 5), adição de parcelas iguais: small multiplicands.
  EF02MA07: { mult: (p) => between(p.b, 2, 5) && p.a <= 10 },
  // Dobro, metade, triplo e terça parte: ÷2 and ÷3, exact.
  EF02MA08: { div: (p) => (p.b === 2 || p.b === 3) && p.remainder === 0 },
  // Fatos básicos da adição e da multiplicação para o cálculo mental ou escrito: one-digit multipliers.
  EF03MA03: { add: terms(9999), mult: (p) => p.b <= 9 },
  // Cálculo mental e escrito de adição e subtração (3º ano: up to four orders).
  EF03MA05: { add: terms(9999), sub: terms(9999) },
  EF03MA06: { add: terms(9999), sub: terms(9999) },
  // Multiplicação (por 2, 3, 4, 5 e 10).
  EF03MA07: { mult: (p) => [2, 3, 4, 5, 10].includes(p.b) },
  // Divisão de um número natural por outro (até 10), com resto zero e com resto diferente de zero.
  EF03MA08: { div: (p) => p.b <= 10 },
  // Adição e subtração com números naturais (4º ano: up to the dezenas de milhar).
  EF04MA03: { add: terms(99_999), sub: terms(99_999) },
  // Multiplicação com algoritmos.
  EF04MA06: { mult: terms(99_999) },
  // Divisão cujo divisor tenha no máximo dois algarismos.
  EF04MA07: { div: (p) => p.b <= 99 },
  EF05MA07: { add: anyNatural, sub: anyNatural },
  // Multiplicação e divisão com multiplicador natural e divisor natural diferente de zero.
  EF05MA08: { mult: anyNatural, div: (p) => p.b >= 1 },
};

function bnccViolations(page: GeneratedPage, operations: Operation[]): string[] {
  const violations: string[] = [];
  for (const code of page.bncc) {
    const scope = SKILL_SCOPES[code];
    if (!scope) {
      violations.push(`${code}: not a known skill`);
      continue;
    }
    if (!operations.some((op) => scope[op]))
      violations.push(`${code}: practises none of ${operations.join('+')}`);
    for (const problem of page.problems) {
      const within = scope[problem.op];
      if (within && !within(problem))
        violations.push(`${code}: ${problem.a} ${problem.op} ${problem.b} is not what the skill names`);
    }
  }
  for (const op of operations) {
    if (!page.bncc.some((code) => SKILL_SCOPES[code]?.[op])) violations.push(`${op}: no code printed for it`);
  }
  return violations;
}

// ---------------- the variety rules, page by page ----------------

/** The answer as the gabarito writes it. */
const answerOf = ({ op, result, remainder }: Problem) =>
  op === 'div' && remainder > 0 ? `${result} r ${remainder}` : String(result);

interface VarietyRule {
  name: string;
  applies(level: Level, operations: Operation[]): boolean;
  violations(page: GeneratedPage, level: Level, operations: Operation[]): string[];
}

const VARIETY_RULES: VarietyRule[] = [
  {
    name: 'no answer three times on a sheet, no Fácil sum twice',
    applies: () => true,
    violations: (page, level) => {
      const counts = new Map<string, number>();
      const sums = new Set<number>();
      const violations: string[] = [];
      for (const problem of page.problems) {
        const answer = answerOf(problem);
        counts.set(answer, (counts.get(answer) ?? 0) + 1);
        if (counts.get(answer) === 3) violations.push(`answer ${answer} three times`);
        if (level === 0 && problem.op === 'add') {
          if (sums.has(problem.result)) violations.push(`Fácil sum ${problem.result} twice`);
          sums.add(problem.result);
        }
      }
      return violations;
    },
  },
  {
    name: 'Difícil + always needs reserva',
    applies: (level, operations) => level === 2 && operations.includes('add'),
    violations: (page) =>
      page.problems
        .filter((p) => p.op === 'add' && carriesOf(p.a, p.b) === 0)
        .map((p) => `${p.a} + ${p.b} has no reserva`),
  },
  {
    name: 'Difícil ÷ has a quotient of 2+ digits and no divisor multiple of 10',
    applies: (level, operations) => level === 2 && operations.includes('div'),
    violations: (page) =>
      page.problems
        .filter((p) => p.op === 'div' && (p.result < 10 || p.b % 10 === 0))
        .map((p) => `${p.a} ÷ ${p.b} = ${p.result}`),
  },
  {
    name: 'a Difícil quotient is exactly 10 at most once a page',
    applies: (level, operations) => level === 2 && operations.includes('div'),
    violations: (page) => {
      const tens = page.problems.filter((p) => p.op === 'div' && p.result === 10);
      return tens.length > 1 ? [`${tens.length} quotients of 10`] : [];
    },
  },
  {
    name: 'every Médio + carries inside the conta (out of the units or the tens)',
    applies: (level, operations) => level === 1 && operations.includes('add'),
    violations: (page) =>
      page.problems
        .filter((p) => p.op === 'add' && !carriesInsideOf(p.a, p.b))
        .map((p) => `${p.a} + ${p.b} carries only out of the hundreds`),
  },
  {
    name: 'borrows across zeros only at Difícil',
    applies: (level, operations) => level < 2 && operations.includes('sub'),
    violations: (page) =>
      page.problems
        .filter((p) => p.op === 'sub' && borrowsOf(p.a, p.b).acrossZero > 0)
        .map((p) => `${p.a} − ${p.b} borrows across a zero`),
  },
  {
    name: 'no page holds a multiplication fact and its exact division inverse',
    applies: (_, operations) => operations.includes('mult') && operations.includes('div'),
    violations: (page) => {
      const facts = page.problems
        .filter((p) => p.op === 'mult')
        .map((p) => `${Math.min(p.a, p.b)}×${Math.max(p.a, p.b)}`);
      return page.problems
        .filter((p) => p.op === 'div' && p.remainder === 0)
        .filter((p) => facts.includes(`${Math.min(p.b, p.result)}×${Math.max(p.b, p.result)}`))
        .map((p) => `${p.a} ÷ ${p.b} undoes a multiplication on the page`);
    },
  },
  {
    name: 'Fácil ÷ is exact and asks for no remainder',
    applies: (level, operations) => level === 0 && operations.includes('div'),
    violations: (page) => [
      ...(asksForRemainder(page.options.level) ? ['the page asks for a remainder'] : []),
      ...page.problems
        .filter((p) => p.op === 'div' && p.remainder !== 0)
        .map((p) => `${p.a} ÷ ${p.b} leaves ${p.remainder}`),
    ],
  },
  {
    name: 'the BNCC codes printed match what the page practises',
    applies: () => true,
    violations: (page, _, operations) => bnccViolations(page, operations),
  },
];

// ---------------- one survey per case, shared by the tests ----------------

interface Survey {
  table: string[];
  rules: Map<string, { pages: number; violations: string[] }>;
  /** Fácil + sums: how often each came. */
  sums: Map<number, number>;
  divisions: { exact: number; withResto: number; quotientTen: number };
  subtractions: { all: number; acrossZero: number };
}

const surveys = new Map<string, Survey>();

/** Generates the case's pages once and checks every rule on each; later tests reuse the result. */
function survey({ level, operations, label }: Case): Survey {
  const known = surveys.get(label);
  if (known) return known;
  const options = optionsFor(level, operations);
  const result: Survey = {
    table: [],
    rules: new Map(),
    sums: new Map(),
    divisions: { exact: 0, withResto: 0, quotientTen: 0 },
    subtractions: { all: 0, acrossZero: 0 },
  };
  const rules = VARIETY_RULES.filter((rule) => rule.applies(level, operations));
  for (const rule of rules) result.rules.set(rule.name, { pages: 0, violations: [] });
  for (let index = 0; index < SEEDS_PER_CASE; index++) {
    const seed = `${level}/${operations.join('+')}/${index}`;
    const page = generatePage(seed, options);
    if (result.table.length < 20) {
      result.table.push(
        ...tableViolations(page, level, operations).map((violation) => `${seed}: ${violation}`),
      );
      if (index % 50 === 0 && JSON.stringify(generatePage(seed, options)) !== JSON.stringify(page)) {
        result.table.push(`${seed}: not deterministic`);
      }
    }
    for (const rule of rules) {
      const tally = result.rules.get(rule.name) as { pages: number; violations: string[] };
      tally.pages++;
      if (tally.violations.length < 20) {
        tally.violations.push(...rule.violations(page, level, operations).map((v) => `${seed}: ${v}`));
      }
    }
    for (const problem of page.problems) {
      if (problem.op === 'add' && level === 0)
        result.sums.set(problem.result, (result.sums.get(problem.result) ?? 0) + 1);
      if (problem.op === 'div') {
        if (problem.remainder === 0) result.divisions.exact++;
        else result.divisions.withResto++;
        if (problem.result === 10) result.divisions.quotientTen++;
      }
      if (problem.op === 'sub') {
        result.subtractions.all++;
        if (borrowsOf(problem.a, problem.b).acrossZero > 0) result.subtractions.acrossZero++;
      }
    }
  }
  surveys.set(label, result);
  return result;
}

const casesWhere = (accepts: (c: Case) => boolean) => CASES.filter(accepts);

/** Sum Σ (observed − expected)² / expected over the given values. */
function chiSquare(counts: ReadonlyMap<number, number>, values: readonly number[]): number {
  const total = values.reduce((sum, value) => sum + (counts.get(value) ?? 0), 0);
  const expected = total / values.length;
  return values.reduce((sum, value) => sum + ((counts.get(value) ?? 0) - expected) ** 2 / expected, 0);
}

/** Sums 4–99 that two terms ≥ 2 reach without a carry: all but 10 and 11. */
const EASY_SUMS = Array.from({ length: 96 }, (_, i) => i + 4).filter((sum) =>
  Array.from({ length: sum - 3 }, (_, i) => i + 2).some((a) => carriesOf(a, sum - a) === 0),
);

// CPU-bound (thousands of pages per case): a generous limit, so a busy machine slows it down without failing it.

describe('generatePage', () => {
  it.each(CASES)('$label follows the level table and page rules on every seed', (item) => {
    expect(survey(item).table).toEqual([]);
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

  it('draws a Difícil subtraction from a = 10 000 (a minuend that once asked for an empty range and threw)', () => {
    // A seed found by search whose page draws that minuend.
    const page = generatePage('probe-787', optionsFor(2, ['sub']));
    expect(tableViolations(page, 2, ['sub'])).toEqual([]);
    expect(page.problems.some((problem) => problem.a === 10_000)).toBe(true);
  });

  it('throws when no operation is selected', () => {
    expect(() => generatePage('x', optionsFor(0, []))).toThrow(/operation/);
  });
});

describe('variety', () => {
  it.each(VARIETY_RULES.map((rule) => ({ name: rule.name })))(
    '$name, with 0 violations over ≥ 100 000 pages',
    ({ name }) => {
      let pages = 0;
      const violations: string[] = [];
      for (const item of CASES) {
        const tally = survey(item).rules.get(name);
        if (!tally) continue;
        pages += tally.pages;
        violations.push(...tally.violations);
      }
      expect(violations.slice(0, 20)).toEqual([]);
      expect(pages).toBeGreaterThanOrEqual(MIN_PAGES_PER_RULE);
    },
  );

  it('Fácil + draws its sums evenly: every reachable sum, chi-square below p = 0.001, max/min ≤ 1.10', () => {
    const cases = casesWhere((c) => c.level === 0 && c.operations.includes('add'));
    const counts = new Map<number, number>();
    for (const item of cases) {
      for (const [sum, count] of survey(item).sums) counts.set(sum, (counts.get(sum) ?? 0) + count);
    }
    expect(cases.length * SEEDS_PER_CASE).toBeGreaterThanOrEqual(MIN_PAGES_PER_RULE);
    expect(EASY_SUMS).toHaveLength(94);
    expect([...counts.keys()].filter((sum) => !EASY_SUMS.includes(sum))).toEqual([]);
    const frequencies = EASY_SUMS.map((sum) => counts.get(sum) ?? 0);
    expect(Math.max(...frequencies) / Math.min(...frequencies)).toBeLessThanOrEqual(1.1);
    // 93 degrees of freedom: the chi-square exceeds 140.9 with probability 0.001 for a uniform draw.
    expect(chiSquare(counts, EASY_SUMS)).toBeLessThan(140.9);
  });

  it.each([1, 2] as const)(
    'level %i balances exact and with-resto divisions: 45–55 % exact over ≥ 100 000 pages',
    (level) => {
      const cases = casesWhere((c) => c.level === level && c.operations.includes('div'));
      let exact = 0;
      let withResto = 0;
      for (const item of cases) {
        exact += survey(item).divisions.exact;
        withResto += survey(item).divisions.withResto;
      }
      expect(cases.length * SEEDS_PER_CASE).toBeGreaterThanOrEqual(MIN_PAGES_PER_RULE);
      expect(exact / (exact + withResto)).toBeGreaterThanOrEqual(0.45);
      expect(exact / (exact + withResto)).toBeLessThanOrEqual(0.55);
    },
  );

  it('a Difícil quotient is exactly 10 in at most 3 % of divisions (and still comes)', () => {
    let divisions = 0;
    let tens = 0;
    for (const item of casesWhere((c) => c.level === 2 && c.operations.includes('div'))) {
      const { exact, withResto, quotientTen } = survey(item).divisions;
      divisions += exact + withResto;
      tens += quotientTen;
    }
    expect(divisions).toBeGreaterThan(500_000);
    expect(tens / divisions).toBeLessThanOrEqual(0.03);
    expect(tens).toBeGreaterThan(0);
  });

  it('Difícil subtractions borrow across zeros in 20–60 % of problems', () => {
    let all = 0;
    let acrossZero = 0;
    for (const item of casesWhere((c) => c.level === 2 && c.operations.includes('sub'))) {
      all += survey(item).subtractions.all;
      acrossZero += survey(item).subtractions.acrossZero;
    }
    expect(acrossZero / all).toBeGreaterThan(0.2);
    expect(acrossZero / all).toBeLessThan(0.6);
  });
});

describe('problemCount', () => {
  it('is 12 with a division in the chave or a Difícil multiplication, else 20 (a Fácil ÷ fact keeps 20)', () => {
    expect(problemCount({ div: false, mult: true, level: 0 })).toBe(20);
    expect(problemCount({ div: false, mult: true, level: 1 })).toBe(20);
    expect(problemCount({ div: false, mult: true, level: 2 })).toBe(12);
    expect(problemCount({ div: false, mult: false, level: 2 })).toBe(20);
    expect(problemCount({ div: true, mult: false, level: 0 })).toBe(20);
    expect(problemCount({ div: true, mult: false, level: 1 })).toBe(12);
    expect(problemCount({ div: true, mult: true, level: 2 })).toBe(12);
  });

  it('is 12 for a Fácil page with ÷ drawn with rules 1 (a page stored before rules had versions)', () => {
    expect(problemCount({ div: true, mult: false, level: 0 }, 1)).toBe(12);
    expect(problemCount({ div: false, mult: true, level: 0 }, 1)).toBe(20);
  });

  it('is the number of problems generated', () => {
    for (const { level, operations } of CASES) {
      const options = optionsFor(level, operations);
      expect(generatePage('count', options).problems).toHaveLength(problemCount(options));
    }
  });
});

describe('rules versions', () => {
  it('draws a page stored before rules had versions (no version: rules 1) exactly as then', () => {
    expect(rulesVersion(null)).toBe(1);
    expect(rulesVersion(undefined)).toBe(1);
    expect(rulesVersion(2)).toBe(2);
    expect(rulesVersion(3)).toBe(3);
    expect(rulesVersion(4)).toBe(4);
    expect(rulesVersion(5)).toBe(5);
    expect(rulesVersion(6)).toBe(6);
    expect(rulesVersion(7)).toBe(7);
    expect(rulesVersion(8)).toBe(8);
    expect(rulesVersion(9)).toBe(9);
    expect(() => rulesVersion(10)).toThrow(/rules version/);
    expect(() => rulesVersion(0)).toThrow(/rules version/);
    expect(() => rulesVersion(6.5)).toThrow(/rules version/);
    expect(RULES_VERSION).toBe(9);
    // Rules 1: Fácil ÷ in the chave, 12 problems, tabuada facts only; rules 2: 20, digit-by-digit halves too.
    const options = optionsFor(0, ['div']);
    const old = generatePage('antiga', options, 1);
    expect(old.rules).toBe(1);
    expect(old.problems).toHaveLength(12);
    expect(old.problems.every((p) => p.result >= 2 && p.result <= 10)).toBe(true);
    expect(generatePage('antiga', options).problems).toHaveLength(20);
    expect(generatePage('antiga', options).rules).toBe(9);
  });

  it('draws every page with rules 4 to 9 exactly as with rules 3 (they changed the printed sheet only)', () => {
    const addSub = { numbers: { kind: 'max', max: 100 }, regrouping: 'sem' } as const;
    const stories = (meanings?: ['duas-etapas']): PageOptions => ({
      ...optionsFor(0, ['add', 'sub']),
      custom: { v: 1, add: addSub, sub: addSub, format: 'problemas', count: 6, size: 'normal', meanings },
    });
    const pages: PageOptions[] = [
      ...LEVELS.map((level) => optionsFor(level, ['add', 'sub', 'mult', 'div'])),
      tabuadaDo7,
      stories(),
      stories(['duas-etapas']),
    ];
    for (const options of pages)
      for (const seed of ['a', 'b', 'c', 'd']) {
        const { rules: _three, ...three } = generatePage(seed, options, 3);
        const { rules: _four, ...four } = generatePage(seed, options, 4);
        const { rules: _five, ...five } = generatePage(seed, options, 5);
        const { rules: _six, ...six } = generatePage(seed, options, 6);
        const { rules: _seven, ...seven } = generatePage(seed, options, 7);
        const { rules: _eight, ...eight } = generatePage(seed, options, 8);
        const { rules: _nine, ...nine } = generatePage(seed, options, 9);
        expect(four).toEqual(three);
        expect(five).toEqual(three);
        expect(six).toEqual(three);
        expect(seven).toEqual(three);
        expect(eight).toEqual(three);
        expect(nine).toEqual(three);
      }
  });

  it('draws every page of a level with rules 3 as with rules 2 (rules 3 changed the situações-problema only)', () => {
    for (const level of [0, 1, 2] as Level[])
      for (const operations of [
        ['add'],
        ['sub'],
        ['mult'],
        ['div'],
        ['add', 'sub', 'mult', 'div'],
      ] as Operation[][])
        for (let i = 0; i < 50; i++) {
          const options = optionsFor(level, operations);
          expect(generatePage(`regras-${i}`, options, 3).problems).toEqual(
            generatePage(`regras-${i}`, options, 2).problems,
          );
        }
  });

  it('keeps rules 1 for the unchanged operations: Fácil + and Médio − draw the same problems as rules 2', () => {
    for (const [level, operations] of [
      [0, ['add', 'sub', 'mult']],
      [1, ['sub', 'mult']],
      [2, ['add', 'sub', 'mult']],
    ] as Array<[Level, Operation[]]>) {
      const options = optionsFor(level, operations);
      for (let i = 0; i < 200; i++) {
        expect(generatePage(`same-${i}`, options, 1).problems).toEqual(
          generatePage(`same-${i}`, options, 2).problems,
        );
      }
    }
  });

  it('rules 1 let Médio + carry only out of the hundreds and a Difícil quotient be 10 often; rules 2 do not', () => {
    const count = (rules: 1 | 2, level: Level, op: Operation, test: (p: Problem) => boolean) => {
      let found = 0;
      for (let i = 0; i < 400; i++) {
        found += generatePage(`v-${i}`, optionsFor(level, [op]), rules).problems.filter(test).length;
      }
      return found;
    };
    const onlyHundreds = (p: Problem) => !carriesInsideOf(p.a, p.b);
    const ten = (p: Problem) => p.result === 10;
    expect(count(1, 1, 'add', onlyHundreds)).toBeGreaterThan(0);
    expect(count(2, 1, 'add', onlyHundreds)).toBe(0);
    expect(count(1, 2, 'div', ten)).toBeGreaterThan(count(2, 2, 'div', ten) * 3);
  });
});

describe('asksForRemainder', () => {
  it('is false at Fácil, whose divisions are exact, and true at Médio and Difícil', () => {
    expect(LEVELS.map(asksForRemainder)).toEqual([false, true, true]);
  });
});

describe('BNCC codes', () => {
  const LEVEL_CODES: Record<Level, string[]> = {
    0: ['EF01MA06', 'EF01MA08', 'EF02MA05', 'EF02MA06', 'EF02MA07', 'EF02MA08'],
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
    expect(generatePage('x', optionsFor(0, ['mult'])).bncc).toEqual(['EF02MA07']);
    expect(generatePage('x', optionsFor(0, ['div'])).bncc).toEqual(['EF02MA08']);
    expect(generatePage('x', optionsFor(1, ['mult'])).bncc).toEqual(['EF03MA03', 'EF03MA07']);
    expect(generatePage('x', optionsFor(1, ['div'])).bncc).toEqual(['EF03MA08']);
    expect(generatePage('x', optionsFor(2, ['add'])).bncc).toEqual(['EF04MA03', 'EF05MA07']);
    expect(generatePage('x', optionsFor(2, ['div'])).bncc).toEqual(['EF04MA07', 'EF05MA08']);
  });
});
