import {
  asksForRemainder,
  divisionsAsFacts,
  exercisePages,
  roomNeeded,
  sheetName,
  sheetTitle,
  versionOf,
  workProblem,
  type DivisionStep,
  type GeneratedPage,
  type Level,
  type Operation,
  type Problem,
  type CustomOptions,
  type PageOptions,
  type RulesVersion,
  type WordProblem,
  type WorkedProblem,
} from '@app/generator';
import type { SetVersion } from '@app/contracts';
import { qrSvg } from './qr.js';
import {
  columnNumber,
  commaColumn,
  completedColumns,
  numberText,
  unitDigits,
  type Comma,
} from './conta-columns.js';
import {
  armeStatement,
  armeStatementFit,
  type ArmeBoxes,
  blankWidths,
  calcSquares,
  type BlankWidths,
  CUSTOM_BADGE,
  customAsksRemainder,
  customGrid,
  customStyles,
  factLine,
  lastRowStart,
  lengthClass,
  pageContas,
  PRINT_SIZES,
  problemaCell,
  squaresBackground,
  teacherLine,
  wordBoxes,
  workRowsMm,
  type WordBoxes,
} from './sheet-formats.js';
import { SHEET_FONT_CSS, SHEET_FONTS } from './sheet-fonts.js';
import {
  boxAttributes,
  cornerMarks,
  digitBoxes,
  answersBoxed,
  readable,
  readingCss,
} from './reading-marks.js';

export interface SheetMeta {
  /** The page code, printed under the QR code and in the footer so a printed sheet can be traced to its page. */
  code: string;
  /** The public page with this sheet's answers (the QR code opens it). */
  answersUrl: string;
  /**
   * The sheet's correction page: since rules 5 the QR code of a sheet without gabarito opens it (for the teacher; the
   * photo reader reads the page's code from it).
   */
  correctionUrl: string;
  /** An extra header line with "Escola" and "Professor(a)". */
  schoolFields?: boolean;
  /** A version of a class set: 'Versão 7 de 30' printed beside the code on the sheet and the gabarito. */
  version?: SetVersion;
  /** A version of a set made for a turma: the child's name and the turma's, printed on the "Nome:" and "Turma:" lines. */
  names?: SheetNames;
}

/** What a child's sheet prints on its "Nome:" and "Turma:" lines (classroom's answer to `classroom.v1.sheetNames`). */
export interface SheetNames {
  student: string;
  turma: string;
}

/** A header line's blank, or what fills it (a name, underlined as the blank would be). */
const filled = (text: string | undefined) =>
  text === undefined ? '<span class="blank"></span>' : `<span class="filled">${escapeHtml(text)}</span>`;

/**
 * What a PDF's title calls its page (a viewer's window, a print queue): since rules 4 its name as the site lists it
 * (sheetName: the teacher's title, else what it practises); before, the title printed on the sheet.
 */
export const documentName = (options: PageOptions, rules: RulesVersion): string =>
  rules >= 4 ? sheetName(options) : sheetTitle(options);

/** A version's label, as its sheet, its gabarito and the set's answer table print it: 'Versão 7 de 30'. */
export const versionLabel = ({ n, of }: SetVersion) => versionOf(n, of);

/** The problems one A4 page of a sheet holds: from `from` (0-based) up to `to` (excluded). */
export interface PaperSheet {
  from: number;
  to: number;
}

/**
 * How a page's problems are split over sheets of paper: one part, or for situações-problema past one page's room
 * (rules 3: `exercisePages` of the options) one part per sheet of paper, each in the same grid so that every cell is
 * as large: as few rows as hold the problems spread evenly, the first pages' rows full (7 in two columns: 4 and 3,
 * two rows of cells as large as 4 make; 10: 6 and 4, three rows). A page drawn with rules 1 or 2 is always one part,
 * as it was printed.
 */
export function paperSheets(page: GeneratedPage): PaperSheet[] {
  const count = page.problems.length;
  const custom = page.options.custom;
  if (!custom || page.rules < 3) return [{ from: 0, to: count }];
  const { columns } = customGrid(custom, page.problems, count, answersBoxed(page));
  const size = Math.ceil(Math.ceil(count / exercisePages(custom)) / columns) * columns;
  const parts: PaperSheet[] = [];
  for (let from = 0; from < count; from += size) parts.push({ from, to: Math.min(count, from + size) });
  return parts;
}

/** The A4 pages each part of a sheet's PDF takes: the student's sheet, and its gabarito when it is printed. */
export interface SheetPages {
  exercises: number;
  answerKey: number;
}

/**
 * Every page of a sheet is one fixed A4 box (`.sheet`: its height, `overflow: hidden` and a page break after it), so
 * the student's sheet takes as many pages as `paperSheets` has parts (1, or more for many situações-problema)
 * and the gabarito as many again, after them. A class set's file is assembled from these pages (assemble-set.ts),
 * which checks the count of every version's PDF against them; the versions of a set share their options, hence
 * their counts.
 */
export function sheetPages(page: GeneratedPage): SheetPages {
  const sheets = paperSheets(page).length;
  return { exercises: sheets, answerKey: sheets };
}

/**
 * Every sheet is a fixed A4 box with its own padding and `@page { margin: 0 }`: the screen layout is then the
 * print layout, so a screenshot of the first box is an exact thumbnail of page 1.
 */
export const SHEET_MM = { width: 210, height: 297, margin: 11 } as const;

/** The width of a digit column: a square of the caderno quadriculado children copy contas into. */
export const COLUMN_MM = 5;

/** The side of a carry box. */
export const CARRY_BOX_MM = 4;

/** Digits get smaller as numbers get longer; the youngest learners (early readers) get the biggest. */
export const DIGIT_SIZE_PT: Readonly<Record<Level, number>> = { 0: 24, 1: 18, 2: 15 };

/** Badge colours of the levels: green, orange, red — dark enough for white text (≥ 4.5:1). */
export const LEVEL_COLOURS: Readonly<Record<Level, string>> = { 0: '#2e7d32', 1: '#b34700', 2: '#c62828' };

/** U+2212 is the minus sign; the hyphen-minus is too short next to the digits. */
const SIGNS: Readonly<Record<Operation, string>> = { add: '+', sub: '\u2212', mult: '×', div: '÷' };
const MINUS = SIGNS.sub;

/** Room the quotient gets under the divisor, in digits; from the level, never from the answer. */
const QUOTIENT_ROOM: Readonly<Record<Level, number>> = { 0: 2, 1: 3, 2: 3 };

