import { describe, expect, it } from 'vitest';
import {
  allowedCounts,
  checkCustom,
  generatePage,
  sheetTitle,
  type CustomOptions,
  type GeneratedPage,
  type Operation,
  type PageOptions,
  type Problem,
} from '../../src/index.js';
import { spaceOf as engineSpaceOf, type KindPool } from '../../src/custom/draw.js';
import { randomFromSeed, type Random } from '../../src/random.js';

// The property test of the custom engine ("Personalizar"), shared by custom-addsub.test.ts and custom-multdiv.test.ts: random valid option sets, each page exercising every dimension of
// its operations, every promise checked on every page, the pages counted per option value. The oracles below are
// written apart from the engine's helpers.

/**
 * Pages each option value must reach. 60 000 since rules 3 keeps a line for facts: the values a line cannot take
 * (two-digit multipliers, 3-digit dividends…) are drawn on half the formats only.
 */
const MIN_PAGES_PER_VALUE = 60_000;
const PAGES_PER_SET = 8;
const ORDER: Operation[] = ['add', 'sub', 'mult', 'div'];
const FORMATS = ['armada', 'arme', 'linha', 'lacuna'] as const;
const SIZES = ['normal', 'grande'] as const;
const MAXES = [10, 20, 50, 100, 1000] as const;

// ---------------- random valid option sets ----------------

function subset(random: Random, values: readonly number[]): number[] {
  const k = random.int(1, values.length);
  const pool = [...values];
  const chosen: number[] = [];
  for (let i = 0; i < k; i++) chosen.push(pool.splice(random.int(0, pool.length - 1), 1)[0] as number);
  return chosen;
}

/** + or − options; `facts`: those a line holds (up to 100, or up to two digits: rules 3 keeps a line for facts). */
function addSubOptions(random: Random, op: 'add' | 'sub', facts: boolean): NonNullable<CustomOptions['add']> {
  const regrouping = random.pick(['sem', 'com', 'misturado'] as const);
  if (random.chance(1, 2))
    return { numbers: { kind: 'max', max: random.pick(facts ? MAXES.slice(0, 4) : MAXES) }, regrouping };
  const top = random.int(1, facts ? 2 : 5);
  const bottom = op === 'sub' ? random.int(1, top) : random.int(1, facts ? 2 : 5);
  return { numbers: { kind: 'digits', top, bottom }, regrouping };
}

/** The operations a survey draws its pages from; `others` joins them on 1 page in 8 (answers across operations). */
export interface Family {
  name: string;
  main: readonly Operation[];
  others: readonly Operation[];
}

function randomOperations(random: Random, family: Family): Operation[] {
  const withOthers = random.chance(1, 8);
  return ORDER.filter(
    (op) =>
      (family.main.includes(op) && random.chance(15, 16)) ||
      (withOthers && family.others.includes(op) && random.chance(1, 2)),
  );
}

function randomOptions(random: Random, family: Family): { operations: Operation[]; custom: CustomOptions } {
  for (;;) {
    const operations = randomOperations(random, family);
    if (operations.length === 0) continue;
    const format = random.pick(FORMATS);
    const custom: CustomOptions = { v: 1, format, size: random.pick(SIZES), count: 0 };
    // A line (linha, lacuna) holds facts only (rules 3): its options are drawn among those.
    const facts = format === 'linha' || format === 'lacuna';
    if (operations.includes('add')) custom.add = addSubOptions(random, 'add', facts);
    if (operations.includes('sub')) custom.sub = addSubOptions(random, 'sub', facts);
    if (operations.includes('mult'))
      custom.mult = {
        multiplier:
          facts || random.chance(2, 3)
            ? { kind: 'tables', tables: subset(random, [2, 3, 4, 5, 6, 7, 8, 9, 10]) }
            : { kind: 'twoDigits' },
        multiplicand: facts ? 'fatos' : random.pick(['fatos', 2, 3] as const),
      };
    if (operations.includes('div'))
      custom.div = {
        divisor:
          facts || random.chance(2, 3)
            ? { kind: 'list', divisors: subset(random, [2, 3, 4, 5, 6, 7, 8, 9]) }
            : { kind: 'twoDigits' },
        // Facts come from the lines too: elsewhere the dividends of 2–4 digits are drawn three times as often.
        dividend: facts ? 'fatos' : random.pick(['fatos', 2, 2, 2, 3, 3, 3, 4, 4, 4] as const),
        remainders:
          format === 'lacuna'
            ? 'exata'
            : random.pick(['exata', 'resto', 'resto', 'misturado', 'misturado'] as const),
      };
    // The smallest count half the time (a page's cost grows with its count), else any.
    const counts = allowedCounts(custom);
    custom.count = random.chance(1, 2) ? counts[0]! : random.pick(counts);
    // Combinations checkCustom refuses (− com reserva of one digit, com reserva up to 10) are drawn again.
    if (checkCustom(operations, custom).length === 0) return { operations, custom };
  }
}

