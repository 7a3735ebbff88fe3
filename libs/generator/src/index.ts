export type { Level, LevelName, Operation, Problem, RulesVersion } from './types.js';
export type { GeneratedPage, PageOptions } from './page.js';
export {
  LEVEL_NAMES,
  RULES_VERSION,
  asksForRemainder,
  divisionsAsFacts,
  generatePage,
  rulesVersion,
  problemCount,
  selectedOperations,
} from './page.js';
export { OPERATIONS } from './operations.js';
export { BNCC_SKILLS, bnccCodes } from './bncc.js';
export { thousands } from './format.js';
export type {
  DivisionStep,
  WorkedAddition,
  WorkedDivision,
  WorkedMultiplication,
  WorkedProblem,
  WorkedSubtraction,
} from './worked.js';
export { workProblem } from './worked.js';
export { sheetName, sheetTitle, sheetWhat, versionOf } from './title.js';
export type { ContaSource, WordProblem, WordProblemSpec } from './word/generate.js';
export {
  answerOf,
  generateWordProblems,
  levelSource,
  renderTwoSteps,
  renderWordProblem,
} from './word/generate.js';
export type { KindInfo, Meaning, MeaningInfo, WordKind, WordSkill } from './word/kinds.js';
export {
  DEFAULT_MEANINGS,
  MEANINGS,
  MEANING_LIST,
  WORD_KINDS,
  WORD_KIND_LIST,
  WORD_SKILLS,
  kindsOfMeanings,
  meaningOps,
  wordBncc,
  wordPageBncc,
} from './word/kinds.js';
export type { Gender, Noun, Person } from './word/lexicon.js';
export { BOYS, GIRLS, NAMES, RELATIVES, reais } from './word/lexicon.js';
export type {
  Cast,
  NumberRanges,
  Range,
  TwoStepTemplate,
  WordContext,
  WordTemplate,
} from './word/templates/index.js';
export {
  TWO_STEP_TEMPLATES,
  WORD_TEMPLATES,
  inRanges,
  templateFits,
  twoStepFits,
} from './word/templates/index.js';
export type {
  AddSubOptions,
  CustomOptions,
  CustomProblem,
  DivOptions,
  MultOptions,
  NumberSize,
  PrintSize,
  Regrouping,
  Remainders,
  SheetFormat,
} from './custom/options.js';
export {
  CUSTOM_VERSION,
  DIVIDENDS,
  FORMATS,
  FORMAT_COUNTS,
  MULTIPLICANDS,
  ORDERED_FACTS,
  ORDERED_TABLES,
  PROBLEMS_PER_PAGE,
  TWO_STEP_PROBLEMS_PER_PAGE,
  problemRoom,
  problemsPerPage,
  tallestContaLines,
  exercisePages,
  PROBLEM_ROOM_COUNTS,
  FORMAT_NAMES,
  MAX_CHOICES,
  MAX_DIGITS,
  ONE_DIGIT_DIVISORS,
  ROOMY_COUNTS,
  WIDEST_COUNTS,
  TABLES,
  TITLE_MAX,
  allowedCounts,
  checkCustom,
  DECIMAL_DIVIDEND_DIGITS,
  DECIMAL_WHOLE_DIGITS,
  dividendDigits,
  listWords,
  needsRoom,
  roomNeeded,
  presetOptions,
} from './custom/options.js';
export type { CustomKind, KindPool, OpSpace } from './custom/draw.js';
export {
  ENUMERATE_LIMIT,
  MAX_CUSTOM_DRAWS,
  MIN_DISTINCT,
  TWO_DIGIT_MULTIPLIERS,
  carriesInsideConta,
  lineOrder,
  spaceOf,
} from './custom/draw.js';
export { SKILL_SCOPES, contentBncc } from './custom/bncc.js';
export { customTitle, problemasTitle } from './custom/title.js';
export { customSource } from './custom/source.js';
export { describeSheet } from './custom/describe.js';
export type { SheetPreset, SheetPresetId } from './custom/presets.js';
export { SHEET_PRESETS, sheetPreset } from './custom/presets.js';
export { FOCO_EVERY, mistakeShows } from './foco.js';
export { nextStep, reforcoOptions } from './reforco.js';
