import { numberText, unitDigits } from './conta-columns.js';
import { digitBoxes, DECIMAL_COMMA_COLUMNS, FACT_BOX_HEIGHT, type BoxedAnswers } from './reading-marks.js';
import { inUnits, unitsPerOne } from '@app/contracts/decimal';
import {
  lineOrder,
  needsRoom,
  thousands,
  type CustomOptions,
  type GeneratedPage,
  type Operation,
  type PrintSize,
  type Problem,
  type WordProblem,
} from '@app/generator';

/**
 * The sizes and the one-line formats of a page made with "Personalizar": the print size's measurements,
 * the grid each format × count takes, and the cells of the formats `linha` (7 × 8 = ___) and `lacuna` (___ + 6 = 9).
 * The conta armada and "Arme e efetue" reuse the written algorithms of sheet-html.ts. The formats and sizes as the
 * product states them: docs/product-rules.md, "Personalizar".
 */

/**
 * The measurements of each print size. `normal` is the school caderno: 5 mm digit columns (the squares of the
 * caderno quadriculado), 4 mm carry boxes. `grande` (young or low-vision learners) is the 7 mm caderno quadriculado
 * sold for the first years, with 5.5 mm carry boxes; its smallest digits (22 pt) are above the 18 pt of large-print
 * guidelines and its facts are printed at 20 to 28 pt.
 */
export interface SizeMeasures {
  /** Width of a digit column, and the side of a square of the "Arme e efetue" quadriculado. */
  columnMm: number;
  carryBoxMm: number;
  /** Digits of a conta armada by the longest term of the page: 1–2 digits, 3, 4–5. */
  digitPt: readonly [number, number, number];
  /** A fact in a line (linha, lacuna, the conta of "Arme e efetue"), by the same three lengths. */
  factPt: readonly [number, number, number];
  /** The smallest a fact gets to fit its page (a long fact, many facts); grande's is large print's 18 pt. */
  factFloorPt: number;
  /** Digits written in the quadriculado of "Arme e efetue" (a line is one square high). */
  squareDigitPt: number;
  /** The text of a situação-problema (its statement, question and Resposta line). */
  textPt: number;
}

export const PRINT_SIZES: Readonly<Record<PrintSize, SizeMeasures>> = {
  normal: {
    columnMm: 5,
    carryBoxMm: 4,
    digitPt: [22, 18, 15],
    factPt: [18, 16, 14],
    factFloorPt: 12,
    squareDigitPt: 13,
    textPt: 11,
  },
  grande: {
    columnMm: 7,
    carryBoxMm: 5.5,
    digitPt: [30, 26, 22],
    factPt: [28, 24, 22],
    factFloorPt: 18,
    squareDigitPt: 18,
    textPt: 16,
  },
};

/** The footer's badge of a custom page (neutral: a custom page has no level): the contracts' one. */
export { CUSTOM_BADGE } from '@app/contracts/levels';

const digitCount = (value: number): number => String(value).length;

/**
 * The page's longest conta, in digits, picks the digit and fact sizes: the longest term; for × the digits of both
 * terms less one (7 × 8: 1, 123 × 7: 3), and a two-digit multiplier counts as the longest (its partial products and
 * sum take the rows of a chave).
 */
export function longestTerm(problems: readonly Problem[]): number {
  return Math.max(
    1,
    ...problems.map(
      (p) =>
        (p.op !== 'mult'
          ? Math.max(unitDigits(p, p.a), digitCount(p.b))
          : p.b >= 10
            ? 4
            : unitDigits(p, p.a) + digitCount(p.b) - 1) + (p.decimal === undefined ? 0 : 1),
    ),
  );
}

/** 0 for contas of 1–2 digits, 1 for 3, 2 for 4–5. */
export function lengthClass(problems: readonly Problem[]): 0 | 1 | 2 {
  const longest = longestTerm(problems);
  return longest <= 2 ? 0 : longest === 3 ? 1 : 2;
}

/**
 * Every conta a page asks to work: its problems and, for a situação-problema in two steps (duas etapas), the first
 * conta too (the problem's own conta is the second). The quadriculado's width and the chave's room follow them all.
 */
export const pageContas = (page: Pick<GeneratedPage, 'problems' | 'words'>): Problem[] => [
  ...page.problems,
  ...(page.words ?? []).flatMap((word) => (word.steps ? [word.steps[0]] : [])),
];

/** The custom options of a page, or undefined for a page drawn by its level's preset. */
export const customOf = (page: GeneratedPage): CustomOptions | undefined => page.options.custom;

/** Whether the page's divisions ask for a resto (a line "resto ___", the caption of the chave). */
export function customAsksRemainder(custom: CustomOptions): boolean {
  return custom.div !== undefined && custom.div.remainders !== 'exata';
}

/**
 * The grid of a custom page. Conta armada: 4 columns (3 in grande), 2 for 10 and 3 for 15 (rules 3: the 5 rows of
 * 20, cells wider); when the contas need room (the chave, × by two digits) 2 in grande, and in
 * normal 3 for 6 or 9 (room for a 4-digit quotient), 4 for 8, 10 or 12. Arme e efetue: 2 columns of big
 * quadriculados, 3 at 9 or more in normal (2 at 10 when no conta needs the roomy cells). Facts in a line: 2 columns,
 * or 1 when the longest line does not fit in half the page at the smallest size of its print size (`factLayout`;
 * `boxed`: with its answers in boxes, rules 6);
 * the tabuada em ordem a column per tabuada when they fit. Situações-problema: `count` is the problems of one sheet
 * of paper (a page of more continues on another: `paperSheets` in sheet-html.ts).
 */
export function customGrid(
  custom: CustomOptions,
  problems: readonly Problem[],
  count: number,
  boxed: BoxedAnswers = false,
): { columns: number; rows: number } {
  let columns: number;
  switch (custom.format) {
    case 'armada':
      // Roomy contas in normal: 4 columns for 8, 10 or 12 (as the Difícil preset), else 3 (a 4-digit quotient).
      if (needsRoom(custom)) columns = custom.size === 'grande' ? 2 : count % 4 === 0 || count === 10 ? 4 : 3;
      else columns = custom.size === 'grande' ? 3 : count === 10 ? 2 : count === 15 ? 3 : 4;
      break;
    case 'arme':
      columns = custom.size === 'grande' || count <= 8 || (count === 10 && !needsRoom(custom)) ? 2 : 3;
      break;
    case 'linha':
    case 'lacuna':
      columns = factLayout(custom, problems, count, boxed).columns;
      break;
    case 'problemas':
      // Two columns in normal; one in grande (the Resposta needs the width at 16 pt).
      columns = custom.size === 'grande' ? 1 : 2;
      break;
  }
  return { columns, rows: Math.ceil(count / columns) };
}