/** The option values each page exercises, as counted for the ≥ 100 000 pages per value. */
function valuesOf(operations: readonly Operation[], custom: CustomOptions): string[] {
  const values = [`format=${custom.format}`, `size=${custom.size}`];
  for (const op of ['add', 'sub'] as const) {
    const options = custom[op];
    if (!options) continue;
    values.push(`${op}.regrouping=${options.regrouping}`, `${op}.numbers=${options.numbers.kind}`);
  }
  if (custom.mult) {
    const m = custom.mult.multiplier;
    values.push(`mult.multiplier=${m.kind}`, `mult.multiplicand=${custom.mult.multiplicand}`);
    if (m.kind === 'tables') values.push(...m.tables.map((t) => `mult.table=${t}`));
  }
  if (custom.div) {
    const d = custom.div.divisor;
    values.push(
      `div.divisor=${d.kind}`,
      `div.dividend=${custom.div.dividend}`,
      `div.remainders=${custom.div.remainders}`,
    );
    if (d.kind === 'list') values.push(...d.divisors.map((t) => `div.by=${t}`));
  }
  if (operations.length === 4) values.push('operations=all four');
  return values;
}

const expectedValues = (family: Family) => [
  ...FORMATS.map((f) => `format=${f}`),
  ...SIZES.map((s) => `size=${s}`),
  ...['add', 'sub']
    .filter((op) => family.main.includes(op as Operation))
    .flatMap((op) => [
      ...['sem', 'com', 'misturado'].map((r) => `${op}.regrouping=${r}`),
      `${op}.numbers=digits`,
      `${op}.numbers=max`,
    ]),
  ...(family.main.includes('mult')
    ? [
        'mult.multiplier=tables',
        'mult.multiplier=twoDigits',
        ...['fatos', 2, 3].map((m) => `mult.multiplicand=${m}`),
        ...[2, 3, 4, 5, 6, 7, 8, 9, 10].map((t) => `mult.table=${t}`),
      ]
    : []),
  ...(family.main.includes('div')
    ? [
        'div.divisor=list',
        'div.divisor=twoDigits',
        ...['fatos', 2, 3, 4].map((d) => `div.dividend=${d}`),
        ...['exata', 'resto', 'misturado'].map((r) => `div.remainders=${r}`),
        ...[2, 3, 4, 5, 6, 7, 8, 9].map((t) => `div.by=${t}`),
      ]
    : []),
];

// ---------------- oracles ----------------

const digit = (value: number, column: number) => Math.floor(value / 10 ** column) % 10;
const lengthOf = (value: number) =>
  value < 10 ? 1 : value < 100 ? 2 : value < 1000 ? 3 : value < 10_000 ? 4 : value < 100_000 ? 5 : 6;

/** Column addition: the columns that pass a "vai um", units first. */
function carryColumns(a: number, b: number): number[] {
  const columns: number[] = [];
  let carry = 0;
  for (let column = 0; column < Math.max(lengthOf(a), lengthOf(b)); column++) {
    carry = digit(a, column) + digit(b, column) + carry >= 10 ? 1 : 0;
    if (carry) columns.push(column);
  }
  return columns;
}

/** Com reserva inside the conta: a carry out of a column before the last, or out of the units of 1 + 1 digits. */
function carriesInside(a: number, b: number): boolean {
  const columns = Math.max(lengthOf(a), lengthOf(b));
  return carryColumns(a, b).some((column) => columns === 1 || column < columns - 1);
}

function borrowCount(a: number, b: number): number {
  let borrow = 0;
  let borrows = 0;
  for (let column = 0; column < lengthOf(a); column++) {
    borrow = digit(a, column) - borrow < digit(b, column) ? 1 : 0;
    borrows += borrow;
  }
  return borrows;
}

