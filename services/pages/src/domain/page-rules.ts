import { generatePage, rulesVersion } from '@app/generator';
import type { PageRecord } from './ports.js';

/** The page's problems as its PDF prints them: its seed drawn with its own rules (rules 1 when none is stored). */
export function pageProblems(page: Pick<PageRecord, 'seed' | 'options' | 'rules'>) {
  return generatePage(page.seed, page.options, rulesVersion(page.rules)).problems;
}
