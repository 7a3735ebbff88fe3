import { PageProblems, problemKey, solve } from '../problems.js';
import { drawForSlot, slotDealer } from '../foco.js';
import type { Random } from '../random.js';
import { contaDecimal, decimalSpace } from './decimal.js';
import {
  addSubKind,
  carriesInsideConta,
  divisorsOf,
  MULTIPLICAND_RANGES,
  multipliersOf,
  termRange,
  TWO_DIGIT_MULTIPLIERS,
  type CustomKind,
  type KindPool,
  type OpSpace,
  type Operands,
} from './pool.js';
import type { Operation, Problem } from '../types.js';
import type {
  AddSubOptions,
  Casas,
  CustomOptions,
  DivOptions,
  MultOptions,
  NumberSize,
} from '@app/contracts/custom-shape';
import type { Mistake } from '@app/contracts/mistake-ids';

/**
 * The custom engine (options version 1): each operation's problems are drawn from its options, the kind of
 * a misturado problem (sem/com reserva, exata/com resto) a fair coin tossed before the draw. The README's section
 * "Opções personalizadas" is the specification; a change of what version 1 draws is a new options version.
 */

export { carriesInsideConta, termRange };
export type { CustomKind, KindPool, OpSpace };

/** At most this many candidate pairs are enumerated (the smaller spaces); larger ones are drawn by rejection. */
export const ENUMERATE_LIMIT = 2500;

/** An option whose kind has fewer distinct problems than this is refused by `checkCustom`. */
export const MIN_DISTINCT = 4;

export { TWO_DIGIT_MULTIPLIERS };

type Range = [number, number];
const sizeOf = ([low, high]: Range) => Math.max(0, high - low + 1);

/** What the + or − options allow before the kind: the ranges to draw from and the pair test. */
function addSubShape(
  op: 'add' | 'sub',
  numbers: NumberSize,
): { a: Range; b: Range; valid: (o: Operands) => boolean } {
  if (numbers.kind === 'digits') {
    const a = termRange(numbers.top);
    const b = termRange(numbers.bottom);
    return op === 'add' ? { a, b, valid: () => true } : { a, b, valid: (o) => o.b < o.a };
  }
  const max = numbers.max;
  return op === 'add'
    ? { a: [2, max - 2], b: [2, max - 2], valid: (o) => o.a + o.b <= max }
    : { a: [3, max], b: [2, max - 1], valid: (o) => o.b < o.a };
}

function enumerate(a: Range, bs: readonly number[], keep: (o: Operands) => boolean): Operands[] {
  const list: Operands[] = [];
  for (let x = a[0]; x <= a[1]; x++) {
    for (const y of bs) {
      const o = { a: x, b: y };
      if (keep(o)) list.push(o);
    }
  }
  return list;
}

const rangeList = ([low, high]: Range) => Array.from({ length: sizeOf([low, high]) }, (_, i) => low + i);

function distinctOf(op: Operation, list: readonly Operands[]): number {
  const commutative = op === 'add' || op === 'mult';
  return new Set(list.map(({ a, b }) => (commutative && b < a ? b * 1e6 + a : a * 1e6 + b))).size;
}

function pool(
  op: Operation,
  kind: CustomKind,
  a: Range,
  bs: readonly number[],
  keep: (o: Operands) => boolean,
  draw: (random: Random) => Operands | null,
): KindPool {
  if (sizeOf(a) * bs.length <= ENUMERATE_LIMIT) {
    const list = enumerate(a, bs, keep);
    return { kind, list, distinct: distinctOf(op, list), draw: (random) => random.pick(list) };
  }
  return { kind, list: null, distinct: Infinity, draw };
}

function addSubSpace(op: 'add' | 'sub', options: AddSubOptions): OpSpace {
  const shape = addSubShape(op, options.numbers);
  const kinds: CustomKind[] = options.regrouping === 'misturado' ? ['sem', 'com'] : [options.regrouping];
  const bs = rangeList(shape.b);
  return {
    op,
    pools: kinds.map((kind) => {
      const ofKind = addSubKind(op, kind);
      const keep = (o: Operands) => shape.valid(o) && ofKind(o);
      return pool(op, kind, shape.a, bs, keep, (random) => {
        const o = { a: random.int(...shape.a), b: random.int(...shape.b) };
        return keep(o) ? o : null;
      });
    }),
  };
}

function multSpace(options: MultOptions): OpSpace {
  const a: Range = [...MULTIPLICAND_RANGES[options.multiplicand]];
  const bs = multipliersOf(options);
  return {
    op: 'mult',
    pools: [
      pool(
        'mult',
        'fato',
        a,
        bs,
        () => true,
        (random) => ({ a: random.int(...a), b: random.pick(bs) }),
      ),
    ],
  };
}

