import {
  checkCustom,
  allowedCounts,
  ORDERED_FACTS,
  type CustomOptions,
  type Operation,
} from '@app/generator/options';
import { CustomOptionsSchema, type CustomOptionsInput } from '@app/contracts';
import { OPERATION_ORDER, orderedLimit, toCustom, type Draft } from './draft';

/**
 * The panel's controls, as the dotted paths of CustomOptions that `checkCustom` and the schema name: a problem
 * belongs to the longest of these its field starts with ('mult.multiplier.tables' → 'mult.multiplier').
 */
export const CONTROLS = [
  'add',
  'add.casas',
  'add.numbers',
  'add.regrouping',
  'sub',
  'sub.casas',
  'sub.numbers',
  'sub.regrouping',
  'mult',
  'mult.casas',
  'mult.multiplier',
  'mult.multiplicand',
  'div',
  'div.casas',
  'div.divisor',
  'div.dividend',
  'div.remainders',
  'format',
  'count',
  'size',
  'title',
  'meanings',
] as const;
export type Control = (typeof CONTROLS)[number];

export function controlOf(field: string): Control | null {
  let best: Control | null = null;
  for (const control of CONTROLS)
    if ((field === control || field.startsWith(`${control}.`)) && control.length > (best?.length ?? 0))
      best = control;
  return best;
}

export interface PanelProblem {
  /** null: no control of the panel; said beside 'Gerar página'. */
  control: Control | null;
  message: string;
}

/**
 * Why the page cannot be drawn, each message once with its control: the schema's refusals (no tabuada chosen, a
 * title too long), else `checkCustom`'s (impossible combinations, too few different contas), as the server would.
 */
export function problemsOf(operations: readonly Operation[], custom: CustomOptions): PanelProblem[] {
  const problems: PanelProblem[] = [];
  const seen = new Set<string>();
  const add = (field: string, message: string) => {
    const control = controlOf(field);
    const key = `${control ?? ''}\u0000${message}`;
    if (seen.has(key)) return;
    seen.add(key);
    problems.push({ control, message });
  };
  // As the server answers: the shape first; the combinations once the shape holds (an empty list of tabuadas is
  // "Escolha pelo menos uma tabuada.", not also "há só 0 contas diferentes").
  // The tabuada em ordem's count follows its tabuadas: past the most a page holds, that is said at the tabuadas, not
  // as a count she cannot choose.
  const tooMany = tooManyOrdered(custom);
  if (tooMany) add('mult.multiplier', tooMany);
  const parsed = CustomOptionsSchema.safeParse(custom);
  const found = parsed.success
    ? checkCustom(operations, custom)
    : parsed.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
  for (const { field, message } of found) if (!(tooMany && controlOf(field) === 'count')) add(field, message);
  return problems;
}

/** "Com letra grande, escolha até 3 tabuadas em ordem (30 contas).", when more are checked; else null. */
function tooManyOrdered(custom: CustomOptions): string | null {
  if (custom.mult?.multiplicand !== 'ordem' || custom.mult.multiplier.kind !== 'tables') return null;
  const limit = orderedLimit(custom);
  if (custom.mult.multiplier.tables.length <= limit) return null;
  const words = `escolha até ${limit} ${limit === 1 ? 'tabuada' : 'tabuadas'} em ordem (${limit * ORDERED_FACTS} contas).`;
  return custom.size === 'grande' ? `Com letra grande, ${words}` : `Em uma página, ${words}`;
}

/**
 * The checked operations whose settings are not facts (3 algarismos, × by 2 algarismos, ÷ of 3 algarismos), which
 * "Fatos em linha" and "Número que falta" refuse: `checkCustom`'s rules for new pages, asked of these options in a
 * line. In the order + − × ÷.
 */
export function notFacts(operations: readonly Operation[], custom: CustomOptions): Operation[] {
  const inLine: CustomOptions = {
    ...custom,
    format: 'linha',
    count: allowedCounts({ ...custom, format: 'linha' })[0]!,
  };
  delete inLine.meanings;
  const fields = checkCustom(operations, inLine)
    .filter((problem) => problem.atCreation && problem.field !== 'count')
    .map((problem) => problem.field.split('.')[0]);
  return OPERATION_ORDER.filter((op) => fields.includes(op));
}

/**
 * Where a server's refusal (a 400 with a pt-BR message) is shown: beside the control whose check gives that message
 * for these options, else beside the button.
 */
export function controlOfMessage(
  message: string,
  operations: readonly Operation[],
  custom: CustomOptions | undefined,
): Control | null {
  if (!custom) return null;
  return problemsOf(operations, custom).find((p) => p.message === message)?.control ?? null;
}

/**
 * The panel's options for the checked operations: as the generator reads them (the sentence), as the body sends
 * them (the schema's output; null while a problem keeps the page from being drawn), and the problems.
 */
export function checkDraft(
  operations: readonly Operation[],
  draft: Draft,
): { custom: CustomOptions; body: CustomOptionsInput | null; problems: PanelProblem[] } {
  const custom = toCustom(draft, operations);
  if (operations.length === 0) return { custom, body: null, problems: [] };
  const problems = problemsOf(operations, custom);
  const parsed = CustomOptionsSchema.safeParse(custom);
  return { custom, body: problems.length === 0 && parsed.success ? parsed.data : null, problems };
}
