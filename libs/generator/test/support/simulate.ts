import {
  asksForRemainder,
  generatePage,
  reforcoOptions,
  type Level,
  type Operation,
  type PageOptions,
} from '../../src/index.js';
import {
  MIN_EVIDENCE,
  MISTAKES,
  MISTAKE_IDS,
  answerWith,
  diagnose,
  rightAnswer,
  sameAnswer,
  sameMistake,
  switchesOf,
  type Answer,
  type Answered,
  type Mistake,
} from '@app/diagnosis';

/**
 * Simulated classes for the diagnosis: children with 0 to 2 mistakes of the catalogue and a slip rate answer the
 * sheets the generator draws (a different version each, as a class set prints), and the diagnosis must find the
 * mistakes given. Deterministic: a class is its seed.
 */

/** mulberry32: a small seeded generator, so that a class is the same on every run. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rand: () => number, items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;

/** A mistake of the catalogue; a wrong fact is a neighbour of the right one (7 × 8 = 54, 48, 63, 55, 57). */
export function randomMistake(rand: () => number): Mistake {
  const id = pick(rand, MISTAKE_IDS);
  if (id !== 'mult.fato') return { id };
  const x = 3 + Math.floor(rand() * 7);
  const y = x + Math.floor(rand() * (10 - x));
  const value = x * y + pick(rand, [-x, x, -y, y, -1, 1, -2, 2]);
  return { id, fact: { x, y, value } };
}

/** 0, 1 or 2 mistakes (a third each), never the same one twice. */
export function randomMistakes(rand: () => number): Mistake[] {
  const count = Math.floor(rand() * 3);
  const mistakes: Mistake[] = [];
  while (mistakes.length < count) {
    const m = randomMistake(rand);
    if (!mistakes.some((n) => n.id === m.id)) mistakes.push(m);
  }
  return mistakes;
}

/** A slip: one digit of the result written wrong. */
function slip(rand: () => number, answer: Answer): Answer {
  const digits = String(answer.result).split('');
  const i = Math.floor(rand() * digits.length);
  const other = pick(
    rand,
    '0123456789'.split('').filter((d) => d !== digits[i] && !(i === 0 && d === '0' && digits.length > 1)),
  );
  digits[i] = other;
  return { ...answer, result: Number(digits.join('')) };
}

export interface SimulatedChild {
  mistakes: Mistake[];
  answers: Answered[];
}

/** A child's answers to a sheet: each conta worked with the child's mistakes, a slip in `slipRate` of them. */
export function answerSheet(
  rand: () => number,
  problems: ReadonlyArray<{ op: Operation; a: number; b: number }>,
  mistakes: readonly Mistake[],
  withRemainder: boolean,
  slipRate: number,
): Answered[] {
  const on = switchesOf(mistakes);
  return problems.map(({ op, a, b }) => {
    const conta = { op, a, b };
    let answer = answerWith(conta, on);
    if (!withRemainder || op !== 'div') answer = { result: answer.result };
    if (rand() < slipRate) answer = slip(rand, answer);
    return { conta, answer };
  });
}

/**
 * Whether a child's mistake shows in its answers: on at least MIN_EVIDENCE problems the child wrote what the mistake
 * makes, which is wrong and which the child would not have written without it. A mistake that changes nothing on the
 * sheet, or whose traces slips covered, leaves less than the diagnosis may name a mistake from.
 */
export function findable(
  mistake: Mistake,
  mistakes: readonly Mistake[],
  answers: readonly Answered[],
): boolean {
  const all = switchesOf(mistakes);
  const without = switchesOf(mistakes.filter((m) => m !== mistake));
  let shows = 0;
  for (const { conta, answer } of answers) {
    if (!answer) continue;
    if (MISTAKES[mistake.id].needsRemainder && answer.remainder === undefined) continue;
    const shape = (x: Answer): Answer => (answer.remainder === undefined ? { result: x.result } : x);
    const withIt = shape(answerWith(conta, all));
    if (
      sameAnswer(answer, withIt) &&
      !sameAnswer(withIt, shape(answerWith(conta, without))) &&
      !sameAnswer(withIt, rightAnswer(conta))
    )
      shows += 1;
  }
  return shows >= MIN_EVIDENCE;
}

