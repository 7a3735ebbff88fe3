/**
 * The parts of @app/generator the builder uses, imported by file: the package's index also re-exports the word
 * problems (their templates and lexicon), which the bundler keeps when reached through it (~40 kB more in the
 * builder's chunk). These modules are pure and small.
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
} from '@app/generator/src/custom/options';
export type {
  CustomOptions,
  DivOptions,
  MultOptions,
  PrintSize,
  Regrouping,
  SheetFormat,
} from '@app/generator/src/custom/options';
export { DEFAULT_MEANINGS, MEANINGS, MEANING_LIST, meaningOps } from '@app/generator/src/word/kinds';
export type { Meaning } from '@app/generator/src/word/kinds';
export { describeSheet } from '@app/generator/src/custom/describe';
export { sheetTitle } from '@app/generator/src/title';
export type { Level, Operation } from '@app/generator/src/types';
