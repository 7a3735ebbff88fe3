import type { Level, Operation } from '../types.js';
import { MIN_DISTINCT, spaceOf } from './draw.js';

/**
 * A page's custom options ("Personalizar", issue 25), version 1. Optional on a page: a page without them is drawn
 * by its level's preset (the level table of the README), exactly as before. The contracts' zod schema
 * (`CustomOptionsSchema` in @app/contracts) checks the shape and ranges; `checkCustom` below checks what a shape
 * cannot say (impossible combinations), in the words the panel shows next to the control.
 *
 * A change of what these options draw is a new version (`v: 2`), never an edit of version 1: a stored page keeps
 * its options and is drawn again from them.
 */
export const CUSTOM_VERSION = 1;

/** + and −: sem reserva (no column carries or borrows), com reserva (at least one, inside the conta), or both. */
export type Regrouping = 'sem' | 'com' | 'misturado';

/** ÷: exact divisions only, only with a resto, or both. */
export type Remainders = 'exata' | 'resto' | 'misturado';

/**
 * How a problem is printed: `armada` the conta in columns (today's; ÷ in the chave), `arme` the conta in a line
 * with room to arm it ("Arme e efetue"), `linha` a fact in a line (7 × 8 = ___), `lacuna` a missing number
 * (___ + 6 = 9), `problemas` situações-problema (issue 27: each conta told as a word problem, with a "Cálculo"
 * quadriculado and a "Resposta" line; README, "Situações-problema").
 */
export type SheetFormat = 'armada' | 'arme' | 'linha' | 'lacuna' | 'problemas';

export type PrintSize = 'normal' | 'grande';

/**
 * The numbers of + and −: the digits of each term (top: the first term, the minuend; bottom: the second term, the
 * subtrahend), or every number of the conta up to `max` (for + the sum, for − the minuend).
 */
export type NumberSize = { kind: 'digits'; top: number; bottom: number } | { kind: 'max'; max: number };

export interface AddSubOptions {
  numbers: NumberSize;
  regrouping: Regrouping;
}

/** ×: the multiplier is one of the tabuadas (2–10) or any two-digit number; the multiplicand 2–10 or of 2–3 digits. */
export interface MultOptions {
  multiplier: { kind: 'tables'; tables: number[] } | { kind: 'twoDigits' };
  /** `fatos`: 2–10 (the facts of the tabuadas); 2 or 3: that many digits. */
  multiplicand: 'fatos' | 2 | 3;
}

/** ÷: the divisors (2–9, or any two-digit number), the dividend's size and the restos. */
export interface DivOptions {
  divisor: { kind: 'list'; divisors: number[] } | { kind: 'twoDigits' };
  /** `fatos`: the quotient is 2–10 (a fact of the tabuadas, plus its resto); 2, 3 or 4: the dividend's digits. */
  dividend: 'fatos' | 2 | 3 | 4;
  remainders: Remainders;
}

export interface CustomOptions {
  v: 1;
  /** The settings of each selected operation (and only those). */
  add?: AddSubOptions;
  sub?: AddSubOptions;
  mult?: MultOptions;
  div?: DivOptions;
  format: SheetFormat;
  /** How many problems: one of `allowedCounts(...)`. */
  count: number;
  size: PrintSize;
  /** The teacher's own line under the title (plain text, at most TITLE_MAX characters); absent: none. */
  title?: string;
}

export const TITLE_MAX = 60;
export const TABLES = [2, 3, 4, 5, 6, 7, 8, 9, 10] as const;
export const ONE_DIGIT_DIVISORS = [2, 3, 4, 5, 6, 7, 8, 9] as const;
export const MAX_CHOICES = [10, 20, 50, 100, 1000] as const;
export const MAX_DIGITS = 5;

/** The words of the formats, as the panel and the sentence say them. */
export const FORMAT_NAMES: Readonly<Record<SheetFormat, string>> = {
  armada: 'Conta armada',
  arme: 'Arme e efetue',
  linha: 'Fatos em linha',
  lacuna: 'Número que falta',
  problemas: 'Situações-problema',
};

/**
 * How many problems a format holds on one A4 page, by print size (the layout test holds every one of them). A
 * conta that needs more room (÷ in the chave, × by two digits) takes the first list of `ROOMY_COUNTS`.
 */
export const FORMAT_COUNTS: Readonly<Record<SheetFormat, Readonly<Record<PrintSize, readonly number[]>>>> = {
  armada: { normal: [12, 16, 20], grande: [6, 9, 12] },
  arme: { normal: [8, 12], grande: [6, 8] },
  linha: { normal: [20, 30, 40], grande: [12, 20, 30] },
  lacuna: { normal: [20, 30, 40], grande: [12, 20, 30] },
  problemas: { normal: [4, 6], grande: [2, 3] },
};

/**
 * Counts of a page of situações-problema whose contas need more room in the "Cálculo" quadriculado (`roomy`: ÷ in
 * the chave or × by two digits; `widest`: a four-digit dividend by one digit), measured by the layout test.
 */
