import type { Level, LevelName } from '@app/contracts/levels';
import type { CustomOptions } from './custom/options.js';
import type { WordProblem } from './word/generate.js';

export type Operation = 'add' | 'sub' | 'mult' | 'div';

/** The difficulty levels and their names: the contracts' table of levels. */
export type { Level, LevelName } from '@app/contracts/levels';

export interface PageOptions {
  add: boolean;
  sub: boolean;
  mult: boolean;
  div: boolean;
  answers: boolean;
  level: Level;
  /** "Personalizar": what is practised, the format, count, size and title; absent, the level's preset. */
  custom?: CustomOptions;
}

/** `result` is the sum, difference, product or quotient; `remainder` is 0 except for division. */
export interface Problem {
  op: Operation;
  a: number;
  b: number;
  result: number;
  remainder: number;
  /** Format `lacuna`: the term the learner finds, printed blank (the result is given); absent otherwise. */
  blank?: 'a' | 'b';
}

/**
 * The version of the rules a page was drawn with (README, "Rules versions"): 1 the first rules, 2 those of that
 * section (Fácil ÷ as facts, among others), 3 the same with situações-problema that fit their story. The pages service stores it with each new page, so a page
 * bought earlier still draws, prints and answers as it did.
 */
export type RulesVersion = 1 | 2 | 3;

export interface GeneratedPage {
  options: PageOptions;
  rules: RulesVersion;
  problems: Problem[];
  /**
   * Format `problemas`: the situações-problema, in the order of `problems` (each one's `conta` is the
   * problem at its index); absent for every other page.
   */
  words?: WordProblem[];
  bncc: string[];
  levelName: LevelName;
}