export interface ClassFigures {
  children: number;
  given: number;
  findable: number;
  foundOfFindable: number;
  named: number;
  namedRight: number;
  /** Milliseconds spent in `diagnose` (the benchmark prints it; no test reads it). */
  diagnoseMs: number;
  /** Up to 5 mistakes that showed and were not found, for a person to read. */
  missed: Array<{ mistake: Mistake; of: Mistake[]; answers: Answered[] }>;
  /**
   * Children with a mistake found (every one named was given), each given a reforço sheet made from the mistakes found
   * (reforcoOptions).
   */
  reforcoSheets: number;
  /** The problems of those sheets, and those on which one of the child's mistakes shows (the child answers wrong). */
  reforcoProblems: number;
  reforcoShowing: number;
  /** The reforço sheets on which at least 60 % of the problems show one of the child's mistakes. */
  reforcoSheetsAt60: number;
}

export const LEVEL_OPERATIONS: Record<Level, readonly Operation[][]> = {
  0: [['add'], ['sub'], ['mult'], ['div'], ['add', 'sub', 'mult', 'div']],
  1: [['add'], ['sub'], ['mult'], ['div'], ['add', 'sub', 'mult', 'div']],
  2: [['add'], ['sub'], ['mult'], ['div'], ['add', 'sub', 'mult', 'div']],
};

/**
 * One simulated class: 30 children, each with its mistakes, answering its own version of a sheet of the level (the
 * operations of `operations`), diagnosed; the figures compare what was found with what was given.
 */
export function simulateClass(
  seed: number,
  level: Level,
  operations: readonly Operation[],
  options: { children?: number; slipRate?: number } = {},
): ClassFigures {
  const rand = seeded(seed);
  const figures: ClassFigures = { ...NO_FIGURES, missed: [] };
  for (let child = 0; child < (options.children ?? 30); child++) {
    const sheet: PageOptions = {
      add: operations.includes('add'),
      sub: operations.includes('sub'),
      mult: operations.includes('mult'),
      div: operations.includes('div'),
      answers: true,
      level,
    };
    const page = generatePage(`class-${seed}-version-${child}`, sheet);
    const mistakes = randomMistakes(rand);
    const answers = answerSheet(
      rand,
      page.problems,
      mistakes,
      asksForRemainder(level),
      options.slipRate ?? 0.05,
    );
    const started = performance.now();
    const { mistakes: found } = diagnose(answers);
    figures.diagnoseMs += performance.now() - started;
    figures.children += 1;
    figures.given += mistakes.length;
    for (const m of mistakes) {
      if (!findable(m, mistakes, answers)) continue;
      figures.findable += 1;
      if (found.some((f) => sameMistake(f.mistake, m))) figures.foundOfFindable += 1;
      else if (figures.missed.length < 5) figures.missed.push({ mistake: m, of: mistakes, answers });
    }
    figures.named += found.length;
    figures.namedRight += found.filter((f) => mistakes.some((m) => sameMistake(f.mistake, m))).length;
    // A child whose named mistakes were all given (one named wrongly, a slip taken for a fact, practises that one:
    // the precision above counts those).
    if (found.length > 0 && found.every((f) => mistakes.some((m) => sameMistake(f.mistake, m)))) {
      const reforco = generatePage(
        `reforco-${seed}-version-${child}`,
        reforcoOptions(
          sheet,
          found.map((f) => f.mistake),
        ),
      );
      const on = switchesOf(mistakes);
      const showing = reforco.problems.filter(
        ({ op, a, b }) => !sameAnswer(answerWith({ op, a, b }, on), rightAnswer({ op, a, b })),
      ).length;
      figures.reforcoSheets += 1;
      figures.reforcoProblems += reforco.problems.length;
      figures.reforcoShowing += showing;
      if (showing >= 0.6 * reforco.problems.length) figures.reforcoSheetsAt60 += 1;
    }
  }
  return figures;
}

export function addFigures(a: ClassFigures, b: ClassFigures): ClassFigures {
  return {
    children: a.children + b.children,
    given: a.given + b.given,
    findable: a.findable + b.findable,
    foundOfFindable: a.foundOfFindable + b.foundOfFindable,
    named: a.named + b.named,
    namedRight: a.namedRight + b.namedRight,
    diagnoseMs: a.diagnoseMs + b.diagnoseMs,
    missed: [...a.missed, ...b.missed].slice(0, 5),
    reforcoSheets: a.reforcoSheets + b.reforcoSheets,
    reforcoProblems: a.reforcoProblems + b.reforcoProblems,
    reforcoShowing: a.reforcoShowing + b.reforcoShowing,
    reforcoSheetsAt60: a.reforcoSheetsAt60 + b.reforcoSheetsAt60,
  };
}

export const NO_FIGURES: ClassFigures = {
  children: 0,
  given: 0,
  findable: 0,
  foundOfFindable: 0,
  named: 0,
  namedRight: 0,
  diagnoseMs: 0,
  missed: [],
  reforcoSheets: 0,
  reforcoProblems: 0,
  reforcoShowing: 0,
  reforcoSheetsAt60: 0,
};