/** A term of exactly `digits` digits; a one-digit term is 2–9. */
const hasDigits = (value: number, digits: number) =>
  digits === 1 ? value >= 2 && value <= 9 : lengthOf(value) === digits;

/** The kind of a problem: sem/com reserva, exata/resto, or the one kind of ×. Null: within no kind. */
function kindOf(p: Problem): string | null {
  switch (p.op) {
    case 'add':
      return carryColumns(p.a, p.b).length === 0 ? 'sem' : carriesInside(p.a, p.b) ? 'com' : null;
    case 'sub':
      return borrowCount(p.a, p.b) === 0 ? 'sem' : 'com';
    case 'mult':
      return 'fato';
    case 'div':
      return p.remainder === 0 ? 'exata' : 'resto';
  }
}

const answerOf = ({ op, result, remainder }: Problem) =>
  op === 'div' && remainder > 0 ? `${result} r ${remainder}` : String(result);

/** Whether a problem is one of its operation's options (before the kind), and the kind asked. */
function withinOptions(p: Problem, custom: CustomOptions): boolean {
  switch (p.op) {
    case 'add':
    case 'sub': {
      const numbers = custom[p.op]!.numbers;
      if (p.a < 2 || p.b < 2) return false;
      if (p.op === 'sub' && p.b >= p.a) return false;
      if (numbers.kind === 'digits') return hasDigits(p.a, numbers.top) && hasDigits(p.b, numbers.bottom);
      return p.op === 'add' ? p.a + p.b <= numbers.max : p.a <= numbers.max;
    }
    case 'mult': {
      const { multiplier, multiplicand } = custom.mult!;
      const byOk =
        multiplier.kind === 'tables'
          ? multiplier.tables.includes(p.b)
          : p.b >= 11 && p.b <= 99 && p.b % 10 !== 0;
      const aOk =
        multiplicand === 'fatos'
          ? p.a >= 2 && p.a <= 10
          : multiplicand === 'ordem'
            ? p.a >= 1 && p.a <= 10
            : hasDigits(p.a, multiplicand);
      return byOk && aOk;
    }
    case 'div': {
      const { divisor, dividend } = custom.div!;
      const q = Math.floor(p.a / p.b);
      const byOk =
        divisor.kind === 'list' ? divisor.divisors.includes(p.b) : p.b >= 11 && p.b <= 99 && p.b % 10 !== 0;
      const aOk = dividend === 'fatos' ? q >= 2 && q <= 10 : hasDigits(p.a, dividend) && q >= 2;
      return byOk && aOk;
    }
  }
}

function kindsAsked(op: Operation, custom: CustomOptions): string[] {
  if (op === 'mult') return ['fato'];
  if (op === 'div') {
    const r = custom.div!.remainders;
    return r === 'misturado' ? ['exata', 'resto'] : [r];
  }
  const r = custom[op]!.regrouping;
  return r === 'misturado' ? ['sem', 'com'] : [r];
}

const keyOf = ({ op, a, b }: Pick<Problem, 'op' | 'a' | 'b'>) =>
  (op === 'add' || op === 'mult') && b < a ? `${op}:${b}:${a}` : `${op}:${a}:${b}`;

/**
 * The distinct problems of an operation's kind, by brute force over the candidate terms (the ranges read from the
 * options, independently of the engine); null when there are more than 20 000 candidate pairs (a large space).
 */
interface KindSpace {
  distinct: number;
  keys: string[];
  answers: number;
}
/** Candidate pairs enumerated at most (a larger space counts as large). */
const LIMIT = 3000;
const spaceCache = new Map<string, Map<string, KindSpace | null>>();
const enginePoolsByOptions = new WeakMap<object, readonly KindPool[]>();
function enginePools(op: Operation, custom: CustomOptions): readonly KindPool[] {
  const options = custom[op]!;
  let pools = enginePoolsByOptions.get(options);
  if (!pools) enginePoolsByOptions.set(options, (pools = engineSpaceOf(op, custom).pools));
  return pools;
}

