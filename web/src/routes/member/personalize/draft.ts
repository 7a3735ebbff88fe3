import {
  allowedCounts,
  checkCustom,
  DEFAULT_MEANINGS,
  exercisePages,
  MEANING_LIST,
  meaningOps,
  ORDERED_FACTS,
  presetOptions,
  type CustomOptions,
  type DivOptions,
  type Level,
  type Meaning,
  type MultOptions,
  type Operation,
  type PrintSize,
  type Regrouping,
  type SheetFormat,
} from './generator';
import { CustomOptionsSchema, type CustomOptionsInput } from '@app/contracts';

/**
 * What the "Personalizar" panel holds while open (issue 25): the settings of all four operations, so that checking
 * an operation again finds what was chosen for it, and the values a control hides (the digits while "até 100" is
 * chosen, the tabuadas while "dois algarismos" is, the format while the tabuada em ordem is, the meanings of the
 * operations not checked), so that switching back finds them. `toCustom` makes the body's `custom` of it: only the
 * checked operations, and only what is chosen.
 */
export interface AddSubDraft {
  kind: 'digits' | 'max';
  top: number;
  bottom: number;
  max: number;
  regrouping: Regrouping;
}
export interface MultDraft {
  twoDigits: boolean;
  /** 2–10, and 1 while the tabuada em ordem is chosen (it alone may hold it: `toMult` leaves it out otherwise). */
  tables: number[];
  multiplicand: MultOptions['multiplicand'];
}
export interface DivDraft {
  twoDigits: boolean;
  divisors: number[];
  dividend: DivOptions['dividend'];
  remainders: DivOptions['remainders'];
}
export interface Draft {
  add: AddSubDraft;
  sub: AddSubDraft;
  mult: MultDraft;
  div: DivDraft;
  /** Wished for; the tabuada em ordem is in a line (see `formatOf`). */
  format: SheetFormat;
  /** Wished for; the page gets the nearest of `allowedCounts` (see `countOf`), the tabuada em ordem 10 a tabuada. */
  count: number;
  size: PrintSize;
  /** As typed; trimmed, and left out when empty. */
  title: string;
  /**
   * The meanings of situações-problema checked, of every operation (those of the checked operations are sent, see
   * `shownMeanings`).
   */
  meanings: Meaning[];
}

export const OPERATION_ORDER: readonly Operation[] = ['add', 'sub', 'mult', 'div'];

/** Today's pages have 20 problems, or 12 with × or ÷ (the generator's problemCount): the nearest allowed is taken. */
const DEFAULT_COUNT = 20;

function addSubDraft(options: CustomOptions['add'] & object, fallback: AddSubDraft | undefined): AddSubDraft {
  const numbers = options.numbers;
  return {
    kind: numbers.kind,
    top: numbers.kind === 'digits' ? numbers.top : (fallback?.top ?? 2),
    bottom: numbers.kind === 'digits' ? numbers.bottom : (fallback?.bottom ?? 2),
    max: numbers.kind === 'max' ? numbers.max : (fallback?.max ?? 100),
    regrouping: options.regrouping,
  };
}

function multDraft(options: MultOptions): MultDraft {
  return {
    twoDigits: options.multiplier.kind === 'twoDigits',
    tables: options.multiplier.kind === 'tables' ? [...options.multiplier.tables] : [2, 3, 4, 5],
    multiplicand: options.multiplicand,
  };
}

function divDraft(options: DivOptions): DivDraft {
  return {
    twoDigits: options.divisor.kind === 'twoDigits',
    divisors: options.divisor.kind === 'list' ? [...options.divisor.divisors] : [2, 3, 4, 5, 6, 7, 8, 9],
    dividend: options.dividend,
    remainders: options.remainders,
  };
}

/** The panel as it opens: the level's preset for every operation, conta armada, normal size, no title. */
export function draftFromPreset(level: Level): Draft {
  const preset = presetOptions(level);
  return {
    add: addSubDraft(preset.add, undefined),
    sub: addSubDraft(preset.sub, undefined),
    mult: multDraft(preset.mult),
    div: divDraft(preset.div),
    format: preset.format,
    count: DEFAULT_COUNT,
    size: preset.size,
    title: '',
    meanings: [...DEFAULT_MEANINGS],
  };
}

/** A stored page's or saved sheet's options back in the panel; what they leave out comes from the level's preset. */
export function draftFromCustom(custom: CustomOptions, level: Level): Draft {
  const preset = draftFromPreset(level);
  return {
    add: custom.add ? addSubDraft(custom.add, preset.add) : preset.add,
    sub: custom.sub ? addSubDraft(custom.sub, preset.sub) : preset.sub,
    mult: custom.mult ? multDraft(custom.mult) : preset.mult,
    div: custom.div ? divDraft(custom.div) : preset.div,
    format: custom.format,
    count: custom.count,
    size: custom.size,
    title: custom.title ?? '',
    meanings: custom.meanings ? meaningsOf(custom) : preset.meanings,
  };
}

/**
 * A stored page's meanings, and for the operations it does not have the default ones: checking one of them later
 * shows its meanings as a new panel would.
 */
function meaningsOf(custom: CustomOptions): Meaning[] {
  const told = shownMeanings(OPERATION_ORDER.filter((op) => custom[op] !== undefined));
  return MEANING_LIST.filter((meaning) =>
    told.includes(meaning) ? custom.meanings!.includes(meaning) : DEFAULT_MEANINGS.includes(meaning),
  );
}

