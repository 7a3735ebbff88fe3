import {
  allowedCounts,
  exercisePages,
  MEANING_LIST,
  meaningOps,
  ORDERED_FACTS,
  type CustomOptions,
  type DivOptions,
  type Meaning,
  type MultOptions,
  type Operation,
  type PrintSize,
  type Regrouping,
  type SheetFormat,
} from '@app/generator/options';
import type { Casas } from '@app/contracts/custom-shape';

/**
 * What the "Personalizar" panel holds while open : the settings of all four operations, so that checking
 * an operation again finds what was chosen for it, and the values a control hides (the digits while "até 100" is
 * chosen, the tabuadas while "dois algarismos" is, the format while the tabuada em ordem is, the meanings of the
 * operations not checked, the resto while the division has decimals, the decimals while the tabuada em ordem is
 * chosen), so that switching back finds them. `toCustom` makes the body's `custom` of it: only the checked operations,
 * and only what is chosen.
 */
export interface AddSubDraft {
  kind: 'digits' | 'max';
  top: number;
  bottom: number;
  max: number;
  regrouping: Regrouping;
  /** "Números": decimals (1 or 2 casas, em reais), null for naturais. */
  casas: Casas | null;
}
export interface MultDraft {
  twoDigits: boolean;
  /** 2–10, and 1 while the tabuada em ordem is chosen (it alone may hold it: `toMult` leaves it out otherwise). */
  tables: number[];
  multiplicand: MultOptions['multiplicand'];
  /** The multiplicand's decimals; the tabuada em ordem is of naturais (`toMult` leaves them out). */
  casas: Casas | null;
}
export interface DivDraft {
  twoDigits: boolean;
  divisors: number[];
  dividend: DivOptions['dividend'];
  /** Wished for: with decimals the division is exact (see `remaindersOf`). */
  remainders: DivOptions['remainders'];
  /** The quotient's decimals. */
  casas: Casas | null;
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

/**
 * The meanings the panel shows: those that tell a checked operation (duas etapas: any), in the BNCC's order; cédulas
 * e moedas only while + or − is em reais (`reais`: the checked operations whose numbers are).
 */
export function shownMeanings(operations: readonly Operation[], reais: readonly Operation[]): Meaning[] {
  const tells = (meaning: Meaning) => (meaning === 'cedulas-moedas' ? reais : operations);
  return MEANING_LIST.filter((meaning) => meaningOps(meaning).some((op) => tells(meaning).includes(op)));
}

/** The checked operations whose numbers are em reais. */
export const reaisOps = (
  casas: (op: Operation) => Casas | null | undefined,
  operations: readonly Operation[],
): Operation[] => operations.filter((op) => casas(op) === 'reais');

/** The meanings of the draft's checked operations that the panel shows and are checked. */
const checkedMeanings = (draft: Draft, operations: readonly Operation[]): Meaning[] =>
  shownMeanings(
    operations,
    reaisOps((op) => draft[op].casas, operations),
  ).filter((meaning) => draft.meanings.includes(meaning));

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
    ...(format === 'problemas' ? { meanings: checkedMeanings(draft, operations) } : {}),
  };
}

export function allowedCountsOf(draft: Draft, operations: readonly Operation[]): readonly number[] {
  return allowedCounts(roomOf(draft, operations));
}

/** The decimals of an operation's options: none for naturais. */
const casasOf = (casas: Casas | null): { casas?: Casas } => (casas === null ? {} : { casas });

/** The resto the division gets: the one chosen, but with decimals it goes on to the last casa, exact. */
export const remaindersOf = (d: DivDraft): DivOptions['remainders'] =>
  d.casas === null ? d.remainders : 'exata';

/** The tabuada em ordem is of tabuadas (1–10) and naturais; the others of 2–10 or two digits. */
const toMult = (d: MultDraft): MultOptions => ({
  multiplier:
    d.twoDigits && d.multiplicand !== 'ordem'
      ? { kind: 'twoDigits' }
      : {
          kind: 'tables',
          tables: d.tables.filter((n) => n !== 1 || d.multiplicand === 'ordem').sort((a, b) => a - b),
        },
  multiplicand: d.multiplicand,
  ...casasOf(d.multiplicand === 'ordem' ? null : d.casas),
});

const toDiv = (d: DivDraft): DivOptions => ({
  divisor: d.twoDigits
    ? { kind: 'twoDigits' }
    : { kind: 'list', divisors: [...d.divisors].sort((a, b) => a - b) },
  dividend: d.dividend,
  remainders: remaindersOf(d),
  ...casasOf(d.casas),
});

const toAddSub = (d: AddSubDraft) => ({
  numbers:
    d.kind === 'max'
      ? { kind: 'max' as const, max: d.max }
      : { kind: 'digits' as const, top: d.top, bottom: d.bottom },
  regrouping: d.regrouping,
  ...casasOf(d.casas),
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
  if (format === 'problemas' && operations.length > 0) custom.meanings = checkedMeanings(draft, operations);
  return custom;
}
