import type { ContaDecimal } from '@app/contracts/decimal';

export type Operation = 'add' | 'sub' | 'mult' | 'div';

/** The difficulty levels and their names: the contracts' table of levels. */
export type { Level, LevelName } from '@app/contracts/levels';

/** `result` is the sum, difference, product or quotient; `remainder` is 0 except for division. */
export interface Problem {
  op: Operation;
  a: number;
  b: number;
  result: number;
  remainder: number;
  /** Format `lacuna`: the term the learner finds, printed blank (the result is given); absent otherwise. */
  blank?: 'a' | 'b';
  /**
   * A decimal conta (options with `casas`): a, result (and b of + and −) are integers of its last casa's unit, and
   * the casas each is printed with; absent for naturals.
   */
  decimal?: ContaDecimal;
}

/**
 * The version of the rules a page was drawn with (README, "Rules versions"): 1 for the pages stored before rules had
 * versions, 2 for the changes problems.ts lists under "Rules 2", 3 for the situações-problema that fit their
 * story, 4 to 9 for changes of the printed sheet only (`RULES_VERSION`). The pages service stores it with each new
 * page, so a page bought earlier still draws, prints and answers as it did.
 */
export type RulesVersion = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
