import { LEVEL_NAMES } from '@app/contracts/levels';
import { bnccCodes } from './bncc.js';
import { contentBncc } from './custom/bncc.js';
import { drawCustomProblems } from './custom/draw.js';
import { checkCustom } from './custom/options.js';
import { customSource } from './custom/source.js';
import { customSource as customSourceRules2 } from './rules2/source.js';
import {
  generateWordProblems as generateWordProblemsRules2,
  type ContaSource as ContaSourceRules2,
} from './rules2/word/generate.js';
import { wordPageBncc as wordPageBnccRules2 } from './rules2/word/kinds.js';
import { generateWordProblems, type ContaSource, type WordProblem } from './word/generate.js';
import { DEFAULT_MEANINGS, kindsOfMeanings, wordPageBncc } from './word/kinds.js';
import { drawForSlot, slotDealer } from './foco.js';
import { drawProblem, PageProblems } from './problems.js';
import { OPERATIONS } from './operations.js';
import { randomFromSeed } from './random.js';
import type { Mistake } from '@app/contracts/mistake-ids';
import type { CustomOptions } from './custom/options.js';
import type { Level, LevelName, Operation, Problem, RulesVersion } from './types.js';

/** What a page is asked for: its operations, whether it prints the answers, its level, and any personalisation. */
export interface PageOptions {
  add: boolean;
  sub: boolean;
  mult: boolean;
  div: boolean;
  answers: boolean;
  level: Level;
  /** "Personalizar": what is practised, the format, count, size and title; absent, the level's preset. */
  custom?: CustomOptions;
  /** A reforço page: the child's mistakes its problems practise (foco.ts); absent on every other page. */
  foco?: Mistake[];
}

/** A page as drawn: its problems (and their situações-problema), the BNCC skills it practises, its level name. */
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

/**
 * The rules new pages are drawn and printed with. Rules 4 to 9 draw every page as rules 3 does; they changed the
 * printed sheet only, so that pages bought before print as bought: rules 4, a sheet without gabarito has no answer QR
 * code; rules 5, a sheet is made to be read from a photo (corner marks, a QR code on every sheet, the answers of the
 * contas armadas in boxes of one digit each: the pdf-worker's `reading-marks.ts`); rules 6, the answers of facts in
 * a line (format `linha`) in boxes too; rules 7, the missing numbers (format `lacuna`) and the numbers the
 * situações-problema ask in boxes too; rules 8, the answer of each conta of "Arme e efetue" in boxes after its =;
 * rules 9, the decimal answers of facts (in a line or with a lacuna) and of "Arme e efetue", and the sums of money of
 * situações-problema, in boxes too, a printed vírgula between the whole part's and the casas' boxes.
 */
export const RULES_VERSION: RulesVersion = 9;

/** A page stored before rules had versions (no version stored) was drawn with rules 1. */
export function rulesVersion(stored: number | null | undefined): RulesVersion {
  if (stored === null || stored === undefined) return 1;
  if (Number.isInteger(stored) && stored >= 1 && stored <= RULES_VERSION) return stored as RulesVersion;
  throw new Error(`unknown rules version ${String(stored)}`);
}

/**
 * Whether the page's Fácil divisions are printed as facts (18 ÷ 2 = ___, one line) rather than in the chave: since
 * rules 2 (README, "Fácil ÷").
 */
export function divisionsAsFacts(level: Level, rules: RulesVersion): boolean {
  return level === 0 && rules >= 2;
}

/** The name printed for each level (the contracts' table of levels). */
export { LEVEL_NAMES };

/**
 * 20 problems, or 12 when a problem needs more room: a division in the chave (the whole chave and its steps), or a
 * Difícil multiplication (two partial products, their rule and the sum: six written lines under the rule). Since
 * rules 2 a Fácil division is a one-line fact, so a Fácil page with ÷ keeps its 20.
 */
export function problemCount(
  options: Pick<PageOptions, 'div' | 'mult' | 'level'>,
  rules: RulesVersion = RULES_VERSION,
): number {
  const chave = options.div && !divisionsAsFacts(options.level, rules);
  return chave || (options.level === 2 && options.mult) ? 12 : 20;
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
 * With `options.custom` ("Personalizar") the page is drawn from those options (README, "Opções personalizadas"), and
 * its BNCC codes are computed from its problems; throws on options it cannot draw (`checkCustom`'s refusals of the
 * numbers). The count is checked when a page is made (the pages service), never when it is drawn again: a stored page
 * keeps drawing after the counts a format holds are measured anew. Format `problemas`: the contas are told
 * as situações-problema (`words`; `problems` holds their contas), drawn by `generateWordProblems` from the same seed
 * with the options' numbers, and the codes are those of the problems' kinds and numbers (`wordPageBncc`).
 */
export function generatePage(
  seed: string,
  options: PageOptions,
  rules: RulesVersion = RULES_VERSION,
): GeneratedPage {
  const operations = selectedOperations(options);
  if (operations.length === 0) throw new Error('select at least one operation');
  if (!(options.level in LEVEL_NAMES)) throw new Error(`unknown level ${String(options.level)}`);

  const random = randomFromSeed(seed);
  if (options.custom !== undefined) {
    const refused = checkCustom(operations, options.custom).filter((problem) => !problem.atCreation);
    if (refused.length > 0) throw new Error(`custom options refused: ${refused[0]!.message}`);
    const custom = options.custom;
    if (custom.format === 'problemas') {
      const { words, bncc } =
        rules >= 3 ? wordPage(seed, operations, custom) : wordPageRules2(seed, operations, custom);
      return {
        options: { ...options },
        rules,
        problems: words.map((word) => word.conta),
        words,
        bncc,
        levelName: LEVEL_NAMES[options.level],
      };
    }
    const problems = drawCustomProblems(random, operations, custom, options.foco);
    return {
      options: { ...options },
      rules,
      problems,
      bncc: contentBncc(problems, operations),
      levelName: LEVEL_NAMES[options.level],
    };
  }
  const page = new PageProblems(options.level, rules, options.add);
  const count = problemCount(options, rules);
  const slotOf = slotDealer(operations, options.foco);
  for (let index = 0; index < count; index++) {
    page.add(drawForSlot(slotOf(index), (op) => drawProblem(random, options.level, op, page, rules)));
  }
  return {
    options: { ...options },
    rules,
    problems: page.problems,
    bncc: bnccCodes(options.level, operations),
    levelName: LEVEL_NAMES[options.level],
  };
}

/** A page of situações-problema (rules 3): the options' numbers told in the meanings chosen, shuffled. */
function wordPage(seed: string, operations: readonly Operation[], custom: CustomOptions) {
  const numbers: Partial<Record<Operation, ContaSource>> = {};
  for (const op of operations) numbers[op] = customSource(op, custom);
  const words: WordProblem[] = generateWordProblems(seed, {
    operations,
    numbers,
    count: custom.count,
    kinds: kindsOfMeanings(custom.meanings ?? DEFAULT_MEANINGS),
  });
  return { words, bncc: wordPageBncc(words) };
}

/** A page of situações-problema as rules 2 drew it (frozen: `src/rules2/`), for the pages stored with them. */
function wordPageRules2(seed: string, operations: readonly Operation[], custom: CustomOptions) {
  const numbers: Partial<Record<Operation, ContaSourceRules2>> = {};
  for (const op of operations) numbers[op] = customSourceRules2(op, custom);
  const words = generateWordProblemsRules2(seed, { operations, numbers, count: custom.count });
  return { words: words as unknown as WordProblem[], bncc: wordPageBnccRules2(words) };
}