/**
 * Written lines left under the rule for the learner's work, from the level (never from the answer): the result for
 * + and −; the partial products, their rule and the sum for a two-digit multiplier; for ÷ a product and a rest
 * for each step of the longest chave of the level (2 steps at Fácil, 3 at Médio and Difícil).
 */
export function workLines(op: Operation, level: Level): number {
  switch (op) {
    case 'add':
    case 'sub':
      return 1;
    case 'mult':
      return level === 2 ? 6 : 1;
    case 'div':
      return level === 0 ? 4 : 6;
  }
}

const digitCount = (value: number): number => String(value).length;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/**
 * What the cells of a page follow: a preset page its level (as before custom options), a custom page its options. Every
 * size comes from the level or the options and the page as a whole, never from one problem's answer (a
 * situação-problema's least row of work comes from its contas' terms and the lines of its Resposta, which a number
 * of more digits lengthens by a line at most, under a row that shares the page's room with the others).
 */
interface SheetLayout {
  level: Level;
  custom?: CustomOptions;
  carryBoxes: (problem: Problem) => number[];
  workLines: (op: Operation) => number;
  quotientRoom: (problem: Problem) => number;
  /** Divisions as one-line facts (Fácil since rules 2), not in the chave. */
  asFacts: boolean;
  asksForRemainder: boolean;
  /** A custom fact page's blanks, in digits (the same on every line). */
  blankWidths?: BlankWidths;
  /** Format `problemas`: the situações-problema, in the order of the page's problems. */
  words?: readonly WordProblem[];
  /** Format `problemas`: the least height of each problem's row of work (`workRowsMm`), in mm. */
  workRowMm?: readonly number[];
  /** Answers in boxes of one digit each, to be read from a photo (rules 5: reading-marks.ts). */
  readable: boolean;
  /**
   * The answers outside the contas armadas in boxes too (rules 6 to 8, formats `linha`, `lacuna` and `arme`:
   * reading-marks.ts).
   */
  factBoxes?: boolean;
  /** Format `problemas`, since rules 7: the boxes of the number each problem asks (`wordBoxes`). */
  wordBoxes?: WordBoxes | null;
}

function presetLayout(page: GeneratedPage): SheetLayout {
  const level = page.options.level;
  return {
    level,
    carryBoxes: (problem) => carryBoxColumns(problem, level),
    workLines: (op) => workLines(op, level),
    quotientRoom: (problem) => quotientRoom(problem, level),
    asFacts: divisionsAsFacts(level, page.rules),
    asksForRemainder: asksForRemainder(level),
    readable: readable(page),
  };
}

/**
 * A custom page: carry boxes where its regrouping can carry, work lines for the longest chave of the page (a product
 * and a rest per step), the quotient's room for the page's longest quotient, divisions always in the chave.
 */
function customLayout(page: GeneratedPage, custom: CustomOptions): SheetLayout {
  const divisions = pageContas(page).filter((p) => p.op === 'div');
  const steps = Math.max(1, ...divisions.map((p) => unitDigits(p, p.a) - digitCount(p.b) + 1));
  const quotient = Math.max(2, ...divisions.map((p) => unitDigits(p, p.a) - digitCount(p.b) + 1));
  return {
    level: page.options.level,
    custom,
    carryBoxes: (problem) => carryBoxColumns(problem, page.options.level, custom),
    workLines: (op) => {
      switch (op) {
        case 'add':
        case 'sub':
          return 1;
        case 'mult':
          return custom.mult?.multiplier.kind === 'twoDigits' ? 6 : 1;
        case 'div':
          return 2 * steps;
      }
    },
    quotientRoom: (problem) => Math.max(quotient, digitCount(problem.b)),
    asFacts: false,
    asksForRemainder: customAsksRemainder(custom),
    readable: readable(page) && custom.format === 'armada',
    factBoxes: answersBoxed(page) && (custom.format !== 'arme' || armeBoxes(page, custom) !== null),
    blankWidths: blankWidths(custom, page.problems, answersBoxed(page)),
    ...(page.words ? wordsLayout(page, page.words, custom) : {}),
  };
}

/** Where a page of "Arme e efetue" prints its answers' boxes (rules 8; null: none, or a page printed before). */
function armeBoxes(page: GeneratedPage, custom: CustomOptions): ArmeBoxes {
  const boxed = answersBoxed(page);
  const { columns } = customGrid(custom, page.problems, page.problems.length, boxed);
  return armeStatementFit(custom, page.problems, columns, boxed).boxes;
}

/** A page of situações-problema: its problems, each one's least row of work, the boxes of their numbers (rules 7). */
function wordsLayout(
  page: GeneratedPage,
  words: readonly WordProblem[],
  custom: CustomOptions,
): Pick<SheetLayout, 'words' | 'workRowMm' | 'wordBoxes'> {
  const boxed = answersBoxed(page);
  return {
    words,
    workRowMm: workRowsMm(words, custom.size, calcSquares(page, custom.size)),
    wordBoxes: boxed ? wordBoxes(words, boxed === 'decimals') : null,
  };
}

const layoutOf = (page: GeneratedPage): SheetLayout =>
  page.options.custom ? customLayout(page, page.options.custom) : presetLayout(page);

/**
 * Columns wide enough for the longest line a learner writes in that problem (a carry into a new column, the
 * partial products of ×), so the width gives no hint about the answer; the sign has a column of its own
 * (− 1239, not −1239, which reads as a negative number).
 */
function columnRoom(problem: Problem): number {
  const { op, a, b } = problem;
  const digits = (value: number) => unitDigits(problem, value);
  switch (op) {
    case 'add':
      return Math.max(digits(a), digits(b)) + 1;
    case 'sub':
      return Math.max(digits(a), digits(b));
    case 'mult':
      return digits(a) + digitCount(b);
    case 'div':
      return digits(a);
  }
}