const spaceByOptions = new WeakMap<object, Map<string, KindSpace | null>>();
function spaceOf(op: Operation, custom: CustomOptions): Map<string, KindSpace | null> {
  const options = custom[op]!;
  const cached = spaceByOptions.get(options);
  if (cached) return cached;
  const space = enumerateSpace(op, custom);
  spaceByOptions.set(options, space);
  return space;
}

function enumerateSpace(op: Operation, custom: CustomOptions): Map<string, KindSpace | null> {
  const id = `${op}:${JSON.stringify(custom[op])}`;
  const known = spaceCache.get(id);
  if (known) return known;
  const span = (low: number, high: number) => Array.from({ length: high - low + 1 }, (_, i) => low + i);
  const digitsSpan = (d: number) => (d === 1 ? span(2, 9) : span(10 ** (d - 1), 10 ** d - 1));
  const kinds = new Map<string, Set<string>>(kindsAsked(op, custom).map((k) => [k, new Set()]));
  const answers = new Map<string, Set<string>>(kindsAsked(op, custom).map((k) => [k, new Set()]));
  const consider = (a: number, b: number) => {
    const p: Problem = {
      op,
      a,
      b,
      result: op === 'add' ? a + b : op === 'sub' ? a - b : op === 'mult' ? a * b : Math.floor(a / b),
      remainder: op === 'div' ? a % b : 0,
    };
    const kind = kindOf(p);
    if (kind !== null && withinOptions(p, custom)) {
      kinds.get(kind)?.add(keyOf(p));
      answers.get(kind)?.add(answerOf(p));
    }
  };
  // Each kind enumerated apart: a kind of more than LIMIT candidate pairs counts as large (null).
  const pairsOf = new Map<string, Array<[number, number]> | null>();
  if (op === 'div') {
    // By divisor, quotient and resto: quotients up to 10 for the facts, else every dividend of the digits asked.
    const d = custom.div!;
    const bs = d.divisor.kind === 'list' ? d.divisor.divisors : span(11, 99).filter((b) => b % 10 !== 0);
    const top = d.dividend === 'fatos' ? Infinity : 10 ** d.dividend;
    for (const kind of kindsAsked(op, custom)) {
      const pairs: Array<[number, number]> = [];
      for (const b of bs)
        for (let q = 0; q <= (d.dividend === 'fatos' ? 10 : top / b) && pairs.length <= LIMIT; q++)
          for (let r = kind === 'exata' ? 0 : 1; r < (kind === 'exata' ? 1 : b); r++)
            pairs.push([q * b + r, b]);
      pairsOf.set(kind, pairs.length <= LIMIT ? pairs : null);
    }
  } else {
    let as: number[];
    let bs: number[];
    if (op === 'add' || op === 'sub') {
      const n = custom[op]!.numbers;
      as = n.kind === 'digits' ? digitsSpan(n.top) : span(2, n.max);
      bs = n.kind === 'digits' ? digitsSpan(n.bottom) : span(2, n.max);
    } else {
      const m = custom.mult!;
      as =
        m.multiplicand === 'fatos'
          ? span(2, 10)
          : m.multiplicand === 'ordem'
            ? span(1, 10)
            : digitsSpan(m.multiplicand);
      bs = m.multiplier.kind === 'tables' ? m.multiplier.tables : span(11, 99).filter((b) => b % 10 !== 0);
    }
    const pairs =
      as.length * bs.length <= LIMIT ? as.flatMap((a) => bs.map((b): [number, number] => [a, b])) : null;
    for (const kind of kindsAsked(op, custom)) pairsOf.set(kind, pairs);
  }
  const result = new Map<string, KindSpace | null>();
  for (const [kind, pairs] of pairsOf) {
    if (pairs === null) {
      result.set(kind, null);
      continue;
    }
    for (const [a, b] of pairs) consider(a, b);
    // The keys are kept only for the small kinds the repeat rule concerns (fewer than a page's 40 problems).
    const keys = kinds.get(kind)!;
    result.set(kind, {
      distinct: keys.size,
      keys: keys.size < 40 ? [...keys] : [],
      answers: answers.get(kind)!.size,
    });
  }
  spaceCache.set(id, result);
  return result;
}

const factOf = (p: Problem) =>
  p.op === 'mult'
    ? `${Math.min(p.a, p.b)}×${Math.max(p.a, p.b)}`
    : p.op === 'div' && p.remainder === 0
      ? `${Math.min(p.b, p.result)}×${Math.max(p.b, p.result)}`
      : null;