/**
 * Where the last row of a grid starts, 1-based, when its cells are centred under the full rows (an even number of
 * empty places: 10 roomy contas in 4 columns end in 2 cells under the middle two); 1 otherwise.
 */
export function lastRowStart(columns: number, count: number): number {
  const empty = (columns - (count % columns)) % columns;
  return empty > 0 && empty % 2 === 0 ? 1 + empty / 2 : 1;
}

/** The A4 content width (210 mm less 11 mm margins) and the grid's gap. */
const CONTENT_MM = 188;
const GAP_MM = 2;
/** The height the grid gets at least (297 mm less the margins, the tallest header and the footer). */
const GRID_MM = 200;
/** Room for a fact line in a cell: its width less the number (5 mm and its 3 mm margin), the padding and 1 mm spare. */
const lineRoomMm = (columns: number) => (CONTENT_MM - GAP_MM * (columns - 1)) / columns - 10;
/** A fact line's height (the blank's 1.15 em and the line's) over its font size, with the row's air. */
const ROW_EM = 1.3;

/** DejaVu Sans's advances, in em: a digit, the thousands dot, a sign (+ − × ÷ =), and the letters of "resto". */
const ADVANCE_EM = { digit: 0.64, dot: 0.32, sign: 0.84, resto: 2.9 } as const;
/** The gap between the parts of a fact line (`.fx` gap) and the padding around a sign, in em. */
const GAP_EM = 0.3;
const SIGN_PAD_EM = 0.2;
const SIGN_EM = ADVANCE_EM.sign + SIGN_PAD_EM;
/** A blank's width per digit of room, in em (`.fill`). */
export const BLANK_EM = 0.7;
const ptToMm = (pt: number) => (pt * 25.4) / 72;

/** DejaVu Sans's advances of what a decimal or money number adds: the vírgula, R, $ and the space after R$. */
const TEXT_EM: Readonly<Record<string, number>> = {
  '.': ADVANCE_EM.dot,
  ',': 0.32,
  R: 0.7,
  $: 0.64,
  ' ': 0.32,
};

/** The width of a number as printed (1.234, 3,5, R$ 12,50), in em. */
const textEm = (text: string) =>
  [...text].reduce((sum, char) => sum + (TEXT_EM[char] ?? ADVANCE_EM.digit), 0);

/** The order in which a fact line reads its terms: the generator's (`lineOrder`: a tabuada fact tabuada first). */
export const readingOrder = lineOrder;

/**
 * The width of one term of a fact line: `em` of text at the facts' size (a number, or the blank of `lacuna`) or, since
 * rules 7, `mm` of the boxes of a lacuna's missing number (`boxMm` given). A slot of several lines is as wide as the
 * wider of its two widths.
 */
export interface SlotSize {
  em: number;
  mm: number;
}

/** A slot's width in mm at the facts' size `pt`. */
const slotMm = (slot: SlotSize, pt: number) => Math.max(slot.em * ptToMm(pt), slot.mm);

/**
 * Whether a fact's answer is printed in boxes (`boxMm` given: rules 6 and 7): a fact of natural numbers, or since
 * rules 9 a decimal one whose operation's casas `widths` has.
 */
const boxedFact = (boxMm: number | null, p: Problem, widths: BlankWidths): boxMm is number =>
  boxMm !== null && (p.decimal === undefined || widths.casas[p.op] !== undefined);

/** The size of one term of a fact line (`SlotSize`). */
const slotSize =
  (custom: CustomOptions, widths: BlankWidths, boxMm: number | null) =>
  (p: Problem, which: 'a' | 'b'): SlotSize => {
    if (custom.format !== 'lacuna' || (p.blank ?? 'a') !== which)
      return { em: textEm(numberText(p, which)), mm: 0 };
    const digits = answerWidth(widths, p.op);
    if (!boxedFact(boxMm, p, widths)) return { em: digits * BLANK_EM, mm: 0 };
    // Rules 9: a decimal term's vírgula between its boxes.
    const comma = termCasas(widths, p, which) > 0 ? DECIMAL_COMMA_COLUMNS : 0;
    return { em: 0, mm: (holeBoxes(widths, p, which) + comma) * boxMm };
  };

/**
 * The two slots before the = of a fact line: a number, or the blank (since rules 7 the boxes, `boxMm` given) of
 * `lacuna`. The first is as wide on every line (when the page has the room), so the signs stand in a column.
 */
export function factSlots(
  custom: CustomOptions,
  problems: readonly Problem[],
  boxed: BoxedAnswers = false,
): { first: SlotSize; second: SlotSize } {
  const slot = slotSize(custom, blankWidths(custom, problems, boxed), boxMmOf(custom, boxed));
  const widest = (i: 0 | 1): SlotSize => {
    const sizes = problems.map((p) => slot(p, readingOrder(p)[i]));
    return { em: Math.max(0, ...sizes.map((s) => s.em)), mm: Math.max(0, ...sizes.map((s) => s.mm)) };
  };
  return { first: widest(0), second: widest(1) };
}

/**
 * What follows the = of a fact line, in mm at the facts' size `pt`: the result (lacuna), or the answer's blank or
 * boxes (rules 6, `boxMm` given) and the resto's words and blank or boxes.
 */
function afterMm(
  custom: CustomOptions,
  widths: BlankWidths,
  p: Problem,
  boxMm: number | null,
  pt: number,
): number {
  const em = ptToMm(pt);
  if (custom.format === 'lacuna') return textEm(numberText(p, 'result')) * em;
  const resto = widths.remainder > 0 && p.op === 'div';
  const words = resto ? (2 * GAP_EM + ADVANCE_EM.resto) * em : 0;
  const digits = answerWidth(widths, p.op) + (resto ? widths.remainder : 0);
  if (!boxedFact(boxMm, p, widths)) return words + digits * BLANK_EM * em;
  // Rules 9: a decimal answer's vírgula between its boxes.
  return words + (digits + (widths.casas[p.op] === undefined ? 0 : DECIMAL_COMMA_COLUMNS)) * boxMm;
}

/**
 * Each fact line's width in mm at the facts' size `pt`, from the font's advances and the answer boxes, each `boxMm`
 * wide (rules 6 and 7; null: blanks, no boxes). With the signs in a column (`aligned`: the first slot as wide as the
 * page's widest) or each line at its own width.
 */