/** One line of a written algorithm: `room` digit columns, `text` right-aligned ending `shift` columns from the right. */
function line(
  room: number,
  text: string,
  opts: {
    sign?: string;
    /** Write the sign right before the number (a product in the chave) rather than in the sign column. */
    signBeside?: boolean;
    shift?: number;
    cls?: string;
    cellClass?: (column: number) => string;
    /** Markup added inside a column's cell after its digit (the strike of a crossed digit). */
    cellMark?: (column: number) => string;
    /** Attributes of a column's cell (an answer box's part and column). */
    cellAttributes?: (column: number) => string;
    /** A decimal conta's vírgula column (conta-columns.ts); the columns above stay digit columns. */
    comma?: Comma | undefined;
  } = {},
): string {
  const shift = opts.shift ?? 0;
  const chars = [...text];
  const beside = opts.signBeside && opts.sign && shift + chars.length < room;
  const cells: string[] = [];
  for (let i = 0; i < room; i++) {
    // Column counted from the right (0 = units, or the last casa of a decimal conta).
    const column = room - 1 - i;
    if (opts.comma !== undefined && column === opts.comma.at - 1 && i > 0)
      cells.push(commaCell(opts.comma.point));
    const index = chars.length - 1 - (column - shift);
    const char =
      column >= shift && index >= 0
        ? (chars[index] ?? '')
        : beside && column === shift + chars.length
          ? opts.sign!
          : '';
    const extra = opts.cellClass?.(column) ?? '';
    const mark = char ? (opts.cellMark?.(column) ?? '') : '';
    const attributes = opts.cellAttributes?.(column) ?? '';
    cells.push(`<span class="d${extra ? ` ${extra}` : ''}"${attributes}>${char}${mark}</span>`);
  }
  const sign = beside ? '' : (opts.sign ?? '');
  return `<div class="line${opts.cls ? ` ${opts.cls}` : ''}"><span class="s">${sign}</span>${cells.join('')}</div>`;
}

/** A row of small digits above the columns (carries, or the minuend's digits rewritten by a borrow). */
function smallRow(
  room: number,
  digits: ReadonlyArray<number | null>,
  cls: 'carry' | 'borrow',
  comma?: Comma,
): string {
  const cells: string[] = [];
  for (let i = 0; i < room; i++) {
    const column = room - 1 - i;
    if (comma !== undefined && column === comma.at - 1 && i > 0) cells.push(commaCell(false));
    const digit = digits[column];
    // A carry of 0 is no carry; a digit rewritten to 0 by a borrow is written.
    const shown =
      digit === null || digit === undefined || (cls === 'carry' && digit === 0) ? '' : String(digit);
    // A borrow's rewrite (13, 9) in a box of its own, smaller than a carry: it stays inside its column, with a gap
    // to the next column's rewrite however many digits each has (the layout test measures it).
    cells.push(
      `<span class="d">${cls === 'borrow' && shown ? `<span class="rw">${shown}</span>` : shown}</span>`,
    );
  }
  return `<div class="line small ${cls}"><span class="s"></span>${cells.join('')}</div>`;
}

/** The narrow column of a decimal conta's vírgula, with its vírgula or empty. */
const commaCell = (point: boolean) => `<span class="d v">${point ? ',' : ''}</span>`;

/**
 * A number of a conta on its line (conta-columns.ts): a decimal's digits beside its vírgula's column, a term of
 * fewer casas one column to the left; `complete` (the gabarito) writes the zeros the learner completes, lighter.
 */
function numberLine(
  problem: Problem,
  which: 'a' | 'b' | 'result',
  room: number,
  opts: Parameters<typeof line>[2] & { complete?: boolean } = {},
): string {
  const { digits, shift, comma } = columnNumber(problem, which, opts.complete);
  const zeros = opts.complete ? completedColumns(problem, which) : 0;
  const cellClass = (column: number) =>
    [opts.cellClass?.(column) ?? '', column < zeros ? 'zero' : ''].filter(Boolean).join(' ');
  return line(room, digits, { ...opts, shift: (opts.shift ?? 0) + shift, comma, cellClass });
}

/**
 * The columns that get a carry box (counted from the units): those a "vai um" of this level's (or custom options')
 * contas can reach and where the learner writes it. + carries into columns 1 … (longest term − 1); the carry out of the last column goes
 * straight into the result (as the gabarito writes it). × carries into 1 … (digits of the multiplicand − 1); its
 * last carry is written in the partial. Fácil + never carries and Fácil × (2–10 × 2–5) never carries into a box
 * (a one-digit multiplicand, or 10 whose units give 0): no boxes there. − gets the row's height, no boxes.
 */
export function carryBoxColumns(
  problem: Pick<Problem, 'op' | 'a' | 'b' | 'decimal'>,
  level: Level,
  custom?: Pick<CustomOptions, 'add' | 'mult'>,
): number[] {
  const { op, a, b } = problem;
  if (custom) {
    // A custom page: + sem reserva never carries; × of the facts (2–10 × a tabuada) never carries into a box.
    if (op === 'add' && custom.add?.regrouping === 'sem') return [];
    if (op === 'mult' && custom.mult?.multiplicand === 'fatos') return [];
  } else if (level === 0) return [];
  if (op === 'sub' || op === 'div') return [];
  const digits = (value: number) => unitDigits(problem, value);
  const last = op === 'add' ? Math.max(digits(a), digits(b)) - 1 : digits(a) - 1;
  return Array.from({ length: last }, (_, i) => i + 1);
}

/** The row above the top number where the learner writes carries (+, ×) or borrowed digits (−). */
function carryRow(problem: Problem, room: number, layout: SheetLayout): string {
  const boxes = layout.carryBoxes(problem);
  const comma = commaColumn(problem);
  const cells: string[] = [];
  for (let i = 0; i < room; i++) {
    const column = room - 1 - i;
    if (comma !== undefined && column === comma.at - 1 && i > 0) cells.push(commaCell(false));
    cells.push(`<span class="d">${boxes.includes(column) ? '<i class="box"></i>' : ''}</span>`);
  }
  return `<div class="line small carry"><span class="s"></span>${cells.join('')}</div>`;
}

function verticalProblem(problem: Problem, layout: SheetLayout): string {
  const room = columnRoom(problem);
  const lines = layout.workLines(problem.op);
  const head = `${carryRow(problem, room, layout)}
      ${numberLine(problem, 'a', room)}
      ${numberLine(problem, 'b', room, { sign: SIGNS[problem.op], cls: 'ruled' })}`;
  if (!layout.readable)
    return `<div class="alg" style="--lines:${lines}">
      ${head}
      <div class="work"></div>
    </div>`;
  // To be read: the partial products' lines as the gabarito writes them (blank), then the result in boxes.
  const partials = partialLines(problem, room, workProblem(problem));
  const used = (partials.length > 0 ? partials.length : 0) + 1;
  return `<div class="alg" style="--lines:${Math.max(0, lines - used)}">
      ${head}${partials.map((partial) => partial.blank).join('')}
      ${resultBoxes(problem, room)}
      <div class="work"></div>
    </div>`;
}

/**
 * The lines of a product's partials (none for a product of one partial), the last with its + and its rule: `text`
 * as the gabarito writes them, `blank` as the sheet to be read prints them for the learner to fill.
 */
