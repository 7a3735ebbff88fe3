import type { WordKind } from '../kinds.js';
import { ADD_TEMPLATES } from './add.js';
import { CEDULAS_TEMPLATES } from './cedulas.js';
import { DIV_TEMPLATES } from './div.js';
import { MONEY_TEMPLATES } from './money.js';
import { MULT_TEMPLATES } from './mult.js';
import { SUB_TEMPLATES } from './sub.js';
import type { TwoStepTemplate, WordTemplate } from './shared.js';
import { TWO_STEP_TEMPLATES } from './two-steps.js';

export type {
  Cast,
  NumberRanges,
  Range,
  RenderedText,
  TwoStepTemplate,
  WordContext,
  WordTemplate,
} from './shared.js';
export { NOUNS, inRanges, templateFits, twoStepFits, within } from './shared.js';
export { TWO_STEP_TEMPLATES };

/**
 * The one-conta templates, by operation (`add.ts`, `sub.ts`, `mult.ts`, `div.ts`), and money in reais e centavos
 * (`money.ts`; paid in cédulas e moedas, `cedulas.ts`). To add one, see
 * "Situações-problema" in the README.
 */
export const WORD_TEMPLATES: readonly WordTemplate[] = [
  ...ADD_TEMPLATES,
  ...SUB_TEMPLATES,
  ...MULT_TEMPLATES,
  ...DIV_TEMPLATES,
  // Last: they tell only contas em reais, so the natural contas meet the same templates in the same order as before.
  ...MONEY_TEMPLATES,
  ...CEDULAS_TEMPLATES,
];

export const templatesOf = (kind: WordKind): WordTemplate[] =>
  WORD_TEMPLATES.filter((template) => template.kind === kind);

/** Every template's id, one-conta and two-step, for the tests and the survey script. */
export const allTemplates = (): ReadonlyArray<WordTemplate | TwoStepTemplate> => [
  ...WORD_TEMPLATES,
  ...TWO_STEP_TEMPLATES,
];