export function factLineWidths(
  custom: CustomOptions,
  problems: readonly Problem[],
  aligned: boolean,
  boxed: BoxedAnswers,
  pt: number,
): number[] {
  const widths = blankWidths(custom, problems, boxed);
  const boxMm = boxMmOf(custom, boxed);
  const slots = factSlots(custom, problems, boxed);
  const slot = slotSize(custom, widths, boxMm);
  // Two slots, two signs and what follows the =, with a gap between each of the five parts.
  const parts = (2 * SIGN_EM + 4 * GAP_EM) * ptToMm(pt);
  return problems.map((p) => {
    const [a, b] = readingOrder(p);
    const first = slotMm(aligned ? slots.first : slot(p, a), pt);
    const second = slotMm(alignsSecond(custom, aligned) ? slots.second : slot(p, b), pt);
    return first + second + parts + afterMm(custom, widths, p, boxMm, pt);
  });
}

/**
 * Whether a fact line's second term is right-aligned too, the = under each other: the tabuada em ordem in a line
 * (7 × 1 … 7 × 10), when its first terms are aligned. With the number missing, a blank as wide as the longest term
 * would leave a gap after the ×.
 */
const alignsSecond = (custom: CustomOptions, aligned: boolean) =>
  aligned && custom.format === 'linha' && orderedTables(custom) > 0;

export interface FactLayout {
  columns: number;
  pt: number;
  /** The first term right-aligned in a slot as wide on every line, so the signs stand in a column. */
  aligned: boolean;
  /** The lines read down each column (the tabuada em ordem: 7 × 1 … 7 × 10 under each other), else across a row. */
  byColumn: boolean;
}

/** Whether the page is the tabuada em ordem (N × 1 … N × 10 for each tabuada chosen, rules 3). */
export const orderedTables = (custom: CustomOptions): number =>
  custom.mult?.multiplicand === 'ordem' && custom.mult.multiplier.kind === 'tables'
    ? custom.mult.multiplier.tables.length
    : 0;

/**
 * The size and columns of a fact page: the print size's size for the page's longest term, or the largest below it
 * (down to its floor) at which the lines fit in two columns, the signs in a column if they fit so, else each line
 * at its width; else one column at the largest size whose lines fit the rows' height. The tabuada em ordem tries a
 * column per tabuada first (one tabuada: one column of ten, as it is recited), and reads down the columns.
 */
export function factLayout(
  custom: CustomOptions,
  problems: readonly Problem[],
  count: number,
  boxed: BoxedAnswers = false,
): FactLayout {
  const size = PRINT_SIZES[custom.size];
  // Rules 6 and 7 (`boxed`): the answers in boxes of the digit column's width, FACT_BOX_HEIGHT columns tall, a row's air.
  const boxRowMm = boxed ? FACT_BOX_HEIGHT * size.columnMm + 1 : 0;
  const sizes: number[] = [];
  for (let pt = size.factPt[lengthClass(problems)]; pt >= size.factFloorPt; pt -= 1) sizes.push(pt);
  const tables = orderedTables(custom);
  const byColumn = tables > 0;
  const fitting = (columns: number, aligned: boolean, candidates: number[]) => {
    // Fact rows have no gap between them (a dotted rule parts them).
    const rowMm = GRID_MM / Math.ceil(count / columns);
    return candidates.find(
      (pt) =>
        factLineWidths(custom, problems, aligned, boxed, pt).every((mm) => mm <= lineRoomMm(columns)) &&
        Math.max(ROW_EM * ptToMm(pt), boxRowMm) <= rowMm,
    );
  };
  const choices = byColumn ? [...new Set([tables, 2, 1])] : [2, 1];
  for (const columns of choices) {
    for (const aligned of [true, false]) {
      const pt = fitting(columns, aligned, sizes);
      if (pt !== undefined) return { columns, pt, aligned, byColumn };
    }
  }
  // Below the floor only when nothing else fits: grande's 30 facts of long lines (README, "Custom pages").
  const below = Array.from({ length: size.factFloorPt - BELOW_FLOOR_PT }, (_, i) => size.factFloorPt - 1 - i);
  return { columns: 2, pt: fitting(2, false, below) ?? BELOW_FLOOR_PT, aligned: false, byColumn };
}

/** The smallest a fact is ever printed. */
const BELOW_FLOOR_PT = 10;

/** Where a page of "Arme e efetue" prints its answers' boxes (rules 8): after the =, under the conta, or nowhere. */
export type ArmeBoxes = 'inline' | 'below' | null;

/** A cell of "Arme e efetue" less its quadriculado: the paddings, and the conta's margins around its line (1.2 em). */
const ARME_PADDING_MM = 2 * 1.6 + 0.4 + 2;
const ARME_LINE_EM = 1.2;

/**
 * The size of the conta of "Arme e efetue" over its quadriculado (its print size's, or less to fit the cell), and
 * with `boxed` (rules 8) where its answer's boxes go, as wide at every size (the digit column's): after the = where
 * every conta of the page and its boxes fit the cell at the print size's floor or above; else under the conta, at the
 * cell's right, where the cell still holds the conta's line, the boxes' row and a quadriculado tall enough for the
 * page's longest conta worked (`contaLines`); else none: the page's answers are typed in the correction, as a
 * decimal's are.
 */
export function armeStatementFit(
  custom: CustomOptions,
  problems: readonly Problem[],
  columns: number,
  boxed: BoxedAnswers = false,
): { pt: number; boxes: ArmeBoxes } {
  const size = PRINT_SIZES[custom.size];
  const widths = blankWidths(custom, problems, boxed);
  const boxMm = size.columnMm;
  const widthMm = (p: Problem, pt: number, withBoxes: boolean) =>
    (textEm(numberText(p, 'a')) + textEm(numberText(p, 'b')) + 2 * SIGN_EM + 3 * GAP_EM) * ptToMm(pt) +
    (withBoxes && boxedFact(boxMm, p, widths)
      ? GAP_EM * ptToMm(pt) + afterMm(custom, widths, p, boxMm, pt)
      : 0);
  // The cell less its paddings and the number's 7 mm.
  const room = (CONTENT_MM - GAP_MM * (columns - 1)) / columns - 11;
  const top = size.factPt[lengthClass(problems)];
  const sizes = Array.from({ length: top - size.factFloorPt + 1 }, (_, i) => top - i);
  const fits = (withBoxes: boolean) => (pt: number) =>
    problems.every((p) => widthMm(p, pt, withBoxes) <= room);
  const inline = boxed ? sizes.find(fits(true)) : undefined;
  if (inline !== undefined) return { pt: inline, boxes: 'inline' };
  const pt = sizes.find(fits(false)) ?? size.factFloorPt;
  // Under the conta: the cell holds its line, the boxes' row and the quadriculado's top square and longest conta.
  const rows = Math.ceil(problems.length / columns);
  const cellMm = (GRID_MM - GAP_MM * (rows - 1)) / rows;
  const lines = Math.max(...problems.map(contaLines));
  const neededMm =
    ARME_PADDING_MM +
    ARME_LINE_EM * ptToMm(pt) +
    (FACT_BOX_HEIGHT * size.columnMm + 1) +
    (1 + lines) * size.columnMm;
  return { pt, boxes: boxed && neededMm <= cellMm ? 'below' : null };
}