function partialLines(problem: Problem, room: number, worked: WorkedProblem) {
  if (worked.op !== 'mult' || worked.partials.length === 1) return [];
  const comma = commaColumn(problem);
  return worked.partials.map((partial, j) => {
    const last = j === worked.partials.length - 1;
    const opts = { shift: j, sign: last ? '+' : '', cls: last ? 'ruled' : '', comma };
    return { text: line(room, String(partial), opts), blank: line(room, '', opts) };
  });
}

/** The row of a conta armada's result, a box per digit column (rules 5); `filled`: with the result (the gabarito). */
function resultBoxes(problem: Problem, room: number, filled = false): string {
  const boxed = {
    cls: filled ? 'result answer' : 'answer',
    cellClass: () => 'ab',
    cellAttributes: (column: number) => boxAttributes('result', column),
  };
  return filled
    ? numberLine(problem, 'result', room, boxed)
    : line(room, '', { ...boxed, comma: commaColumn(problem) });
}

/** A chave's resto, when the page asks for it, in boxes under the quotient: as many as the divisor's digits. */
function restoBoxes(problem: Problem, layout: SheetLayout, value?: number): string {
  if (!layout.asksForRemainder) return '';
  return `<div class="rest"><span class="rest-label">resto</span><span class="boxes">${digitBoxes('resto', digitCount(problem.b), value)}</span></div>`;
}

/** Whether a division's answer is printed in boxes: on a sheet to be read, a division of natural numbers. */
const boxedDivision = (problem: Problem, layout: SheetLayout) =>
  layout.readable && problem.decimal === undefined;

/** A number written in digit columns of the caderno's width (the divisor, the quotient). */
const columnDigits = (text: string) => [...text].map((char) => `<span class="d">${char}</span>`).join('');

/** Width of the divisor's box, in digits: the level's quotient room, or the divisor if longer. */
const quotientRoom = (problem: Problem, level: Level) =>
  Math.max(QUOTIENT_ROOM[level], digitCount(problem.b));

/** The quotient's digits in the chave, its vírgula a narrow column of its own (4,20). */
const quotientDigits = (problem: Problem) =>
  problem.decimal === undefined
    ? columnDigits(String(problem.result))
    : [...numberText({ ...problem, decimal: { ...problem.decimal, reais: undefined } }, 'result')]
        .map((char) => (char === ',' ? commaCell(true) : `<span class="d">${char}</span>`))
        .join('');

/** The Brazilian "método da chave": dividendo on the left, divisor inside an L (left and bottom borders). */
function chaveProblem(problem: Problem, layout: SheetLayout): string {
  const room = layout.quotientRoom(problem);
  const quotient = boxedDivision(problem, layout)
    ? `<div class="quotient boxes">${digitBoxes('quotient', room)}</div>${restoBoxes(problem, layout)}`
    : '<div class="quotient"></div>';
  return `<div class="chave" style="--lines:${layout.workLines('div')};--q-room:${room}">
      <div class="dividend">${numberLine(problem, 'a', unitDigits(problem, problem.a))}<div class="work"></div></div>
      <div class="divisor"><div class="by">${columnDigits(String(problem.b))}</div>${quotient}</div>
    </div>`;
}

/**
 * A Fácil division (metade, terça parte) as a fact on one line, 18 ÷ 2 = ___: no chave with empty steps (00, −0)
 * for a learner who divides by halving (README of the generator, "Fácil ÷").
 */
function factProblem(problem: Problem, layout: SheetLayout, answer?: number): string {
  const blank = layout.readable
    ? `<span class="boxes${answer === undefined ? '' : ' result'}">${digitBoxes('result', layout.quotientRoom(problem), answer)}</span>`
    : answer === undefined
      ? '<span class="answer-blank"></span>'
      : `<b class="result">${answer}</b>`;
  return `<div class="fact"><span class="fact-terms">${problem.a} ÷ ${problem.b} =</span>${blank}</div>`;
}

function problemCell(problem: Problem, index: number, layout: SheetLayout): string {
  const custom = layout.custom;
  if (custom && custom.format !== 'armada') return customCell(custom, problem, index, layout, false);
  const asFacts = layout.asFacts;
  const body =
    problem.op !== 'div'
      ? verticalProblem(problem, layout)
      : asFacts
        ? factProblem(problem, layout)
        : chaveProblem(problem, layout);
  const kind = problem.op === 'div' && asFacts ? ' fact-cell' : '';
  return `<li class="cell ${problem.op}${kind}"><span class="index">${index + 1}</span>${body}</li>`;
}

// ---------------- the gabarito: the same grid, each result worked out ----------------

function workedVertical(problem: Problem, worked: WorkedProblem, layout: SheetLayout): string {
  const room = columnRoom(problem);
  const comma = commaColumn(problem);
  const result = layout.readable
    ? resultBoxes(problem, room, true)
    : numberLine(problem, 'result', room, { cls: 'result' });
  switch (worked.op) {
    case 'add':
      return `${smallRow(room, worked.carries, 'carry', comma)}
        ${numberLine(problem, 'a', room, { complete: true })}
        ${numberLine(problem, 'b', room, { sign: SIGNS.add, cls: 'ruled', complete: true })}
        ${result}`;
    case 'sub':
      return `${smallRow(room, worked.rewritten, 'borrow', comma)}
        ${numberLine(problem, 'a', room, {
          complete: true,
          cellClass: (column) => (worked.rewritten[column] != null ? 'crossed' : ''),
          // Each crossed digit struck on its own: a stroke over its digit only, never joined to the next one.
          cellMark: (column) => (worked.rewritten[column] != null ? '<i class="strike"></i>' : ''),
        })}
        ${numberLine(problem, 'b', room, { sign: MINUS, cls: 'ruled', complete: true })}
        ${result}`;
    case 'mult': {
      const carries = worked.carries.map((row) => smallRow(room, row, 'carry', comma)).reverse();
      const head = `${carries.join('')}
        ${numberLine(problem, 'a', room)}
        ${numberLine(problem, 'b', room, { sign: SIGNS.mult, cls: 'ruled' })}`;
      // The partial products are written without vírgula; the product places it.
      const partials = partialLines(problem, room, worked).map((partial) => partial.text);
      return `${head}${partials.join('')}${result}`;
    }
    case 'div':
      throw new Error('a division is worked in its chave');
  }
}