/**
 * The dividends of `digits` digits with a quotient ≥ 2, or of a fact: quotient 2–10 and its resto. Enumerated from
 * the divisor, quotient and resto when they are few (the exact divisions by two digits of a two-digit dividend are
 * 250 problems with only eight answers, quotients 2–9; the exact facts by two digits 720 with nine).
 */
function divSpace(options: DivOptions): OpSpace {
  const bs = divisorsOf(options);
  const kinds: CustomKind[] =
    options.remainders === 'misturado'
      ? ['exata', 'resto']
      : [options.remainders === 'exata' ? 'exata' : 'resto'];
  const digits = options.dividend;
  const fatos = digits === 'fatos';
  const [low, high]: Range = digits === 'fatos' ? [0, Infinity] : [10 ** (digits - 1), 10 ** digits - 1];
  const quotients = (b: number, r: number): Range =>
    fatos ? [2, 10] : [Math.max(2, Math.ceil((low - r) / b)), Math.floor((high - r) / b)];
  return {
    op: 'div',
    pools: kinds.map((kind) => {
      const exact = kind === 'exata';
      const restos = (b: number): Range => (exact ? [0, 0] : [1, b - 1]);
      const draw = (random: Random): Operands | null => {
        const b = random.pick(bs);
        const r = random.int(...restos(b));
        const [qLow, qHigh] = quotients(b, r);
        return qLow > qHigh ? null : { a: random.int(qLow, qHigh) * b + r, b };
      };
      let size = 0;
      for (const b of bs) for (let r = restos(b)[0]; r <= restos(b)[1]; r++) size += sizeOf(quotients(b, r));
      if (size > ENUMERATE_LIMIT) return { kind, list: null, distinct: Infinity, draw };
      const list: Operands[] = [];
      for (const b of bs)
        for (let r = restos(b)[0]; r <= restos(b)[1]; r++)
          for (let q = quotients(b, r)[0]; q <= quotients(b, r)[1]; q++) list.push({ a: q * b + r, b });
      return { kind, list, distinct: distinctOf('div', list), draw: (random) => random.pick(list) };
    }),
  };
}

const spaces = new Map<string, OpSpace>();

/** The space of an operation's options (memoised: the same options always give the same pools). */
export function spaceOf(op: Operation, custom: Pick<CustomOptions, Operation>): OpSpace {
  const options = custom[op];
  if (options === undefined) throw new Error(`no custom options for ${op}`);
  const id = `${op}:${JSON.stringify(options)}`;
  const known = spaces.get(id);
  if (known) return known;
  let space: OpSpace;
  const casas = (options as { casas?: Casas }).casas;
  if (casas !== undefined) space = decimalSpace(op, options, casas);
  else
    switch (op) {
      case 'add':
      case 'sub':
        space = addSubSpace(op, options as AddSubOptions);
        break;
      case 'mult':
        space = multSpace(options as MultOptions);
        break;
      case 'div':
        space = divSpace(options as DivOptions);
        break;
    }
  if (spaces.size >= 8192) spaces.clear();
  spaces.set(id, space);
  return space;
}

/** Bound on rejected draws of a large space (never reached: its kinds accept at least a few % of draws). */
export const MAX_CUSTOM_DRAWS = 10_000;

/** Rejection tries on an enumerated space before its candidates are filtered exactly. */
const QUICK_TRIES = 32;

/**
 * A custom page's problems. Per slot (operations dealt round-robin + − × ÷): the kind (a fair coin for misturado,
 * before the draw; the other side when one side of the coin has no problem), then the problem, by the first of
 * these that has a candidate (the repeat rule of the README):
 *
 * 1. a problem not yet on the page that keeps today's rules (no answer three times, no fact with its inverse);
 * 2. else, among the problems of the kind that came least often, not the previous problem of that kind,
 *    keeping the answer and inverse rules;
 * 3. else the same without those two rules;
 * 4. else any problem of the kind that came least often (a space of one problem; refused by checkCustom).
 */
export function drawCustomProblems(
  random: Random,
  operations: readonly Operation[],
  custom: CustomOptions,
  foco?: readonly Mistake[],
): Problem[] {
  if (custom.mult?.multiplicand === 'ordem') return orderedTables(random, custom);
  const page = new PageProblems(1, 2);
  const counts = new Map<string, number>();
  const last = new Map<KindPool, string>();
  const seen = new Map<KindPool, number>();
  const spacesOf = new Map(operations.map((op) => [op, spaceOf(op, custom)]));
  const solvers = new Map(operations.map((op) => [op, solverOf(op, custom)]));
  const slotOf = slotDealer(operations, foco);
  for (let index = 0; index < custom.count; index++) {
    // The kind's pool of the problem kept: a reforço slot may draw more than once (foco.ts).
    let pool: KindPool | undefined;
    const problem = drawForSlot(slotOf(index), (op) => {
      const { pools } = spacesOf.get(op) as OpSpace;
      let kind = pools.length === 2 && random.chance(1, 2) ? (pools[1] as KindPool) : (pools[0] as KindPool);
      if (kind.list?.length === 0) kind = pools.find((p) => p.list?.length !== 0) ?? kind;
      pool = kind;
      const allSeen = (seen.get(kind) ?? 0) >= kind.distinct;
      return drawFromPool(random, solvers.get(op) as Solver, kind, page, counts, last.get(kind), allSeen);
    });
    const chosen = pool as KindPool;
    if (custom.format === 'lacuna') problem.blank = random.chance(1, 2) ? 'a' : 'b';
    page.add(problem);
    const key = problemKey(problem);
    const before = counts.get(key) ?? 0;
    if (before === 0) seen.set(chosen, (seen.get(chosen) ?? 0) + 1);
    counts.set(key, before + 1);
    last.set(chosen, key);
  }
  return page.problems;
}