/**
 * The blanks of a fact page, in digits: the answer's by operation, the resto's; and since rules 9 the casas of an
 * operation whose decimal answers are in boxes (its `answer` then counts the whole part's boxes and the casas').
 */
export interface BlankWidths {
  answer: Readonly<Partial<Record<Operation, number>>>;
  remainder: number;
  casas: Readonly<Partial<Record<Operation, number>>>;
}

/** The digits of a decimal's whole part, held in units of its `casas` (12,50 in centavos: 2). */
const wholeDigits = (units: number, casas: number) => String(Math.floor(units / unitsPerOne(casas))).length;

/** The width of an answer box on a page whose answers are `boxed`: its print size's digit column; null, no boxes. */
const boxMmOf = (custom: CustomOptions, boxed: BoxedAnswers): number | null =>
  boxed ? PRINT_SIZES[custom.size].columnMm : null;

/** Whether a page's decimal answers are in boxes (rules 9): facts in a line or with a lacuna, and "Arme e efetue". */
const decimalsBoxed = (custom: CustomOptions, boxed: BoxedAnswers) =>
  boxed === 'decimals' &&
  (custom.format === 'linha' || custom.format === 'lacuna' || custom.format === 'arme');

/**
 * The casas of the boxes of a lacuna's missing term (rules 9): every casa of a decimal conta's for a decimal term,
 * none for the natural multiplier or divisor (`inUnits`) or a natural conta.
 */
const termCasas = (widths: BlankWidths, p: Problem, which: 'a' | 'b'): number =>
  inUnits(p.op, which) ? (widths.casas[p.op] ?? 0) : 0;

/** The boxes of a lacuna's missing term: the operation's boxes, less the casas a natural term has none of. */
const holeBoxes = (widths: BlankWidths, p: Problem, which: 'a' | 'b'): number =>
  answerWidth(widths, p.op) - (widths.casas[p.op] ?? 0) + termCasas(widths, p, which);

/**
 * The width of the blanks, in digits: the same on every line of an operation (the longest answer of the page's
 * contas of that operation, and for a missing number the longest of either term), so a blank's length gives no hint.
 */
export function blankWidths(
  custom: CustomOptions,
  problems: readonly Problem[],
  boxed: BoxedAnswers = false,
): BlankWidths {
  const answer: Partial<Record<Operation, number>> = {};
  const casas: Partial<Record<Operation, number>> = {};
  for (const p of problems) {
    if (p.decimal !== undefined && decimalsBoxed(custom, boxed)) {
      // Rules 9: a box per digit of the whole part (one spare, as a natural's), then one per casa of the result (of a
      // lacuna: of the longer term, its whole part).
      const wholeOf = (which: 'a' | 'b' | 'result') =>
        inUnits(p.op, which) ? wholeDigits(p[which], p.decimal!.casas) : String(p[which]).length;
      const whole = custom.format === 'lacuna' ? Math.max(wholeOf('a'), wholeOf('b')) : wholeOf('result');
      casas[p.op] = Math.max(casas[p.op] ?? 0, p.decimal.casas);
      answer[p.op] = Math.max(answer[p.op] ?? 0, whole + 1 + p.decimal.casas);
      continue;
    }
    const longest =
      custom.format === 'lacuna'
        ? Math.max(numberText(p, 'a').length, numberText(p, 'b').length)
        : // Rules 8: the boxes of "Arme e efetue" a digit each, no box for a thousands dot.
          custom.format === 'arme' && p.decimal === undefined
          ? String(p.result).length
          : numberText(p, 'result').length;
    answer[p.op] = Math.max(answer[p.op] ?? 3, longest + 1);
  }
  const remainder =
    (custom.format === 'linha' || custom.format === 'arme') && customAsksRemainder(custom)
      ? Math.max(
          1,
          ...problems
            .filter((p) => p.op === 'div')
            .map((p) => (custom.format === 'arme' ? String(p.remainder) : thousands(p.remainder)).length),
        ) + 1
      : 0;
  return { answer, remainder, casas };
}

const answerWidth = (widths: BlankWidths, op: Operation) => widths.answer[op] ?? 3;

const FACT_SIGNS: Readonly<Record<Operation, string>> = { add: '+', sub: '\u2212', mult: '×', div: '÷' };