export const PROBLEM_ROOM_COUNTS: Readonly<
  Record<'roomy' | 'widest', Readonly<Record<PrintSize, readonly number[]>>>
> = {
  roomy: { normal: [4, 6], grande: [2] },
  widest: { normal: [4], grande: [2] },
};

/**
 * Counts of a page whose contas need more room: armada or arme with ÷ in the chave or × by two digits (measured by
 * the sheet's layout test, like every list here).
 */
export const ROOMY_COUNTS: Readonly<Record<PrintSize, readonly number[]>> = {
  normal: [8, 12],
  grande: [4],
};

/**
 * Counts of a page with the widest chave: a four-digit dividend by a one-digit divisor (nine digit columns and four
 * steps, nine written lines).
 */
export const WIDEST_COUNTS: Readonly<Record<PrintSize, readonly number[]>> = {
  normal: [6, 9],
  grande: [4],
};

/**
 * The room a conta of these options takes: `roomy` for ÷ in the chave or × by two digits, `widest` for a
 * four-digit dividend by one digit, `facts` for a page of lines or a conta of + − × by one digit.
 */
export function roomNeeded(
  custom: Pick<CustomOptions, 'format' | 'mult' | 'div'>,
): 'facts' | 'roomy' | 'widest' {
  if (custom.format !== 'armada' && custom.format !== 'arme' && custom.format !== 'problemas') return 'facts';
  if (custom.div?.dividend === 4 && custom.div.divisor.kind === 'list') return 'widest';
  return custom.div !== undefined || custom.mult?.multiplier.kind === 'twoDigits' ? 'roomy' : 'facts';
}

/** Whether a problem of these options needs the roomy cells (chave, or two partial products). */
export function needsRoom(custom: Pick<CustomOptions, 'format' | 'mult' | 'div'>): boolean {
  return roomNeeded(custom) !== 'facts';
}

export function allowedCounts(
  custom: Pick<CustomOptions, 'format' | 'size' | 'mult' | 'div'>,
): readonly number[] {
  const room = roomNeeded(custom);
  if (custom.format === 'problemas')
    return room === 'facts' ? FORMAT_COUNTS.problemas[custom.size] : PROBLEM_ROOM_COUNTS[room][custom.size];
  if (room === 'widest') return WIDEST_COUNTS[custom.size];
  return room === 'roomy' ? ROOMY_COUNTS[custom.size] : FORMAT_COUNTS[custom.format][custom.size];
}

/** A refusal of an impossible combination: the control it belongs to (a dotted path in CustomOptions) and why. */
export interface CustomProblem {
  field: string;
  message: string;
}

const OPERATION_WORDS: Readonly<Record<Operation, string>> = {
  add: 'adição',
  sub: 'subtração',
  mult: 'multiplicação',
  div: 'divisão',
};

/**
 * What the shape cannot say: every selected operation has its settings and no other does, the count fits the
 * format, − com reserva needs a minuend of two digits or more, the subtrahend no longer than the minuend, a missing
 * number only with exact divisions. Empty when the page can be drawn. Shared by the server (400 with the first
 * message) and the panel (each message beside its control).
 */
export function checkCustom(operations: readonly Operation[], custom: CustomOptions): CustomProblem[] {
  const problems: CustomProblem[] = [];
  for (const op of ['add', 'sub', 'mult', 'div'] as const) {
    const selected = operations.includes(op);
    if (selected && custom[op] === undefined)
      problems.push({ field: op, message: `Escolha as opções da ${OPERATION_WORDS[op]}.` });
    if (!selected && custom[op] !== undefined)
      problems.push({ field: op, message: `A ${OPERATION_WORDS[op]} não está marcada nesta página.` });
  }
  const sub = custom.sub;
  if (sub?.numbers.kind === 'digits') {
    if (sub.numbers.bottom > sub.numbers.top)
      problems.push({
        field: 'sub.numbers',
        message: 'Na subtração, o número de baixo não pode ter mais algarismos que o de cima.',
      });
    else if (sub.numbers.top === 1 && sub.regrouping === 'com')
      problems.push({
        field: 'sub.regrouping',
        message: 'Subtração com reserva precisa de pelo menos 2 algarismos no número de cima.',
      });
  }
  if (sub?.numbers.kind === 'max' && sub.numbers.max < 20 && sub.regrouping === 'com')
    problems.push({
      field: 'sub.regrouping',
      message: 'Subtração com reserva precisa de números maiores que 10. Escolha “até 20” ou mais.',
    });
  const add = custom.add;
  if (add?.numbers.kind === 'max' && add.numbers.max < 20 && add.regrouping === 'com')
    problems.push({
      field: 'add.regrouping',
      message: 'Adição com reserva precisa de somas maiores que 10. Escolha “até 20” ou mais.',
    });
  if (custom.format === 'lacuna' && custom.div !== undefined && custom.div.remainders !== 'exata')
    problems.push({
      field: 'div.remainders',
      message: 'No formato “Número que falta”, a divisão precisa ser exata.',
    });
  // Too few different problems to be worth a page (counted by enumerating the option's space; the repeat rule of
  // the README covers the small spaces above the bound, such as the tabuada do 2 and its nine facts).
  for (const op of ['add', 'sub', 'mult', 'div'] as const) {
    if (!operations.includes(op) || custom[op] === undefined) continue;
    if (problems.some((problem) => problem.field === op || problem.field.startsWith(`${op}.`))) continue;
    const few = spaceOf(op, custom).pools.find((pool) => pool.distinct < MIN_DISTINCT);
    if (few !== undefined)
      problems.push({
        field: SPACE_FIELDS[op],
        message: `Com estas opções há só ${few.distinct} ${few.distinct === 1 ? 'conta diferente' : 'contas diferentes'} de ${OPERATION_WORDS[op]}${KIND_WORDS[few.kind]}. Escolha números maiores.`,
      });
  }
  if (custom.format === 'problemas') problems.push(...checkProblemas(operations, custom, problems));
  if (!allowedCounts(custom).includes(custom.count))
    problems.push({
      field: 'count',
      message: `Neste formato e tamanho, escolha ${listWords(allowedCounts(custom).map(String))} ${
        custom.format === 'problemas' ? 'problemas' : 'contas'
      }.`,
    });
  return problems;
}

