/**
 * `@app/generator/options`: what a page can be asked for and how it reads (the personalised options and their
 * limits, the meanings of situações-problema, the sheet's title and description), without drawing pages. The
 * package's index re-exports the whole generator (pages, worked contas, the templates of every rules version); a
 * client that only checks and describes options, as the web builder does, imports this entry and carries no more
 * than it uses. `checkCustom` asks the word engine whether the meanings chosen can tell the page's contas, as the
 * server does, so that engine and its templates come along.
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
  listWords,
  presetOptions,
} from './custom/options.js';
export { SKILL_SCOPES } from './custom/bncc.js';
export type {
  CustomOptions,
  DivOptions,
  MultOptions,
  PrintSize,
  Regrouping,
  SheetFormat,
} from './custom/options.js';
export { DEFAULT_MEANINGS, MEANINGS, MEANING_LIST, meaningOps } from './word/kinds.js';
export type { Meaning } from './word/kinds.js';
export { describeSheet } from './custom/describe.js';
export type { SheetPreset, SheetPresetId } from './custom/presets.js';
export { SHEET_PRESETS, sheetPreset } from './custom/presets.js';
export { sheetName, sheetTitle, sheetWhat, versionOf } from './title.js';
export type { Level, Operation } from './types.js';