// ---------------- BNCC scopes, from each skill's text (as in generate-page.test.ts) ----------------

type Scope = Partial<Record<Operation, (problem: Problem) => boolean>>;
const terms = (max: number) => (p: Problem) => p.a <= max && p.b <= max;
const upTo = (max: number) => (p: Problem) => p.a <= max && p.b <= max && p.result <= max;
const SKILL_SCOPES: Record<string, Scope> = {
  EF01MA06: { add: upTo(99) },
  EF01MA08: { add: upTo(99), sub: upTo(99) },
  EF02MA05: { add: upTo(999), sub: upTo(999) },
  EF02MA06: { add: upTo(999), sub: upTo(999) },
  EF02MA07: { mult: (p) => p.b >= 2 && p.b <= 5 && p.a <= 10 },
  EF02MA08: { div: (p) => (p.b === 2 || p.b === 3) && p.remainder === 0 },
  EF03MA03: { add: terms(9999), mult: (p) => p.b <= 9 },
  EF03MA05: { add: terms(9999), sub: terms(9999) },
  EF03MA06: { add: terms(9999), sub: terms(9999) },
  EF03MA07: { mult: (p) => [2, 3, 4, 5, 10].includes(p.b) },
  EF03MA08: { div: (p) => p.b <= 10 },
  EF04MA03: { add: terms(99_999), sub: terms(99_999) },
  EF04MA06: { mult: terms(99_999) },
  EF04MA07: { div: (p) => p.b <= 99 },
  EF05MA07: { add: () => true, sub: () => true },
  EF05MA08: { mult: () => true, div: (p) => p.b >= 1 },
};

// ---------------- the promises, page by page ----------------

/** Every promise, by name; a page adds its violations (at most a few examples kept per rule). */
const RULES = [
  'count, round-robin, right answers, no negatives, no ×0/×1/÷0/÷1',
  'each problem is one of its options (digits, max, tabuadas, divisors, dividend)',
  'sem reserva never carries or borrows',
  'com reserva always carries or borrows inside the conta',
  'misturado: never a carry only out of the last column',
  'exata divisions are exact, com resto ones are not',
  'blank set only for lacuna, on a or b; a lacuna division is exact',
  'no problem twice where the kind has enough distinct problems',
  'the repeat rule: each once before any twice, never twice in a row, at most ceil(n / distinct)',
  'no answer three times, no fact with its inverse where every kind is ample (3 × its problems, 3 × the page in answers)',
  'reproducible: same seed and options, same page',
  'BNCC codes within their scopes, one for every operation',
  'a title with no level word',
  "the engine's large spaces have ≥ 120 distinct problems and ≥ 40 answers",
] as const;
type Rule = (typeof RULES)[number];

interface Survey {
  pages: number;
  perValue: Map<string, number>;
  violations: Map<Rule, { count: number; examples: string[] }>;
  misturado: Record<'add' | 'sub' | 'div', { first: number; all: number }>;
  ampleChecked: number;
  answerThriceWhenSmall: number;
  repeatPages: number;
}