/** The whole chave, método longo: each product under its partial dividend, subtracted, the next digit brought down. */
function workedChave(problem: Problem, steps: readonly DivisionStep[], layout: SheetLayout): string {
  const columns = unitDigits(problem, problem.a);
  const dividend = columnNumber(problem, 'a', true).digits;
  const comma = commaColumn(problem);
  const shiftOf = (endColumn: number) => columns - 1 - endColumn;
  const lines: string[] = [numberLine(problem, 'a', columns, { complete: true })];
  steps.forEach((step, i) => {
    const shift = shiftOf(step.endColumn);
    const width = digitCount(step.product);
    lines.push(
      line(columns, String(step.product), {
        sign: MINUS,
        signBeside: true,
        shift,
        cls: 'step',
        comma,
        cellClass: (column) =>
          column >= shift && column < shift + Math.max(width, digitCount(step.dividend)) ? 'under' : '',
      }),
    );
    const next = steps[i + 1];
    lines.push(
      next
        ? line(columns, `${step.rest}${dividend[next.endColumn]}`, { shift: shiftOf(next.endColumn), comma })
        : line(columns, String(step.rest), { shift, cls: 'result', comma }),
    );
  });
  const room = layout.quotientRoom(problem);
  const quotient = boxedDivision(problem, layout)
    ? `<div class="quotient boxes result">${digitBoxes('quotient', room, problem.result)}</div>${restoBoxes(problem, layout, problem.remainder)}`
    : `<div class="quotient result">${quotientDigits(problem)}</div>`;
  return `<div class="chave" style="--q-room:${room}">
      <div class="dividend">${lines.join('')}</div>
      <div class="divisor"><div class="by">${columnDigits(String(problem.b))}</div>${quotient}</div>
    </div>`;
}

/**
 * The answer in words under a chave, and a result of 1.000 or more with its thousands dot or em reais (none otherwise).
 */
function answerCaption(problem: Problem, layout: SheetLayout): string {
  const result = numberText(problem, 'result');
  if (problem.op !== 'div') return /\.|R\$/.test(result) ? `= <b>${result}</b>` : '';
  // Fácil divisions are exact: no remainder is asked for, none is shown.
  if (!layout.asksForRemainder) return `quociente <b>${result}</b>`;
  return `quociente <b>${result}</b>, resto <b>${numberText(problem, 'remainder')}</b>`;
}

/** The conta worked, as the gabarito writes it: the columns with carries or borrows, or the whole chave. */
function workedBody(problem: Problem, layout: SheetLayout): string {
  const worked = workProblem(problem);
  return worked.op === 'div'
    ? workedChave(problem, worked.steps, layout)
    : `<div class="alg">${workedVertical(problem, worked, layout)}</div>`;
}

/**
 * What the gabarito writes in a situação-problema's quadriculado: the conta that answers it worked, or for a problem
 * in two steps (duas etapas) both contas worked, the first above the second, a square apart.
 */
function workedWord(word: WordProblem, layout: SheetLayout): string {
  if (word.steps === undefined) return workedBody(word.conta, layout);
  return `<div class="steps">${word.steps.map((conta) => workedBody(conta, layout)).join('')}</div>`;
}

function answerCell(problem: Problem, index: number, layout: SheetLayout): string {
  const custom = layout.custom;
  if (custom && custom.format !== 'armada') return customCell(custom, problem, index, layout, true);
  if (problem.op === 'div' && layout.asFacts) {
    return `<li class="cell div fact-cell"><span class="index">${index + 1}</span>${factProblem(problem, layout, problem.result)}</li>`;
  }
  const body = workedBody(problem, layout);
  const caption = answerCaption(problem, layout);
  return `<li class="cell ${problem.op}"><span class="index">${index + 1}</span>${body}${
    caption ? `<span class="caption">${caption}</span>` : ''
  }</li>`;
}

// ---------------- the formats of a custom page ----------------

/**
 * A cell of a custom page in a format other than the conta armada. `linha` and `lacuna`: the fact in a line, the
 * answer in its blank in the gabarito. `arme`: the conta in a line over an empty quadriculado (squares of the
 * caderno's size) to arm it in; the gabarito arms and works it there, as the conta armada's gabarito does.
 */
function customCell(
  custom: CustomOptions,
  problem: Problem,
  index: number,
  layout: SheetLayout,
  answers: boolean,
): string {
  const number = `<span class="index">${index + 1}</span>`;
  if (custom.format === 'problemas') {
    const word = layout.words?.[index];
    if (word === undefined) throw new Error(`no situação-problema for problem ${index + 1}`);
    return problemaCell(
      custom.size,
      word,
      problem.op,
      index,
      answers ? workedWord(word, layout) : null,
      layout.workRowMm?.[index] ?? 0,
      layout.wordBoxes ?? null,
    );
  }
  if (custom.format !== 'arme') {
    const widths = layout.blankWidths ?? blankWidths(custom, [problem]);
    return `<li class="cell fx-cell ${problem.op}">${number}${factLine(custom, problem, widths, answers, layout.factBoxes)}</li>`;
  }
  const caption = answers ? answerCaption(problem, layout) : '';
  const boxes = layout.factBoxes
    ? { widths: layout.blankWidths ?? blankWidths(custom, [problem]), answers }
    : undefined;
  return `<li class="cell arme ${problem.op}">${number}${armeStatement(problem, boxes)}<div class="squares">${squaresBackground(custom.size)}${
    answers ? workedBody(problem, layout) : ''
  }</div>${caption ? `<span class="caption">${caption}</span>` : ''}</li>`;
}

// ---------------- the sheets ----------------

/**
 * A QR code with the page code under it (readable in black and white): the online answers' (rules 5: the sheet's
 * correction page where no gabarito is printed).
 */
function qrBlock(meta: SheetMeta, url = meta.answersUrl, label = 'Respostas online'): string {
  return `<div class="qr">${versionMark(meta)}
      ${qrSvg(url)}
      <span class="qr-label">${label}</span>
      <span class="qr-code">${escapeHtml(meta.code)}</span>
    </div>`;
}

/**
 * The student's sheet's right-hand block: the QR code of the online answers. Since rules 4 a sheet without gabarito
 * has none (the teacher chose not to print the answers), only a set's version and its code, as its gabarito would;
 * since rules 5 it has its correction page's (reading-marks.ts).
 */
const answersLink = (page: GeneratedPage, meta: SheetMeta) =>
  page.options.answers || page.rules < 4
    ? qrBlock(meta)
    : readable(page)
      ? qrBlock(meta, meta.correctionUrl, 'Corrigir pela foto')
      : answerKeyMark(meta);