/**
 * The tabuada em ordem (rules 3): for each tabuada chosen, from the smallest, N × 1 … N × 10 (a = 1 … 10, b = N: a
 * line reads the tabuada first, 7 × 1 = ___); with the number missing, the blank a coin as in every lacuna.
 */
function orderedTables(random: Random, custom: CustomOptions): Problem[] {
  const mult = custom.mult as MultOptions;
  const tables = mult.multiplier.kind === 'tables' ? [...mult.multiplier.tables].sort((x, y) => x - y) : [];
  return tables.flatMap((b) =>
    Array.from({ length: 10 }, (_, index) => {
      const problem = solve('mult', { a: index + 1, b });
      if (custom.format === 'lacuna') problem.blank = random.chance(1, 2) ? 'a' : 'b';
      return problem;
    }),
  );
}

/** A problem from its operands: `solve`, and for a decimal option the casas its numbers are printed with. */
type Solver = (operands: Operands) => Problem;

function solverOf(op: Operation, custom: CustomOptions): Solver {
  const casas = custom[op]?.casas;
  if (casas === undefined) return (operands) => solve(op, operands);
  return (operands) => {
    const problem = solve(op, operands);
    problem.decimal = contaDecimal(problem, casas);
    return problem;
  };
}

function drawFromPool(
  random: Random,
  solveOp: Solver,
  pool: KindPool,
  page: PageProblems,
  counts: ReadonlyMap<string, number>,
  previous: string | undefined,
  allSeen: boolean,
): Problem {
  const list = pool.list;
  if (list === null) {
    // Half the bound with every rule, then (never seen in the tests) a problem not yet on the page.
    for (let attempt = 0; attempt < MAX_CUSTOM_DRAWS; attempt++) {
      const operands = pool.draw(random);
      if (operands === null) continue;
      const problem = solveOp(operands);
      if (attempt < MAX_CUSTOM_DRAWS / 2 ? page.accepts(problem) : !counts.has(problemKey(problem)))
        return problem;
    }
    throw new Error(`could not draw a new problem from its custom options (${pool.kind})`);
  }
  if (list.length === 0) throw new Error(`no problem of kind ${pool.kind}`);
  for (let attempt = 0; attempt < (allSeen ? 0 : QUICK_TRIES); attempt++) {
    const problem = solveOp(random.pick(list));
    if (page.accepts(problem)) return problem;
  }
  const problems = list.map(solveOp);
  const fresh = allSeen ? [] : problems.filter((problem) => page.accepts(problem));
  if (fresh.length > 0) return random.pick(fresh);
  const countOf = (problem: Problem) => counts.get(problemKey(problem)) ?? 0;
  let least = Infinity;
  for (const problem of problems) least = Math.min(least, countOf(problem));
  const fewest = problems.filter((problem) => countOf(problem) === least);
  const notPrevious = fewest.filter((problem) => problemKey(problem) !== previous);
  const keeping = notPrevious.filter((problem) => page.accepts(problem, true));
  for (const candidates of [keeping, notPrevious, fewest]) {
    if (candidates.length > 0) return random.pick(candidates);
  }
  throw new Error(`no problem of kind ${pool.kind}`);
}

/**
 * The order in which a problem reads in a line (formats `linha` and `lacuna`): a fact of the tabuadas (both
 * factors 2–10) reads the tabuada first, as a tabuada is recited ("tabuada do 7": 7 × 8, that is b × a); every
 * other problem reads a then b (25 × 7, 456 × 23, 63 ÷ 7, 52 − 17). `a` and `b` keep their meaning (a top or
 * dividend, b bottom or divisor), so `blank` names the same term in either order.
 */
export function lineOrder(
  problem: Pick<Problem, 'op' | 'a' | 'b'>,
): readonly ['a', 'b'] | readonly ['b', 'a'] {
  return problem.op === 'mult' && problem.a <= 10 && problem.b <= 10
    ? (['b', 'a'] as const)
    : (['a', 'b'] as const);
}