function checkPage(
  seed: string,
  page: GeneratedPage,
  operations: Operation[],
  custom: CustomOptions,
  s: Survey,
) {
  const broken = (rule: Rule, what: string) => {
    const tally = s.violations.get(rule)!;
    tally.count++;
    if (tally.examples.length < 5) tally.examples.push(`${seed} ${JSON.stringify(custom)}: ${what}`);
  };
  const problems = page.problems;
  if (problems.length !== custom.count) broken(RULES[0], `${problems.length} problems`);
  const byOpKind = new Map<string, Problem[]>();
  problems.forEach((p, index) => {
    const at = `#${index + 1} ${p.a} ${p.op} ${p.b}`;
    const right =
      p.op === 'add'
        ? p.result === p.a + p.b && p.remainder === 0
        : p.op === 'sub'
          ? p.result === p.a - p.b && p.remainder === 0
          : p.op === 'mult'
            ? p.result === p.a * p.b && p.remainder === 0
            : p.a === p.b * p.result + p.remainder && p.remainder >= 0 && p.remainder < p.b;
    if (
      p.op !== operations[index % operations.length] ||
      !right ||
      p.result < 0 ||
      p.a < 0 ||
      ((p.op === 'mult' || p.op === 'div') && (p.b < 2 || (p.op === 'mult' && p.a < 2)))
    )
      broken(RULES[0], at);
    if (!withinOptions(p, custom)) broken(RULES[1], at);
    const kind = kindOf(p);
    if (p.op === 'add' || p.op === 'sub') {
      const regrouping = custom[p.op]!.regrouping;
      if (regrouping === 'sem' && kind !== 'sem') broken(RULES[2], at);
      if (regrouping === 'com' && kind !== 'com') broken(RULES[3], at);
      if (regrouping === 'misturado' && kind === null) broken(RULES[4], at);
      if (regrouping === 'misturado' && kind !== null) {
        s.misturado[p.op].all++;
        if (kind === 'sem') s.misturado[p.op].first++;
      }
    }
    if (p.op === 'div') {
      const remainders = custom.div!.remainders;
      if (remainders !== 'misturado' && kind !== remainders) broken(RULES[5], at);
      if (remainders === 'misturado') {
        s.misturado.div.all++;
        if (kind === 'exata') s.misturado.div.first++;
      }
    }
    const lacuna = custom.format === 'lacuna';
    if (
      lacuna !== (p.blank !== undefined) ||
      (lacuna && p.blank !== 'a' && p.blank !== 'b') ||
      (lacuna && p.op === 'div' && p.remainder !== 0)
    )
      broken(RULES[6], at);
    const group = `${p.op}:${kind}`;
    if (!byOpKind.has(group)) byOpKind.set(group, []);
    byOpKind.get(group)!.push(p);
  });

  // Variety, per operation and kind: enough distinct problems, or the repeat rule.
  let ample = true;
  for (const [group, list] of byOpKind) {
    const [op, kind] = group.split(':') as [Operation, string];
    const space = spaceOf(op, custom).get(kind) ?? null;
    const enginePool = enginePools(op, custom).find((pool) => pool.kind === kind);
    if (space !== null && enginePool?.list === null && (space.distinct < 120 || space.answers < 40))
      broken(RULES[13], `${group}: ${space.distinct} problems, ${space.answers} answers`);
    const keys = space?.keys ?? null;
    const distinct = space === null ? Infinity : space.distinct;
    if (distinct < 3 * list.length || (space?.answers ?? Infinity) < 3 * problems.length) ample = false;
    if (distinct >= list.length) {
      if (new Set(list.map(keyOf)).size !== list.length)
        broken(RULES[7], `${group} repeats with ${distinct}`);
      continue;
    }
    s.repeatPages++;
    const counts = new Map<string, number>(keys!.map((key) => [key, 0]));
    let previous: string | null = null;
    for (const p of list) {
      const key = keyOf(p);
      const least = Math.min(...counts.values());
      if (counts.get(key) !== least)
        broken(RULES[8], `${group} ${key} came again before every problem had come`);
      if (key === previous) broken(RULES[8], `${group} ${key} twice in a row`);
      counts.set(key, (counts.get(key) ?? 0) + 1);
      previous = key;
    }
    if (Math.max(...counts.values()) > Math.ceil(list.length / distinct))
      broken(RULES[8], `${group} more than ceil(n / distinct)`);
  }
  const answers = new Map<string, number>();
  let thrice = false;
  for (const p of problems) {
    const answer = answerOf(p);
    answers.set(answer, (answers.get(answer) ?? 0) + 1);
    if (answers.get(answer)! >= 3) thrice = true;
  }
  const multFacts = new Set(problems.filter((p) => p.op === 'mult').map(factOf));
  const inverse = problems.some((p) => p.op === 'div' && p.remainder === 0 && multFacts.has(factOf(p)));
  if (ample) {
    s.ampleChecked++;
    if (thrice) broken(RULES[9], 'an answer three times');
    if (inverse) broken(RULES[9], 'a fact with its inverse');
  } else if (thrice) s.answerThriceWhenSmall++;

  for (const code of page.bncc) {
    const scope = SKILL_SCOPES[code];
    if (!scope) broken(RULES[11], `${code} unknown`);
    else
      for (const p of problems) {
        const within = scope[p.op];
        if (within && !within(p)) broken(RULES[11], `${code} does not hold ${p.a} ${p.op} ${p.b}`);
      }
  }
  for (const op of operations)
    if (!page.bncc.some((code) => SKILL_SCOPES[code]?.[op])) broken(RULES[11], `no code for ${op}`);
}