/** A version's label ('Versão 7 de 30'), at the top of the sheet's right-hand block; nothing for a single page. */
const versionMark = (meta: SheetMeta) =>
  meta.version ? `\n      <span class="version">${versionLabel(meta.version)}</span>` : '';

/**
 * The gabarito of a version: its label and its code at the top right, where the student's sheet has them (the
 * gabarito has no QR code); nothing for a single page, whose gabarito header is as before.
 */
const answerKeyMark = (meta: SheetMeta) =>
  meta.version
    ? `<div class="qr key-mark">${versionMark(meta)}
      <span class="qr-code">${escapeHtml(meta.code)}</span>
    </div>`
    : '';

function footer(page: GeneratedPage, meta: SheetMeta): string {
  const badge = page.options.custom ? CUSTOM_BADGE.text : `Nível ${page.levelName}`;
  return `<footer class="foot">
      <span class="level">${badge}</span>
      <span class="bncc">BNCC ${page.bncc.join(' · ')}</span>
      <span class="code">Código ${escapeHtml(meta.code)}</span>
    </footer>`;
}

/**
 * Which page of a sheet of several this is ('Página 1 de 2'; a version of a class set: 'Versão 7 de 30 · Página 2
 * de 2', the label its continuing page has nowhere else), right over the footer's rule: the footer's line has no
 * room for it beside the BNCC codes of four operations and a long code.
 */
const sheetOf = (meta: SheetMeta, n: number, of: number) =>
  `<p class="sheet-of">${meta.version ? `${versionLabel(meta.version)} · ` : ''}Página ${n} de ${of}</p>`;

/** 20 problems in 4 × 5; 12 (with ÷, or × at Difícil) in 4 × 3, so the chave and the partial products have room. */
function gridShape(count: number): { columns: number; rows: number } {
  const columns = 4;
  return { columns, rows: Math.ceil(count / columns) };
}

/**
 * The grid of one page of the sheet: the problems of `part` numbered as on the whole sheet, in the grid of the
 * largest part (every page's cells as large). A last row with an even number of empty places has its cells centred
 * (10 roomy contas armadas in 4 columns).
 */
function grid(
  page: GeneratedPage,
  cell: (problem: Problem, index: number, layout: SheetLayout) => string,
  part: PaperSheet,
  perPage: number,
): string {
  const custom = page.options.custom;
  const { columns, rows } = custom
    ? customGrid(custom, page.problems, perPage, answersBoxed(page))
    : gridShape(perPage);
  const layout = layoutOf(page);
  const kind = custom ? ` grid-${custom.format}` : '';
  const problems = page.problems.slice(part.from, part.to);
  const centred =
    custom?.format === 'armada' || custom?.format === 'arme' ? lastRowStart(columns, perPage) : 1;
  const cells = problems.map((problem, i) => {
    const html = cell(problem, part.from + i, layout);
    // The first cell of the last row starts at the column that centres that row.
    return centred > 1 && i === perPage - (perPage % columns)
      ? html.replace('<li ', `<li style="grid-column-start:${centred}" `)
      : html;
  });
  return `<ol class="grid${kind}" style="--columns:${columns};--rows:${rows}">
      ${cells.join('\n')}
    </ol>`;
}

/** The pages of a sheet: the first with its header, each continuing one with its grid and footer only. */
function sheetSections(
  page: GeneratedPage,
  meta: SheetMeta,
  kind: 'exercises' | 'answer-key',
  header: string,
  cell: (problem: Problem, index: number, layout: SheetLayout) => string,
): string {
  const parts = paperSheets(page);
  const perPage = parts[0]!.to - parts[0]!.from;
  return parts
    .map((part, k) => {
      const which = parts.length > 1 ? `\n    ${sheetOf(meta, k + 1, parts.length)}` : '';
      const marks = kind === 'exercises' && readable(page) ? cornerMarks() : '';
      return `<section class="sheet ${kind}${k > 0 ? ' continued' : ''}">${marks}${k === 0 ? header : ''}
    ${grid(page, cell, part, perPage)}${which}
    ${footer(page, meta)}
  </section>`;
    })
    .join('\n');
}

function instruction(page: GeneratedPage): string {
  const custom = page.options.custom;
  const remainder = custom ? customAsksRemainder(custom) : asksForRemainder(page.options.level);
  if (custom && custom.format === 'lacuna') return 'Escreva o número que falta em cada conta.';
  if (custom && custom.format === 'problemas')
    return 'Leia cada problema, arme e efetue a conta no quadriculado e escreva a resposta.';
  if (custom && custom.format === 'linha') {
    if (!custom.div) return 'Escreva o resultado de cada conta.';
    return remainder
      ? 'Escreva o resultado de cada conta. Nas divisões, escreva o quociente e o resto.'
      : 'Escreva o resultado de cada conta.';
  }
  const first = custom?.format === 'arme' ? 'Arme e efetue as contas no quadriculado.' : 'Resolva as contas.';
  if (!page.options.div) return first;
  return remainder
    ? `${first} Nas divisões, escreva o quociente e o resto.`
    : `${first} Nas divisões, escreva o quociente.`;
}

function exerciseSheet(page: GeneratedPage, meta: SheetMeta): string {
  const school = meta.schoolFields
    ? `<div class="fields">
        <span class="field school">Escola:<span class="blank"></span></span>
        <span class="field teacher">Professor(a):<span class="blank"></span></span>
      </div>`
    : '';
  const header = `
    <header class="head">
      <div class="titles">
        <h1>${escapeHtml(sheetTitle(page.options))}</h1>${teacherLine(page.options.custom, sheetTitle(page.options))}
        <div class="fields">
          <span class="field name">Nome:${filled(meta.names?.student)}</span>
        </div>
        ${school}
        <div class="fields">
          <span class="field class">Turma:${filled(meta.names?.turma)}</span>
          <span class="field date">Data:<span class="blank"></span>/<span class="blank"></span>/<span class="blank"></span></span>
          <span class="field score">Acertos:<span class="blank"></span>/ ${page.problems.length}</span>
        </div>
        <p class="instruction">${instruction(page)}</p>
      </div>
      ${answersLink(page, meta)}
    </header>`;
  return sheetSections(page, meta, 'exercises', header, problemCell);
}

function answerKeyInstruction(page: GeneratedPage): string {
  const format = page.options.custom?.format;
  if (format === 'problemas')
    return 'Cada problema com a conta resolvida no quadriculado e a resposta completa, na mesma posição da folha de exercícios.';
  return format === 'linha' || format === 'lacuna'
    ? 'Cada resposta no seu lugar, na mesma posição da folha de exercícios.'
    : 'Cada conta resolvida passo a passo, na mesma posição da folha de exercícios.';
}

