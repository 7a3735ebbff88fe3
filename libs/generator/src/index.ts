export type {
  GeneratedPage,
  Level,
  LevelName,
  Operation,
  PageOptions,
  Problem,
  RulesVersion,
} from './types.js';
export {
  LEVEL_NAMES,
  OPERATIONS,
  RULES_VERSION,
  asksForRemainder,
  divisionsAsFacts,
  generatePage,
  rulesVersion,
  problemCount,
  selectedOperations,
} from './page.js';
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
export { sheetTitle } from './title.js';
