export type { AddSwitches, DivSwitches, MultSwitches, Quotient, SubSwitches, WrongFact } from './columns.js';
export { addColumns, digitsOf, divColumns, multColumns, subColumns } from './columns.js';
export type { Answer, Conta, Mistake, MistakeId, MistakeInfo, Op, Switches } from './catalogue.js';
export {
  MISTAKES,
  MISTAKE_IDS,
  answerOf,
  answerWith,
  contaText,
  mistakeName,
  rightAnswer,
  sameAnswer,
  sameMistake,
  switchesOf,
} from './catalogue.js';
export type { Answered, Diagnosis, Found } from './diagnose.js';
export { MIN_EVIDENCE, describeFound, diagnose } from './diagnose.js';
export type { Mark, Score, SheetProblem, TypedAnswer } from './correction.js';
export { asksRemainder, diagnoseSheet, expectedOf, markOf, scoreOf } from './correction.js';
export type { ChildProgress, MistakeTrend, ProgressSheet, SheetOutcome, TrendMark } from './progress.js';
export { chancesOf, childProgress } from './progress.js';