function answerKeySheet(page: GeneratedPage, meta: SheetMeta): string {
  const header = `
    <header class="head">
      <div class="titles">
        <h1>Gabarito — ${escapeHtml(sheetTitle(page.options))}</h1>${teacherLine(page.options.custom, sheetTitle(page.options))}
        <p class="instruction">${answerKeyInstruction(page)}</p>
      </div>${answerKeyMark(meta)}
    </header>`;
  return sheetSections(page, meta, 'answer-key', header, answerCell);
}

/** The measurements the style sheet is written with: a level's (presets), or a print size's (custom pages). */
interface StyleMeasures {
  digitPt: number;
  lineHeight: number;
  columnMm: number;
  carryBoxMm: number;
  badgeColour: string;
}

function presetMeasures(level: Level): StyleMeasures {
  return {
    digitPt: DIGIT_SIZE_PT[level],
    lineHeight: level === 0 ? 1.2 : 1.3,
    columnMm: COLUMN_MM,
    carryBoxMm: CARRY_BOX_MM,
    badgeColour: LEVEL_COLOURS[level],
  };
}

/** A custom page: the digits by the page's longest term and its print size (PRINT_SIZES). */
function customMeasures(custom: CustomOptions, problems: readonly Problem[]): StyleMeasures {
  const size = PRINT_SIZES[custom.size];
  const length = lengthClass(problems);
  return {
    digitPt: size.digitPt[length],
    lineHeight: length === 0 || custom.size === 'grande' ? 1.2 : 1.3,
    columnMm: size.columnMm,
    carryBoxMm: size.carryBoxMm,
    badgeColour: CUSTOM_BADGE.colour,
  };
}

function styles(measures: StyleMeasures): string {
  const { digitPt, lineHeight, columnMm: COLUMN_MM, carryBoxMm: CARRY_BOX_MM, badgeColour } = measures;
  const { width, height, margin } = SHEET_MM;
  return `
  @page { size: A4; margin: 0; }
  * { box-sizing: border-box; margin: 0; padding: 0; }
  html, body { background: #fff; color: #111; }
  body { font-family: '${SHEET_FONTS.sans}'; font-size: 11pt; -webkit-print-color-adjust: exact; print-color-adjust: exact; }
  .sheet {
    width: ${width}mm; height: ${height}mm; padding: ${margin}mm;
    display: flex; flex-direction: column; gap: 3mm; overflow: hidden; break-after: page;
  }
  .sheet:last-child { break-after: auto; }
  .line, .by, .quotient, .qr-code { font-family: '${SHEET_FONTS.mono}'; }

  .head { display: flex; gap: 4mm; align-items: flex-start; }
  .titles { flex: 1; min-width: 0; display: flex; flex-direction: column; gap: 2.6mm; }
  h1 { font-size: 17pt; font-weight: bold; padding-bottom: 1.6mm; border-bottom: 1.2pt solid #111; }
  .fields { display: flex; gap: 6mm; align-items: baseline; }
  .field { display: flex; align-items: baseline; gap: 1.5mm; white-space: nowrap; }
  .blank { display: inline-block; border-bottom: 0.8pt solid #111; height: 1em; }
  .name, .school, .teacher { flex: 1; } .name .blank, .school .blank, .teacher .blank { flex: 1; }
  .class .blank { width: 22mm; }
  .date .blank { width: 9mm; } .date .blank:last-child { width: 14mm; }
  .score { margin-left: auto; } .score .blank { width: 12mm; margin-right: 1mm; }
  .instruction { font-size: 10.5pt; color: #222; }
  .qr { display: flex; flex-direction: column; align-items: center; gap: 0.6mm; width: 30mm; }
  .qr svg { width: 21mm; height: 21mm; display: block; }
  .qr-label { font-size: 7pt; font-weight: bold; }
  .qr-code { font-size: 6.4pt; letter-spacing: 0; }

  .grid {
    flex: 1; min-height: 0; list-style: none; display: grid; gap: 2mm;
    grid-template-columns: repeat(var(--columns), minmax(0, 1fr)); grid-template-rows: repeat(var(--rows), minmax(0, 1fr));
  }
  .cell {
    position: relative; border: 0.6pt solid #9e9e9e; border-radius: 2mm; overflow: hidden;
    display: flex; flex-direction: column; align-items: center; padding-top: 3.5mm;
    font-size: ${digitPt}pt; --lh: ${lineHeight};
  }
  .cell .index {
    position: absolute; top: 1.4mm; left: 1.6mm; min-width: 5mm; height: 5mm; border-radius: 2.5mm;
    background: #e6e6e6; color: #222; font-size: 8.5pt; line-height: 5mm; text-align: center; font-weight: bold;
  }
  .alg { display: flex; flex-direction: column; align-items: flex-end; }
  .line { display: flex; line-height: var(--lh); white-space: nowrap; }
  /* Digit columns at least as wide as the 5 mm squares of a caderno quadriculado, at every level. */
  .line .s, .line .d, .by .d, .quotient .d { display: inline-block; width: max(1ch, ${COLUMN_MM}mm); text-align: center; }
  .line .d { position: relative; }
  /* A decimal conta's vírgula: a narrow column of its own, vírgula under vírgula. */
  .line .d.v, .line.small .d.v, .quotient .d.v { width: 1.8mm; overflow: visible; }
  /* The zeros the learner completes (3,5 → 3,50), lighter in the gabarito. */
  .line .d.zero { color: #777; }
  .line .s { width: 1.4ch; text-align: left; }
  .line.small { font-size: 0.5em; line-height: 1.4; height: 1.4em; }
  .line.small .d, .line.small .s { width: max(2ch, ${COLUMN_MM}mm); font-weight: bold; }
  .line.small .s { width: 2.8ch; }
  /* Carry boxes of at least 4 mm, in a row tall enough for them. */
  .line.small.carry { height: max(1.4em, ${CARRY_BOX_MM + 0.8}mm); line-height: max(1.4em, ${CARRY_BOX_MM + 0.8}mm); }
  .box { display: inline-block; width: ${CARRY_BOX_MM}mm; height: ${CARRY_BOX_MM}mm; border: 0.6pt dashed #888; border-radius: 0.8mm; vertical-align: middle; }
  /* A borrow's rewrite: smaller than the carry digits, so that two digits leave a gap to the next column's. */
  .rw { font-size: 0.8em; }
  .line.ruled { border-bottom: 1.6pt solid #111; }
  .work { height: calc(var(--lines) * var(--lh) * 1em); }
  .crossed { color: #555; }
  /* The strike of one crossed digit: over its digit only (0.8 of a digit's advance), centred in its column. */
  .strike {
    position: absolute; left: 50%; top: 52%; width: 0.8ch; margin-left: -0.4ch; height: 0;
    border-top: 1.3pt solid #111; transform: rotate(-18deg);
  }
  .result { font-weight: bold; }
  .line.step .under { border-bottom: 1.2pt solid #111; }

  .chave { display: flex; align-items: flex-start; }
  /* A chave spans the cell's width with 5 mm columns: it starts under the problem's number, and its sign column and
     paddings are narrower than a vertical conta's, so a four-digit dividend and a three-digit quotient fit. */
  .cell.div:not(.fact-cell) { padding-top: 7mm; }
  .chave .line .s { width: 1ch; }
  .chave .dividend { padding-right: 0.2em; }
  .chave .divisor { display: flex; flex-direction: column; }
  .chave .by {
    min-width: calc(var(--q-room) * max(1ch, ${COLUMN_MM}mm) + 0.5em); padding: 0 0.25em; line-height: var(--lh);
    border-left: 1.6pt solid #111; border-bottom: 1.6pt solid #111;
  }
  .chave .quotient { min-height: calc(var(--lh) * 1em); line-height: var(--lh); padding-left: 0.25em; }
  .fact { margin: auto 0; display: flex; align-items: baseline; gap: 1.5mm; font-size: 0.78em; white-space: nowrap; }
  .answer-blank { display: inline-block; width: 12mm; border-bottom: 1pt solid #111; }
  .caption { position: absolute; bottom: 1.2mm; right: 1.8mm; font-size: 8.5pt; color: #222; }

  .foot {
    margin-top: auto; display: flex; align-items: center; gap: 3mm; font-size: 8pt; color: #222; white-space: nowrap;
    border-top: 0.6pt solid #999; padding-top: 1.6mm;
  }
  .foot .level {
    color: #fff; background: ${badgeColour}; font-weight: bold; padding: 0.5mm 2mm; border-radius: 2mm;
  }
  .foot .code { margin-left: auto; font-family: '${SHEET_FONTS.mono}'; }
  `;
}

