/**
 * The parts of @app/generator the builder uses, from the package's `options` entry rather than its index, which
 * re-exports the whole generator (pages, worked contas, rules 2). They are pure; the options' module reaches the word
 * engine and its templates (`checkCustom` asks whether the meanings chosen can tell the page's contas, as the server
 * does), so those come too.
 */
export {
  FORMAT_NAMES,
  MAX_CHOICES,
  MAX_DIGITS,
  ONE_DIGIT_DIVISORS,
  ORDERED_FACTS,
  ORDERED_TABLES,
  TABLES,
  TITLE_MAX,
  allowedCounts,
  checkCustom,
  exercisePages,
  presetOptions,
} from '@app/generator/options';
export type {
  CustomOptions,
  DivOptions,
  MultOptions,
  PrintSize,
  Regrouping,
  SheetFormat,
} from '@app/generator/options';
export { DEFAULT_MEANINGS, MEANINGS, MEANING_LIST, meaningOps } from '@app/generator/options';
export type { Meaning } from '@app/generator/options';
export { describeSheet } from '@app/generator/options';
export { sheetTitle } from '@app/generator/options';
export type { Level, Operation } from '@app/generator/options';