/** The meanings the panel shows: those that tell a checked operation (duas etapas: any), in the BNCC's order. */
export function shownMeanings(operations: readonly Operation[]): Meaning[] {
  return MEANING_LIST.filter((meaning) => meaningOps(meaning).some((op) => operations.includes(op)));
}

/** Whether the page is the tabuada em ordem: × checked with that multiplicand. */
export const isOrdered = (draft: Draft, operations: readonly Operation[]): boolean =>
  operations.includes('mult') && draft.mult.multiplicand === 'ordem';

/** The tabuadas of the tabuada em ordem: as checked (the tabuada do 1 among them). */
const orderedTables = (draft: Draft) => draft.mult.tables;

/** The format the page gets: the one chosen, but the tabuada em ordem is in a line unless "Número que falta". */
export function formatOf(draft: Draft, operations: readonly Operation[]): SheetFormat {
  if (!isOrdered(draft, operations)) return draft.format;
  return draft.format === 'lacuna' ? 'lacuna' : 'linha';
}

/**
 * The most tabuadas em ordem a page holds in this format and size: ten contas each, as long as the count is one
 * the format holds (4 at normal size, 40 contas; 3 with letra grande).
 */
export function orderedLimit(custom: Pick<CustomOptions, 'format' | 'size'>): number {
  const counts = allowedCounts(custom);
  let tables = 0;
  while (counts.includes((tables + 1) * ORDERED_FACTS)) tables++;
  return tables;
}

/**
 * The count the page gets: the wished one if the format holds it, else the nearest below it that fits one sheet of
 * paper (situações-problema past a page's room take two: only when she asks for it), else the smallest; the tabuada
 * em ordem, ten contas a tabuada.
 */
export function countOf(draft: Draft, operations: readonly Operation[]): number {
  if (isOrdered(draft, operations)) return orderedTables(draft).length * ORDERED_FACTS;
  const room = roomOf(draft, operations);
  const allowed = allowedCounts(room);
  if (allowed.includes(draft.count)) return draft.count;
  const below = allowed.filter((n) => n <= draft.count && exercisePages({ ...room, count: n }) === 1);
  return below.length ? below.at(-1)! : allowed[0]!;
}

/** What `allowedCounts` and `exercisePages` read, for the checked operations (duas etapas takes more room). */
function roomOf(draft: Draft, operations: readonly Operation[]) {
  const format = formatOf(draft, operations);
  return {
    format,
    size: draft.size,
    ...(operations.includes('mult') ? { mult: toMult(draft.mult) } : {}),
    ...(operations.includes('div') ? { div: toDiv(draft.div) } : {}),
    ...(format === 'problemas'
      ? { meanings: shownMeanings(operations).filter((meaning) => draft.meanings.includes(meaning)) }
      : {}),
  };
}

export function allowedCountsOf(draft: Draft, operations: readonly Operation[]): readonly number[] {
  return allowedCounts(roomOf(draft, operations));
}

/** The tabuada em ordem is of tabuadas (1–10); the others of 2–10 or two digits. */
const toMult = (d: MultDraft): MultOptions => ({
  multiplier:
    d.twoDigits && d.multiplicand !== 'ordem'
      ? { kind: 'twoDigits' }
      : {
          kind: 'tables',
          tables: d.tables.filter((n) => n !== 1 || d.multiplicand === 'ordem').sort((a, b) => a - b),
        },
  multiplicand: d.multiplicand,
});

const toDiv = (d: DivDraft): DivOptions => ({
  divisor: d.twoDigits
    ? { kind: 'twoDigits' }
    : { kind: 'list', divisors: [...d.divisors].sort((a, b) => a - b) },
  dividend: d.dividend,
  remainders: d.remainders,
});

const toAddSub = (d: AddSubDraft) => ({
  numbers:
    d.kind === 'max'
      ? { kind: 'max' as const, max: d.max }
      : { kind: 'digits' as const, top: d.top, bottom: d.bottom },
  regrouping: d.regrouping,
});

/**
 * The body's `custom` (version 1): the checked operations' settings, the format, count, size and title; for
 * situações-problema the meanings checked among those shown, always (what the teacher sees checked is what prints).
 */
export function toCustom(draft: Draft, operations: readonly Operation[]): CustomOptions {
  const format = formatOf(draft, operations);
  const custom: CustomOptions = {
    v: 1,
    format,
    count: countOf(draft, operations),
    size: draft.size,
  };
  if (operations.includes('add')) custom.add = toAddSub(draft.add);
  if (operations.includes('sub')) custom.sub = toAddSub(draft.sub);
  if (operations.includes('mult')) custom.mult = toMult(draft.mult);
  if (operations.includes('div')) custom.div = toDiv(draft.div);
  const title = draft.title.trim();
  if (title) custom.title = title;
  if (format === 'problemas' && operations.length > 0)
    custom.meanings = shownMeanings(operations).filter((meaning) => draft.meanings.includes(meaning));
  return custom;
}

/**
 * The panel's controls, as the dotted paths of CustomOptions that `checkCustom` and the schema name: a problem
 * belongs to the longest of these its field starts with ('mult.multiplier.tables' → 'mult.multiplier').
 */
export const CONTROLS = [
  'add',
  'add.numbers',
  'add.regrouping',
  'sub',
  'sub.numbers',
  'sub.regrouping',
  'mult',
  'mult.multiplier',
  'mult.multiplicand',
  'div',
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