/**
 * Situações-problema of rules 3 print the codes of their many meanings (up to a dozen on a page of the four
 * operations): past the footer's line they wrap onto a second line in their place, between the badge and the code.
 */
const WRAPPING_CODES_CSS = `
  .foot .bncc { white-space: normal; min-width: 0; }
  `;

/**
 * The caption under the widest chave (a four-digit dividend by one digit, 3 columns) of a custom page (rules 3),
 * right-aligned in the part of the cell right of the dividend, on two lines: a chave of four steps reaches the cell's
 * bottom when the header is at its tallest (a class set's label beside a teacher's line of three lines), and its
 * last rest stands under the dividend.
 */
const CAPTION_BESIDE_CSS = `
  .grid-armada .cell.div .caption { max-width: 45%; text-align: right; line-height: 1.2; }
  `;

/** A sheet of several pages: which page, small and bold at the right, just over the footer (the sheet's gap less). */
const SHEET_OF_CSS = `
  .sheet-of { margin: -1.8mm 0 -2mm; text-align: right; font-size: 8pt; font-weight: bold; color: #222; }
  `;

/** A version's label: bold, over the QR code of the sheet and over the code on the gabarito. */
const VERSION_CSS = `
  .qr .version { font-size: 8pt; font-weight: bold; white-space: nowrap; }
  `;

/** A child's name and turma on their lines: as wide as the blanks, underlined like them. */
const NAMES_CSS = `
  .filled { display: inline-block; border-bottom: 0.8pt solid #111; padding: 0 1.5mm; font-weight: 600;
    white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
  .name .filled { flex: 1; }
  .class .filled { min-width: 22mm; max-width: 46mm; }
  `;

/**
 * A sheet as the pool's tabs take it: the title, the level's style sheet and the body. A tab holds a page whose head
 * already carries the fonts (`sheetShellHtml`), so a job only swaps these in and the fonts are decoded once per tab.
 */
export interface SheetDocument {
  title: string;
  css: string;
  body: string;
}

export interface SheetParts {
  /** Include the gabarito, after the student's pages. Default: when the page asks for answers. A preview: no. */
  answerKey?: boolean;
}

export function sheetDocument(page: GeneratedPage, meta: SheetMeta, parts: SheetParts = {}): SheetDocument {
  const sheets = [exerciseSheet(page, meta)];
  if (parts.answerKey ?? page.options.answers) sheets.push(answerKeySheet(page, meta));
  const custom = page.options.custom;
  const measures = custom ? customMeasures(custom, page.problems) : presetMeasures(page.options.level);
  const own = styles(measures) + (custom ? customStyles(custom, page, answersBoxed(page)) : '');
  const rules3 = custom !== undefined && page.rules >= 3;
  const css =
    own +
    (rules3 && custom.format === 'problemas' ? WRAPPING_CODES_CSS : '') +
    (rules3 && custom.format === 'armada' && roomNeeded(custom) === 'widest' ? CAPTION_BESIDE_CSS : '') +
    (paperSheets(page).length > 1 ? SHEET_OF_CSS : '') +
    (readable(page) ? readingCss(measures.columnMm) : '');
  return {
    title: `${documentName(page.options, page.rules)} — ${meta.code}`,
    // A single page's style sheet is exactly as before class sets; a version's adds its label's rule.
    css: (meta.version ? css + VERSION_CSS : css) + (meta.names ? NAMES_CSS : ''),
    body: sheets.join('\n'),
  };
}

/**
 * The page every tab of the pool keeps loaded: the embedded fonts in one style sheet, an empty one for the sheet's
 * own rules, an empty body. `renderSheetHtml` writes the same two style sheets, so both lay out alike.
 */
export function sheetShellHtml(sheet: SheetDocument = { title: '', css: '', body: '' }): string {
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<title>${escapeHtml(sheet.title)}</title>
<style>${SHEET_FONT_CSS}</style>
<style id="sheet">${sheet.css}</style>
</head>
<body>
${sheet.body}
</body>
</html>`;
}

/** A complete, self-contained HTML document (no external assets, fonts included) for one page and, with answers, its gabarito. */
export function renderSheetHtml(page: GeneratedPage, meta: SheetMeta): string {
  return sheetShellHtml(sheetDocument(page, meta));
}
