import { bnccCodes } from './bncc.js';
import { drawProblem, PageProblems } from './problems.js';
import { randomFromSeed } from './random.js';
import type { GeneratedPage, Level, LevelName, Operation, PageOptions } from './types.js';

export const LEVEL_NAMES: Readonly<Record<Level, LevelName>> = { 0: 'Fácil', 1: 'Médio', 2: 'Difícil' };

/** The order in which operations are dealt onto a page. */
export const OPERATIONS: readonly Operation[] = ['add', 'sub', 'mult', 'div'];

/**
 * 20 problems, or 12 when a problem needs more room: a division (the whole chave and its steps), or a Difícil
 * multiplication (two partial products, their rule and the sum: six written lines under the rule).
 */
export function problemCount(options: Pick<PageOptions, 'div' | 'mult' | 'level'>): number {
  return options.div || (options.level === 2 && options.mult) ? 12 : 20;
}

/** Whether the page asks for the resto of its divisions: not at Fácil, whose divisions are all exact. */
export function asksForRemainder(level: Level): boolean {
  return level !== 0;
}

export function selectedOperations(options: Pick<PageOptions, Operation>): Operation[] {
  return OPERATIONS.filter((op) => options[op]);
}

/**
 * Same seed and options, same page: the pages service stores only the seed and re-renders from it.
 * Problems are dealt round-robin (+, −, ×, ÷ among those selected) so every selected operation appears.
 */
export function generatePage(seed: string, options: PageOptions): GeneratedPage {
  const operations = selectedOperations(options);
  if (operations.length === 0) throw new Error('select at least one operation');
  if (!(options.level in LEVEL_NAMES)) throw new Error(`unknown level ${String(options.level)}`);

  const random = randomFromSeed(seed);
  const page = new PageProblems(options.level);
  const count = problemCount(options);
  for (let index = 0; index < count; index++) {
    const op = operations[index % operations.length] as Operation;
    page.add(drawProblem(random, options.level, op, page));
  }
  return {
    options: { ...options },
    problems: page.problems,
    bncc: bnccCodes(options.level, operations),
    levelName: LEVEL_NAMES[options.level],
  };
}
