export type { GeneratedPage, Level, LevelName, Operation, PageOptions, Problem } from './types.js';
export { LEVEL_NAMES, OPERATIONS, generatePage, problemCount, selectedOperations } from './page.js';
export { BNCC_SKILLS, bnccCodes } from './bncc.js';