function escapeText(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** A blank of `width` digits; in the gabarito, the answer written in it. */
function blank(width: number, answer?: string): string {
  const filled = answer === undefined ? '' : `<b class="result">${escapeText(answer)}</b>`;
  return `<span class="fill${answer === undefined ? '' : ' filled'}" style="--w:${width}">${filled}</span>`;
}

/**
 * A fact in a line: `7 × 8 = ___` (linha; ÷ with resto `= ___ resto ___`) or the missing number `___ + 6 = 9`
 * (lacuna, the blank where `problem.blank` says). With `answers`, the blank holds the answer, bold.
 */
export function factLine(
  custom: CustomOptions,
  problem: Problem,
  widths: BlankWidths,
  answers: boolean,
  boxed = false,
): string {
  const sign = FACT_SIGNS[problem.op];
  const text = (which: 'a' | 'b' | 'result' | 'remainder') => escapeText(numberText(problem, which));
  const term = (which: 'a' | 'b' | 'result') => `<span class="n">${text(which)}</span>`;
  const inBoxes = boxed && (problem.decimal === undefined || widths.casas[problem.op] !== undefined);
  if (custom.format === 'lacuna') {
    const missing = problem.blank ?? 'a';
    const width = answerWidth(widths, problem.op);
    const hole = inBoxes
      ? answerBoxes(
          'result',
          holeBoxes(widths, problem, missing),
          answers ? problem[missing] : undefined,
          termCasas(widths, problem, missing),
        )
      : blank(width, answers ? numberText(problem, missing) : undefined);
    const [first, second] = readingOrder(problem).map((which) => (which === missing ? hole : term(which)));
    return `<div class="fx">${first}<span class="op">${sign}</span>${second}<span class="op">=</span>${term('result')}</div>`;
  }
  const [first, second] = readingOrder(problem).map((which) => term(which));
  const head = `<div class="fx">${first}<span class="op">${sign}</span>${second}<span class="op">=</span>`;
  const withResto = widths.remainder > 0 && problem.op === 'div';
  if (inBoxes) return `${head}${resultBoxes(problem, widths, answers)}</div>`;
  const resto = withResto
    ? `<span class="resto">resto</span>${blank(widths.remainder, answers ? numberText(problem, 'remainder') : undefined)}`
    : '';
  return `${head}${blank(answerWidth(widths, problem.op), answers ? numberText(problem, 'result') : undefined)}${resto}</div>`;
}

/**
 * Rules 6 to 9: an answer in boxes of one digit each, written from the first (a decimal's whole part against its
 * vírgula, `casas` boxes after it); `value`, the gabarito's.
 */
const answerBoxes = (part: 'result' | 'resto', room: number, value?: number, casas = 0) =>
  `<span class="boxes">${digitBoxes(part, room, value, casas)}</span>`;

/** A fact's result in boxes (and its resto where the page asks for one), as wide on every line of its operation. */
function resultBoxes(problem: Problem, widths: BlankWidths, answers: boolean): string {
  const resto =
    widths.remainder > 0 && problem.op === 'div'
      ? `<span class="resto">resto</span>${answerBoxes('resto', widths.remainder, answers ? problem.remainder : undefined)}`
      : '';
  const casas = widths.casas[problem.op] ?? 0;
  return `${answerBoxes('result', answerWidth(widths, problem.op), answers ? problem.result : undefined, casas)}${resto}`;
}

/**
 * The conta of "Arme e efetue" as the learner reads it: `347 + 85 =`, `12,50 × 3 =` (no R$: it is armed in columns).
 * With `boxes` (rules 8, a conta of natural numbers; rules 9, a decimal one too), its answer in boxes after the =,
 * filled in the gabarito.
 */
export function armeStatement(problem: Problem, boxes?: { widths: BlankWidths; answers: boolean }): string {
  const answer =
    boxes && (problem.decimal === undefined || boxes.widths.casas[problem.op] !== undefined)
      ? `<span class="answer">${resultBoxes(problem, boxes.widths, boxes.answers)}</span>`
      : '';
  return `<div class="fx arme-statement"><span class="n">${escapeText(numberText(problem, 'a', { money: false }))}</span><span class="op">${
    FACT_SIGNS[problem.op]
  }</span><span class="n">${escapeText(numberText(problem, 'b', { money: false }))}</span><span class="op">=</span>${answer}</div>`;
}

/** "R$ 9,00" never broken between the sign and the number. */
const problemText = (text: string) => escapeText(text).replace(/R\$ /g, 'R$\u00a0');

/**
 * A situação-problema (format `problemas`): the statement and the question, then side by side a "Cálculo"
 * quadriculado (the squares of "Arme e efetue"; in the gabarito the conta that answers it, armed and worked there:
 * `worked`) and "Resposta:" on ruled lines (in the gabarito the answer sentence written on them). Every text escaped.
 */
export function problemaCell(
  size: PrintSize,
  word: Pick<WordProblem, 'statement' | 'question' | 'answerSentence' | 'conta' | 'answer' | 'leftover'>,
  op: Operation,
  index: number,
  worked: string | null,
  workMm: number,
  boxes: WordBoxes | null = null,
): string {
  const answer = worked === null ? '' : ` <b class="result">${problemText(word.answerSentence)}</b>`;
  return `<li class="cell prob ${op}"><span class="index">${index + 1}</span><div class="prob-text"><p class="statement">${problemText(
    word.statement,
  )}</p><p class="question">${problemText(word.question)}</p></div><div class="work-row" style="min-height:${workMm.toFixed(
    1,
  )}mm"><div class="calc"><div class="squares">${squaresBackground(
    size,
  )}<span class="calc-label">Cálculo</span>${worked ?? ''}</div></div><div class="resposta">${ruledBackground(
    size,
    worked === null ? RESPOSTA_LINE_EM : RESPOSTA_KEY_LINE_EM,
  )}<p class="resp-text"><span class="resp-label">Resposta:</span>${answer}</p></div></div>${wordBoxesHtml(
    word,
    boxes,
    worked !== null,
  )}</li>`;
}

/**
 * The boxes of the number a page's situações-problema ask (rules 7, reading-marks.ts), in a row of their own under the
 * quadriculado and the Resposta ("Só o número: □□□ resto □□"): as many for every problem, so that their count gives no
 * hint (the page's longest whole-number answer and one, at least 3), and the resto's (0: no question asks one) for the
 * problems whose question asks what is left. Since rules 9 a sum of money has boxes too, "R$ □□,□□": `reais`, the boxes
 * of its reais (the page's longest and one, at least 2; 0: none), then its two casas after a printed vírgula.
 */
export interface WordBoxes {
  answer: number;
  resto: number;
  reais: number;
}

/**
 * Whether a situação-problema's answer is a whole number, written in boxes: the result of a conta of natural
 * numbers, or a count the question asks (quantos são necessários, cédulas e moedas: `answer`). A sum of money keeps its
 * Resposta only before rules 9 (`wordMoney`).
 */
export const wordAnswerBoxed = (word: Pick<WordProblem, 'conta' | 'answer'>): boolean =>
  word.conta.decimal === undefined || word.answer !== word.conta.result;

/** Whether a situação-problema's answer is a sum of money (in centavos, the conta's result em reais). */
const wordMoney = (word: Pick<WordProblem, 'conta' | 'answer'>): boolean => !wordAnswerBoxed(word);

/** Whether a situação-problema's question asks what is left too (a division of natural numbers with a resto). */
const wordAsksResto = (word: Pick<WordProblem, 'conta' | 'leftover'>): boolean =>
  word.leftover !== null && word.conta.decimal === undefined;

/**
 * The boxes of a page of situações-problema (`WordBoxes`); null when no answer of the page is in boxes. Each box is a
 * square of the print size's caderno (a fact's are `FACT_BOX_HEIGHT` columns tall): the row is added under every
 * problem, on pages whose cells were full already. `money` (rules 9): the sums of money in boxes too.
 */
export function wordBoxes(
  words: readonly Pick<WordProblem, 'conta' | 'answer' | 'leftover'>[],
  money = false,
): WordBoxes | null {
  const boxed = words.filter(wordAnswerBoxed);
  const sums = money ? words.filter(wordMoney) : [];
  if (boxed.length === 0 && sums.length === 0) return null;
  const restos = words.filter(wordAsksResto);
  return {
    answer: Math.max(3, ...boxed.map((word) => String(word.answer).length + 1)),
    resto:
      restos.length === 0 ? 0 : Math.max(1, ...restos.map((word) => String(word.conta.remainder).length)) + 1,
    reais:
      sums.length === 0
        ? 0
        : Math.max(2, ...sums.map((word) => wholeDigits(word.answer, word.conta.decimal!.casas) + 1)),
  };
}

/** A situação-problema's row of boxes (none for a sum of money before rules 9); in the gabarito, filled. */
function wordBoxesHtml(
  word: Pick<WordProblem, 'conta' | 'answer' | 'leftover'>,
  boxes: WordBoxes | null,
  filled: boolean,
): string {
  if (boxes === null) return '';
  const row = (part: 'result' | 'resto', room: number, value: number, casas = 0) =>
    `<span class="boxes">${digitBoxes(part, room, filled ? value : undefined, casas)}</span>`;
  const label = '<span class="resp-number-label">Só o número:</span>';
  if (wordMoney(word))
    return boxes.reais === 0
      ? ''
      : `<div class="resp-number">${label}<span class="resp-reais">R$</span>${row(
          'result',
          boxes.reais + word.conta.decimal!.casas,
          word.answer,
          word.conta.decimal!.casas,
        )}</div>`;
  const resto = wordAsksResto(word)
    ? `<span class="resto">resto</span>${row('resto', boxes.resto, word.conta.remainder)}`
    : '';
  return `<div class="resp-number">${label}${row('result', boxes.answer, word.answer)}${resto}</div>`;
}

/** The height of a ruled line of the Resposta, in em of the problem's text. */
export const RESPOSTA_LINE_EM = 1.7;

/**
 * The gabarito's: its answer sentence is written smaller (0.85 em) on lines closer together, so the longest sentence
 * (a division's "quantos são necessários") fits beside the widest chave.
 */
export const RESPOSTA_KEY_LINE_EM = 1.35;

/** The tallest box a page has: A4's height less its margins. */
const TALLEST_BOX_MM = 275;

/** The Resposta's ruled lines, one text line apart, as many as the tallest box holds (vector lines; the svg clips those past its box). */
function ruledBackground(size: PrintSize, lineEm: number): string {
  const lineMm = lineEm * ptToMm(PRINT_SIZES[size].textPt);
  const px = (lineMm * 96) / 25.4;
  const lines = Array.from(
    { length: Math.ceil(TALLEST_BOX_MM / lineMm) },
    (_, k) => `M0 ${((k + 1) * px - 0.6).toFixed(2)}H2000`,
  ).join('');
  return `<svg class="ruled" aria-hidden="true"><path d="${lines}" stroke="#111" stroke-width="0.8" fill="none"/></svg>`;
}

const digits = (n: number) => String(n).length;

/**
 * The width of the "Cálculo" quadriculado of a page of situações-problema, in squares: the widest conta armed in
 * it (the sign's column and the digit columns; for ÷ the dividend and the divisor's box, as wide as the page's
 * longest quotient), the square of its left margin and one spare. At least 7. A problem in two steps (duas etapas)
 * has both contas worked in it: one above the other in normal, side by side in grande (`twoStepsSideBySide`), where
 * they take both widths and a square between them.
 */
export function calcSquares(page: Pick<GeneratedPage, 'problems' | 'words'>, size: PrintSize): number {
  const problems = pageContas(page);
  const divisions = problems.filter((p) => p.op === 'div');
  // A decimal's vírgula takes a square of the quadriculado (in the terms, and in the quotient).
  const comma = (p: Problem) => (p.decimal === undefined ? 0 : 1);
  const quotient = Math.max(2, ...divisions.map((p) => unitDigits(p, p.a) - digits(p.b) + 1 + comma(p)));
  const width = (p: Problem) => {
    const a = unitDigits(p, p.a) + comma(p);
    switch (p.op) {
      case 'add':
        return 1 + Math.max(a, unitDigits(p, p.b) + comma(p)) + 1;
      case 'sub':
        return 1 + Math.max(a, unitDigits(p, p.b) + comma(p));
      case 'mult':
        return 1 + a + digits(p.b);
      case 'div':
        return 1 + a + Math.max(quotient, digits(p.b));
    }
  };
  const pairs = twoStepsSideBySide(size)
    ? (page.words ?? []).flatMap((word) =>
        word.steps ? [width(word.steps[0]) + 1 + width(word.steps[1])] : [],
      )
    : [];
  // A decimal conta keeps no spare square: its vírgula took one, and the Resposta beside it needs the width.
  return Math.max(
    7,
    ...problems.map((p) => width(p) + (p.decimal === undefined ? 2 : 1)),
    ...pairs.map((pair) => pair + 2),
  );
}

/**
 * The lines a conta takes worked in the quadriculado, from its terms alone (never from its answer), as the gabarito
 * writes it at most: + and − their row of carries or borrows, the two terms and the result; × a row of carries per
 * digit of the multiplier, the terms, the partial products of a multiplier of two digits and their sum; ÷ the
 * dividend, then a product and a rest for each step the chave can take (one per digit of the dividend past the
 * divisor's, and one).
 */
export function contaLines(p: Problem): number {
  switch (p.op) {
    case 'add':
    case 'sub':
      return 4;
    case 'mult': {
      const multiplier = digits(p.b);
      return multiplier + 2 + (multiplier > 1 ? multiplier : 0) + 1;
    }
    case 'div':
      return 1 + 2 * Math.max(1, unitDigits(p, p.a) - digits(p.b) + 1);
  }
}

/**
 * The squares of height a situação-problema's quadriculado needs: its conta worked, or both contas of a problem in
 * two steps (one above the other a square apart, or side by side: `twoStepsSideBySide`).
 */
export function calcRows(word: Pick<WordProblem, 'conta' | 'steps'>, size: PrintSize): number {
  const lines = (word.steps ?? [word.conta]).map(contaLines);
  return twoStepsSideBySide(size)
    ? Math.max(...lines)
    : lines.reduce((sum, n) => sum + n, 0) + lines.length - 1;
}

/** DejaVu Sans Bold's advances, in thousandths of an em: a to z, A to Z (a letter with an accent as without). */
const BOLD_SMALL = [
  675, 716, 593, 716, 678, 435, 716, 712, 343, 343, 665, 343, 1042, 712, 687, 716, 716, 493, 595, 478, 712,
  652, 924, 645, 652, 582,
];
const BOLD_CAPITAL = [
  774, 762, 734, 830, 683, 683, 821, 837, 372, 372, 775, 637, 995, 837, 850, 733, 850, 770, 720, 682, 812,
  774, 1103, 771, 724, 725,
];
/** Its digits (and R$'s $), stops, colons, hyphen and space; anything else as wide as its widest small letter. */
const BOLD_OTHER: Readonly<Record<string, number>> = {
  '.': 380,
  ',': 380,
  ':': 400,
  ';': 400,
  '-': 415,
  $: 696,
  ' ': 348,
};
const BOLD_DIGIT = 696;
const BOLD_WIDEST = 1042;

/** A letter's advance in DejaVu Sans Bold, in em. */
function boldEm(char: string): number {
  const plain = char.normalize('NFD').charAt(0);
  const code = plain.charCodeAt(0);
  const thousandths =
    code >= 97 && code <= 122
      ? BOLD_SMALL[code - 97]
      : code >= 65 && code <= 90
        ? BOLD_CAPITAL[code - 65]
        : code >= 48 && code <= 57
          ? BOLD_DIGIT
          : BOLD_OTHER[plain];
  return (thousandths ?? BOLD_WIDEST) / 1000;
}

/** "Resposta:" (bold) and the space after it, in em of the problem's text. */
const RESPOSTA_LABEL_EM = 5.92;
/** The gabarito writes its sentence at 0.85 em (`.resp-text .result`). */
const ANSWER_SCALE = 0.85;
/** What a line of the Resposta keeps spare of its width in `respostaLines` (the browser rounds the advances). */
const RESPOSTA_SPARE_MM = 1;

/**
 * The lines the gabarito's "Resposta: …" takes on `roomMm`: the label, then the sentence's words one after another,
 * a word that passes the line's end starting the next (as the browser breaks it), each letter as wide as the font
 * makes it (`boldEm`).
 */
export function respostaLines(sentence: string, roomMm: number, textPt: number): number {
  const emMm = ANSWER_SCALE * ptToMm(textPt);
  const spaceMm = boldEm(' ') * emMm;
  let lines = 1;
  // The label ends in its space.
  let used = RESPOSTA_LABEL_EM * ptToMm(textPt);
  for (const word of sentence.split(' ')) {
    const width = [...word].reduce((sum, char) => sum + boldEm(char), 0) * emMm;
    if (used + width > roomMm - RESPOSTA_SPARE_MM && used > 0) {
      lines += 1;
      used = 0;
    }
    used += width + spaceMm;
  }
  return lines;
}

/** The width of a cell of situações-problema: half the page's in normal, the whole in grande, less its padding. */
const problemaCellMm = (size: PrintSize) =>
  (size === 'grande' ? CONTENT_MM : (CONTENT_MM - GAP_MM) / 2) - 3.2;

/**
 * The least height of each situação-problema's row of work (the quadriculado and the Resposta beside it), in mm: its
 * quadriculado's rows (`calcRows`, from its contas' terms), and the lines its answer sentence takes in the gabarito
 * beside a quadriculado of `squares` columns. The same on the student's sheet and the gabarito, so each cell stands
 * where the other's does; the grid's rows take them under their texts (`minmax(min-content, 1fr)`) and share what is
 * left of the page, so a row is no taller for its answer than a line of text.
 */
export function workRowsMm(
  words: readonly Pick<WordProblem, 'conta' | 'steps' | 'answerSentence'>[],
  size: PrintSize,
  squares: number,
): number[] {
  const { columnMm, textPt } = PRINT_SIZES[size];
  const respostaRoomMm = problemaCellMm(size) - (squares * columnMm + 0.5) - 2;
  const lineMm = RESPOSTA_KEY_LINE_EM * ptToMm(textPt);
  return words.map((word) =>
    Math.max(
      calcRows(word, size) * columnMm + 0.5,
      respostaLines(word.answerSentence, respostaRoomMm, textPt) * lineMm,
    ),
  );
}

/**
 * Where the two contas of a problem in two steps go in its quadriculado: one above the other in normal (two columns
 * of cells, narrow, four a page: room for both heights), side by side in grande (one cell a row, as wide as the
 * page, and too short for two contas of 7 mm squares one above the other).
 */
export const twoStepsSideBySide = (size: PrintSize): boolean => size === 'grande';

/** The teacher's own line, as plain text (escaped: no markup of theirs reaches Chromium). */
export function teacherLine(custom: CustomOptions | undefined, heading: string): string {
  // A title line that says what the heading says already (a preset's words) is not printed twice.
  return custom?.title && custom.title !== heading
    ? `<p class="teacher-line">${escapeText(custom.title)}</p>`
    : '';
}

/**
 * An empty quadriculado filling its box, under what is written in it: thin grey lines one square apart from its top
 * left corner, enough for the tallest box (and so for the widest: an A4 page's width), as a caderno's (vector lines
 * in the PDF; the svg clips those past its box).
 */
export function squaresBackground(size: PrintSize): string {
  const { columnMm } = PRINT_SIZES[size];
  const count = Math.ceil(TALLEST_BOX_MM / columnMm) + 1;
  const px = (columnMm * 96) / 25.4;
  const far = (px * count).toFixed(1);
  const at = (k: number) => (k * px + 0.4).toFixed(2);
  const lines = Array.from({ length: count }, (_, k) => `M0 ${at(k)}H${far}M${at(k)} 0V${far}`).join('');
  return `<svg class="sq" aria-hidden="true"><path d="${lines}" stroke="#9aa6ad" stroke-width="0.8" fill="none"/></svg>`;
}

/** Duas etapas: the two contas worked in the quadriculado a square apart, from its top left (`twoStepsSideBySide`). */
const twoStepsCss = (size: PrintSize) => `
  .squares .steps { display: flex; flex-direction: ${
    twoStepsSideBySide(size) ? 'row' : 'column'
  }; align-items: flex-start; gap: var(--sq); }`;

/** The style rules a custom page adds to the sheet's (after them, so they win). */
export function customStyles(
  custom: CustomOptions,
  page: Pick<GeneratedPage, 'problems' | 'words'>,
  boxed: BoxedAnswers = false,
): string {
  const problems = page.problems;
  const size = PRINT_SIZES[custom.size];
  const count = problems.length;
  const facts = factLayout(custom, problems, count, boxed);
  const factPt = facts.pt;
  const arme = armeStatementFit(custom, problems, customGrid(custom, problems, count, boxed).columns, boxed);
  const statementPt = arme.pt;
  const slots = factSlots(custom, problems, boxed);
  // A slot of text, or (rules 7) as wide as the wider of its text and its boxes.
  const slotCss = (slot: SlotSize) =>
    slot.mm > 0 ? `max(${slot.em.toFixed(2)}em, ${slot.mm.toFixed(2)}mm)` : `${slot.em.toFixed(2)}em`;
  const square = size.columnMm;
  return `
  .teacher-line { font-size: 12pt; font-weight: bold; overflow-wrap: anywhere; }
  .grid-linha, .grid-lacuna { row-gap: 0; }${
    facts.byColumn && (custom.format === 'linha' || custom.format === 'lacuna')
      ? `
  .grid-linha, .grid-lacuna { grid-auto-flow: column; }`
      : ''
  }
  .grid .cell.fx-cell {
    border: none; border-radius: 0; flex-direction: row; align-items: center; padding: 0 0 0 1mm;
    font-size: ${factPt}pt; border-bottom: 0.4pt dotted #bbb;
  }
  .cell.fx-cell .index { position: static; flex: none; margin-right: 3mm; }
  .fx { display: flex; align-items: baseline; gap: ${GAP_EM}em; white-space: nowrap; }
  ${
    facts.aligned
      ? `.fx-cell .fx > :nth-child(1) { min-width: ${slotCss(slots.first)}; text-align: right; }
  .fx-cell .fx > .fill { text-align: center; }`
      : ''
  }${
    alignsSecond(custom, facts.aligned)
      ? `
  .fx-cell .fx > :nth-child(3) { min-width: ${slotCss(slots.second)}; text-align: right; }`
      : ''
  }
  .fx .op { padding: 0 ${SIGN_PAD_EM / 2}em; }
  .fx .resto { margin-left: 0.4em; }
  .fill {
    display: inline-block; width: calc(var(--w) * ${BLANK_EM}em); border-bottom: 1pt solid #111; text-align: center;
    height: 1.15em; line-height: 1.15em;
  }${
    boxed
      ? `
  .fx .boxes { display: inline-flex; align-self: center; justify-content: flex-end; }
  .resp-number { display: flex; align-items: center; gap: 1mm; font-size: 0.9em; margin: -1.2mm 0 -0.6mm; }
  .resp-number .boxes { display: inline-flex; }
  .resp-number .resto { margin-left: 1mm; }
  .fx .boxes .d.ab, .resp-number .boxes .d.ab {
    width: ${size.columnMm}mm; height: ${FACT_BOX_HEIGHT * size.columnMm}mm;
    line-height: ${FACT_BOX_HEIGHT * size.columnMm}mm; text-align: center; font-weight: bold;
    font-size: ${((0.7 * size.columnMm) / ADVANCE_EM.digit).toFixed(2)}mm;
  }
  .resp-number .boxes .d.ab { height: ${size.columnMm}mm; line-height: ${size.columnMm}mm; }`
      : ''
  }
  .cell.arme, .cell.arme.div { padding: 1.6mm; align-items: stretch; }
  .cell.arme .arme-statement { align-self: flex-start; margin: 0.4mm 0 2mm 7mm; font-size: ${statementPt}pt; }${
    arme.boxes === null
      ? ''
      : `
  /* Rules 8: the answer's boxes after the =; where a line cannot hold them, under every conta, at the right. */
  .arme-statement .answer { display: inline-flex; align-items: center; align-self: center; gap: ${GAP_EM}em; }${
    arme.boxes === 'below'
      ? `
  .cell.arme .arme-statement { flex-wrap: wrap; row-gap: 1mm; align-self: stretch; }
  .arme-statement .answer { flex-basis: 100%; justify-content: flex-end; }`
      : ''
  }`
  }
  .cell.arme .index { top: 1.6mm; }
  .squares {
    --sq: ${square}mm; flex: 1; min-height: 0; position: relative; padding: var(--sq) 0 0 var(--sq);
    font-size: ${size.squareDigitPt}pt;
    display: flex; align-items: flex-start; justify-content: flex-start;
  }
  .squares > * { position: relative; }
  .cell.arme .caption { background: #fff; padding: 0 0.8mm; }
  .squares > svg.sq { position: absolute; left: 0; top: 0; width: 100%; height: 100%; }
  /* In the quadriculado a written line is one square high and each digit one square wide, as in the caderno. */
  .squares .line { line-height: var(--sq); height: var(--sq); }
  .squares .line .d, .squares .line .s, .squares .line.small .d, .squares .line.small .s,
  .squares .by .d, .squares .quotient .d { width: var(--sq); }
  .squares .line.small, .squares .line.small.carry { font-size: 0.7em; line-height: var(--sq); height: var(--sq); }
  .squares .line.ruled { border-bottom: none; box-shadow: inset 0 -1.6pt #111; }
  .squares .line.step .under { border-bottom: none; box-shadow: inset 0 -1.2pt #111; }
  .squares .chave .line .s { width: var(--sq); }
  .squares .chave .dividend { padding-right: 0; }
  .squares .chave .by { min-width: calc(var(--q-room) * var(--sq)); padding: 0; line-height: var(--sq); }
  .squares .chave .quotient { padding-left: 0; line-height: var(--sq); min-height: var(--sq); }
  .cell.prob, .cell.prob.div { padding: 1.6mm; align-items: stretch; gap: 1.2mm; font-size: ${size.textPt}pt; }
  .cell.prob .index { top: 1.6mm; }
  .prob-text { margin-left: 7mm; line-height: 1.3; }
  .prob-text .question { font-weight: bold; }
  .work-row { flex: 1; display: flex; gap: 2mm; }
  /* Each row as high as its text and its work need (workRowsMm), the rest of the page shared among the rows. */
  .grid-problemas { grid-template-rows: repeat(var(--rows), minmax(min-content, 1fr)); }
  .calc { flex: 0 0 ${(calcSquares(page, custom.size) * square + 0.5).toFixed(1)}mm; display: flex; }
  .cell.prob .squares { font-size: ${size.squareDigitPt}pt; outline: 0.6pt solid #9aa6ad; padding-top: 0; }
  /* "Cálculo" up the quadriculado's first column (its left margin, where no conta is written), read from below. */
  .calc-label {
    position: absolute; left: 0; top: 0; width: var(--sq); padding: 0.8mm 0; writing-mode: vertical-rl;
    transform: rotate(180deg); text-align: right; font-size: ${custom.size === 'grande' ? 10 : 7.5}pt; line-height: 1;
    color: #333;
  }
  .resposta { flex: 1; min-width: 0; position: relative; overflow: hidden; }
  .resposta > svg.ruled { position: absolute; left: 0; top: 0; width: 100%; height: 100%; }
  .resp-text { position: relative; line-height: ${RESPOSTA_LINE_EM}em; overflow-wrap: anywhere; }
  .resp-label { font-weight: bold; }
  /*
   * The gabarito's answer sentence a little smaller than the text, on the same lines: its own line-height no taller
   * than its font, so each line box is the paragraph's (a smaller font with the paragraph's line-height sits lower
   * on the baseline and makes every line a little taller: a long answer would drift off its ruled lines).
   */
  .resp-text .result { font-size: 0.85em; line-height: 1; }
  .sheet.answer-key .resp-text { line-height: ${RESPOSTA_KEY_LINE_EM}em; }${
    page.words?.some((word) => word.steps) ? twoStepsCss(custom.size) : ''
  }
  `;
}
