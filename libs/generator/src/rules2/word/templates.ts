import type { WordKind } from './kinds.js';
import { ADD_TEMPLATES } from './templates/add.js';
import { DIV_TEMPLATES } from './templates/div.js';
import { MULT_TEMPLATES } from './templates/mult.js';
import type { WordTemplate } from './templates/shared.js';
import { SUB_TEMPLATES } from './templates/sub.js';

export type { Cast, RenderedText, WordContext, WordTemplate } from './templates/shared.js';
export { NOUNS } from './templates/shared.js';

/**
 * The templates, by kind, in the order rules 2 has always drawn them from (a page bought under rules 2 prints the
 * same problems, so this order never changes): the templates are in templates/, one file per operation, and what
 * they are written with is in templates/shared.ts. To add one, see "Situações-problema" in the README.
 */
export const WORD_TEMPLATES: readonly WordTemplate[] = [
  ...ADD_TEMPLATES,
  ...SUB_TEMPLATES,
  ...MULT_TEMPLATES,
  ...DIV_TEMPLATES,
];

export const templatesOf = (kind: WordKind): WordTemplate[] =>
  WORD_TEMPLATES.filter((template) => template.kind === kind);