const LEVEL_WORD = /Fácil|Médio|Difícil/;

function runSurvey(family: Family, pages: number): Survey {
  const s: Survey = {
    pages: 0,
    perValue: new Map(),
    violations: new Map(RULES.map((rule) => [rule, { count: 0, examples: [] }])),
    misturado: { add: { first: 0, all: 0 }, sub: { first: 0, all: 0 }, div: { first: 0, all: 0 } },
    ampleChecked: 0,
    answerThriceWhenSmall: 0,
    repeatPages: 0,
  };
  const random = randomFromSeed(`custom options ${family.name}`);
  let drawn = randomOptions(random, family);
  for (let index = 0; index < pages; index++) {
    // Each option set draws PAGES_PER_SET pages (different seeds), so that its spaces are enumerated once.
    if (index % PAGES_PER_SET === 0) drawn = randomOptions(random, family);
    const { operations, custom } = drawn;
    const options: PageOptions = {
      add: operations.includes('add'),
      sub: operations.includes('sub'),
      mult: operations.includes('mult'),
      div: operations.includes('div'),
      answers: index % 2 === 0,
      level: (index % 3) as 0 | 1 | 2,
      custom,
    };
    const seed = `custom/${family.name}/${index}`;
    const page = generatePage(seed, options);
    checkPage(seed, page, operations, custom, s);
    if (index % 100 === 0) {
      if (JSON.stringify(generatePage(seed, options)) !== JSON.stringify(page))
        s.violations.get(RULES[10])!.count++;
      if (LEVEL_WORD.test(sheetTitle(options))) s.violations.get(RULES[12])!.count++;
    }
    s.pages++;
    for (const value of valuesOf(operations, custom)) s.perValue.set(value, (s.perValue.get(value) ?? 0) + 1);
  }
  return s;
}

// CPU-bound: a generous limit, so that a busy machine slows it down without failing it.
const SLOW = { timeout: 600_000 };

/** The property test of one family of operations: a describe block of its own. */
export function describeCustomSurvey(family: Family, pages: number): void {
  let survey: Survey | undefined;
  const surveyed = () => (survey ??= runSurvey(family, pages));
  const misturado = (['add', 'sub', 'div'] as const).filter((op) => family.main.includes(op));

  describe(`custom pages of ${family.name} (property test)`, () => {
    it(
      `draws ${pages} pages of random valid options, ≥ ${MIN_PAGES_PER_VALUE} per option value`,
      SLOW,
      () => {
        const s = surveyed();
        const short = expectedValues(family)
          .filter((value) => (s.perValue.get(value) ?? 0) < MIN_PAGES_PER_VALUE)
          .map((value) => `${value}: ${s.perValue.get(value) ?? 0}`);
        expect(short).toEqual([]);
      },
    );

    it.each(RULES.map((rule) => ({ rule })))('$rule: 0 violations', SLOW, ({ rule }) => {
      const tally = surveyed().violations.get(rule)!;
      expect(tally.examples).toEqual([]);
      expect(tally.count).toBe(0);
    });

    it('checks the repeat rule and the ample pages on many pages', SLOW, () => {
      const s = surveyed();
      if (process.env.CUSTOM_REPORT)
        console.warn(
          JSON.stringify({
            family: family.name,
            pages: s.pages,
            perValue: Object.fromEntries([...s.perValue].sort()),
            repeatPages: s.repeatPages,
            ampleChecked: s.ampleChecked,
            answerThriceWhenSmall: s.answerThriceWhenSmall,
            misturado: s.misturado,
          }),
        );
      expect(s.repeatPages).toBeGreaterThan(1000);
      expect(s.ampleChecked).toBeGreaterThanOrEqual(MIN_PAGES_PER_VALUE);
    });

    it.each(misturado.map((op) => ({ op })))(
      'tosses a fair coin for misturado $op: 45–55 % of each side',
      SLOW,
      ({ op }) => {
        const { first, all } = surveyed().misturado[op];
        expect(all).toBeGreaterThan(100_000);
        expect(first / all).toBeGreaterThan(0.45);
        expect(first / all).toBeLessThan(0.55);
      },
    );
  });
}