/**
 * Situações-problema never repeat a conta (a page asks different problems; the repeat rule of bare contas is not
 * applied): each kind of an operation's options (each side of a misturado coin, which may fall on one side every
 * time) must hold at least as many different contas as the page has problems of that operation.
 */
function checkProblemas(
  operations: readonly Operation[],
  custom: CustomOptions,
  before: readonly CustomProblem[],
): CustomProblem[] {
  const problems: CustomProblem[] = [];
  const selected = (['add', 'sub', 'mult', 'div'] as const).filter((op) => operations.includes(op));
  const slots = Math.ceil(custom.count / Math.max(1, selected.length));
  for (const op of selected) {
    if (custom[op] === undefined) continue;
    if (before.some((problem) => problem.field === op || problem.field.startsWith(`${op}.`))) continue;
    const few = spaceOf(op, custom).pools.find((pool) => pool.distinct < slots);
    if (few !== undefined)
      problems.push({
        field: SPACE_FIELDS[op],
        message: `Com estas opções há só ${few.distinct} contas diferentes de ${OPERATION_WORDS[op]}${KIND_WORDS[few.kind]}, e as situações-problema não repetem contas. Escolha menos problemas ou números maiores.`,
      });
  }
  return problems;
}

/** The control that sets the size of an operation's space. */
const SPACE_FIELDS: Readonly<Record<Operation, string>> = {
  add: 'add.numbers',
  sub: 'sub.numbers',
  mult: 'mult.multiplier',
  div: 'div.dividend',
};

const KIND_WORDS = {
  sem: ' sem reserva',
  com: ' com reserva',
  exata: ' exata',
  resto: ' com resto',
  fato: '',
};

/** "8, 12 ou 16". */
export function listWords(words: readonly string[], last = 'ou'): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} ${last} ${words.at(-1)!}`;
}

/**
 * The panel's starting values for a level: the options nearest to the level's preset (the README's level table is
 * finer than the options can say: Fácil + draws its sums evenly, for one). A page made without custom options is
 * drawn by the preset itself, not by these.
 */
export function presetOptions(
  level: Level,
): Required<Pick<CustomOptions, 'add' | 'sub' | 'mult' | 'div'>> & Pick<CustomOptions, 'format' | 'size'> {
  switch (level) {
    case 0:
      return {
        add: { numbers: { kind: 'max', max: 100 }, regrouping: 'sem' },
        sub: { numbers: { kind: 'max', max: 100 }, regrouping: 'sem' },
        mult: { multiplier: { kind: 'tables', tables: [2, 3, 4, 5] }, multiplicand: 'fatos' },
        div: { divisor: { kind: 'list', divisors: [2, 3] }, dividend: 'fatos', remainders: 'exata' },
        format: 'armada',
        size: 'normal',
      };
    case 1:
      return {
        add: { numbers: { kind: 'digits', top: 3, bottom: 3 }, regrouping: 'com' },
        sub: { numbers: { kind: 'digits', top: 3, bottom: 3 }, regrouping: 'com' },
        mult: { multiplier: { kind: 'tables', tables: [2, 3, 4, 5] }, multiplicand: 2 },
        div: {
          divisor: { kind: 'list', divisors: [2, 3, 4, 5, 6, 7, 8, 9] },
          dividend: 3,
          remainders: 'misturado',
        },
        format: 'armada',
        size: 'normal',
      };
    case 2:
      return {
        add: { numbers: { kind: 'digits', top: 5, bottom: 4 }, regrouping: 'com' },
        sub: { numbers: { kind: 'digits', top: 5, bottom: 4 }, regrouping: 'com' },
        mult: { multiplier: { kind: 'twoDigits' }, multiplicand: 3 },
        div: { divisor: { kind: 'twoDigits' }, dividend: 4, remainders: 'misturado' },
        format: 'armada',
        size: 'normal',
      };
  }
}
