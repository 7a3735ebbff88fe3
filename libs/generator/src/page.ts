import { bnccCodes } from './bncc.js';
import { drawProblem, problemKey } from './problems.js';
import { randomFromSeed } from './random.js';
import type { GeneratedPage, Level, LevelName, Operation, PageOptions, Problem } from './types.js';

export const LEVEL_NAMES: Readonly<Record<Level, LevelName>> = { 0: 'Fácil', 1: 'Médio', 2: 'Difícil' };

/** The order in which operations are dealt onto a page. */
export const OPERATIONS: readonly Operation[] = ['add', 'sub', 'mult', 'div'];

/** Division needs room for the chave and the work under it, so pages with ÷ hold fewer problems. */
export function problemCount(options: Pick<PageOptions, 'div'>): number {
  return options.div ? 12 : 20;
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
  const taken = new Set<string>();
  const problems: Problem[] = [];
  for (let index = 0; index < problemCount(options); index++) {
    const op = operations[index % operations.length] as Operation;
    const problem = drawProblem(random, options.level, op, taken);
    taken.add(problemKey(problem));
    problems.push(problem);
  }
  return {
    options: { ...options },
    problems,
    bncc: bnccCodes(options.level, operations),
    levelName: LEVEL_NAMES[options.level],
  };
}
