import type { CorrectionProblem, CorrectionSheet } from '@app/contracts';
import { expectedOf } from '@app/diagnosis';
import {
  boxIsDoubtful,
  expectedDigits,
  rowIsUnsure,
  rowValue,
  type GrayImage,
  type RowValue,
} from '@app/reader';
import { readingOf, textOf, type CellValue, type Reading } from '../typed';

/**
 * "Corrigir pela foto": what a sheet's photo, once read (reader.worker.ts), puts in the correction. Each problem with
 * answer boxes becomes a cell marked "lido da foto" when every digit of it was read with confidence, or a question to
 * the teacher when one was not (a digit unsure, several marks in a box, digits with an empty box between them, a
 * resto without a quotient). How sure a digit must be depends on the answer the sheet expects (`rowIsUnsure`): a
 * digit read as the right answer's is taken at a lower confidence than one read against it, which is asked about
 * while the model finds the answer's digit plausible. Pure functions, no React.
 */

/** A row of answer boxes as the reader sent it back, each box left to right. */
export interface ReadRow {
  problem: number;
  part: 'result' | 'quotient' | 'resto';
  /** The digits, null for an empty box. */
  digits: Array<number | null>;
  /** A decimal answer's casas, its last boxes after the printed vírgula (rules 9); 0 for a natural number. */
  casas: number;
  /** The classifier's probability for each digit (1 for an empty box). */
  confidences: number[];
  /** Whether each box holds several marks standing apart. */
  several: boolean[];
  /** Each box's second likeliest digit (null for an empty box). */
  alternatives: Array<number | null>;
  /** Each box's probability of each digit 0…9 (null for an empty box). */
  probabilities: Array<number[] | null>;
  /** Each box's interior as read. */
  crops: GrayImage[];
}

/** A row judged against the answer its problem expects. */
export interface PhotoRow {
  problem: number;
  part: ReadRow['part'];
  /** The digits from left to right, null for an empty box. */
  digits: Array<number | null>;
  /** A decimal answer's casas (its last boxes); 0 for a natural number. */
  casas: number;
  value: RowValue;
  unsure: boolean;
  /** Each box's interior as read, left to right. */
  crops: GrayImage[];
  /** For each box: the second likeliest digit when the box is doubtful and holds one mark; null otherwise. */
  alternatives: Array<number | null>;
}

/**
 * The number a right answer puts in a row: the resto, or the answer the sheet expects (`expectedOf`: a lacuna's
 * missing term, a question's own answer, else the result or quotient).
 */
const expectedValue = (problem: CorrectionProblem, part: ReadRow['part']): number =>
  part === 'resto' ? problem.remainder : expectedOf(problem).result;

/** A row read, judged against its problem's right answer: unsure or not, and which boxes to offer a choice for. */
export function judgeRow(row: ReadRow, problem: CorrectionProblem): PhotoRow {
  const expected = expectedDigits(expectedValue(problem, row.part), row.digits, row.part, row.casas);
  const boxes = row.digits.map((digit, i) => ({
    digit,
    confidence: row.confidences[i]!,
    several: row.several[i]!,
    probabilities: row.probabilities[i] ?? null,
  }));
  const doubtful = (i: number) =>
    !boxes[i]!.several && boxIsDoubtful(boxes[i]!, expected ? expected[i] : undefined);
  return {
    problem: row.problem,
    part: row.part,
    digits: row.digits,
    casas: row.casas,
    value: rowValue(row.digits, row.casas),
    unsure: rowIsUnsure(boxes, expected, undefined, row.casas),
    crops: row.crops,
    alternatives: row.alternatives.map((alternative, i) => (doubtful(i) ? alternative : null)),
  };
}

/** A problem the reader is unsure of: shown cropped, answered by the teacher. */
export interface PhotoQuestion {
  version: number;
  problem: number;
  /** The rows of the problem (a division's quotient, then its resto). */
  rows: PhotoRow[];
  /** "7 ou 1?": one unsure digit of one mark, its two likeliest readings and the answer each makes. */
  choice: [PhotoChoice, PhotoChoice] | null;
  /** What the reader made of it, for the input to start from ('4?7': an empty box between digits). */
  guess: { result: string; remainder: string };
}

export interface PhotoChoice {
  digit: number;
  result: string;
  remainder: string;
}

export interface SheetFromPhoto {
  /** The cells read with confidence, by problem. */
  cells: Array<{ problem: number; value: CellValue }>;
  questions: PhotoQuestion[];
}

const isRemainder = (row: PhotoRow) => row.part === 'resto';

/** A row's number in the cell's units: a decimal answer's digits are its units (the vírgula has no box). */
function rowNumber(row: PhotoRow | undefined): number | null {
  if (!row || row.value.kind === 'empty') return null;
  return row.value.kind === 'number' ? row.value.value : null;
}

/** What a row reads as, for the teacher to confirm or correct: its likeliest number, '?' in an empty box between digits. */
function guessOf(row: PhotoRow | undefined, reading: Reading): string {
  if (!row || row.value.kind === 'empty') return '';
  if (row.value.kind === 'number')
    return textOf({ result: row.value.value, remainder: null, blank: false }, 'result', reading);
  const first = row.digits.findIndex((d) => d !== null);
  let last = row.digits.length - 1;
  while (last > first && row.digits[last] === null) last--;
  // A decimal answer's vírgula before its first casa (rules 9).
  const comma = row.casas > 0 ? row.digits.length - row.casas : -1;
  let text = first >= comma && comma >= 0 ? ',' : '';
  for (let i = first; i <= last; i++)
    text += (i === comma && i > first ? ',' : '') + (row.digits[i] === null ? '?' : String(row.digits[i]));
  return text;
}

/** A row with one box's digit replaced, read again as a number. */
function withDigit(row: PhotoRow, at: number, digit: number): PhotoRow {
  const digits = row.digits.map((d, i) => (i === at ? digit : d));
  const value = rowValue(digits, row.casas);
  return { ...row, digits, value, unsure: value.kind === 'gap' };
}

/**
 * "7 ou 1?": when a problem's only doubt is one box holding one mark, its two likeliest digits, each with the answer
 * it makes.
 */
function choiceOf(rows: readonly PhotoRow[], reading: Reading): PhotoQuestion['choice'] {
  const doubts = rows.flatMap((row) =>
    row.alternatives.flatMap((alternative, at) => (alternative === null ? [] : [{ row, at, alternative }])),
  );
  if (doubts.length !== 1 || rows.some((r) => r.value.kind === 'gap')) return null;
  const { row, at, alternative } = doubts[0]!;
  const read = row.digits[at];
  if (read === null || read === undefined) return null;
  const answerWith = (digit: number) => {
    const changed = rows.map((r) => (r === row ? withDigit(r, at, digit) : r));
    return {
      digit,
      result: guessOf(
        changed.find((r) => !isRemainder(r)),
        reading,
      ),
      remainder: guessOf(changed.find(isRemainder), undefined),
    };
  };
  return [answerWith(read), answerWith(alternative)];
}

/**
 * A sheet's reading turned into cells and questions. A problem whose boxes are all empty was left em branco; a
 * problem without boxes on the map (a chave's decimal quotient, any problem of a sheet printed before its format had
 * boxes: decimal facts and sums of money before rules 9) is left to be typed.
 */
export function sheetFromPhoto(sheet: CorrectionSheet, read: readonly ReadRow[]): SheetFromPhoto {
  const byProblem = new Map<number, PhotoRow[]>();
  for (const row of read) {
    const problem = sheet.problems[row.problem];
    if (problem) byProblem.set(row.problem, [...(byProblem.get(row.problem) ?? []), judgeRow(row, problem)]);
  }
  const cells: SheetFromPhoto['cells'] = [];
  const questions: PhotoQuestion[] = [];
  for (const [problem, problemRows] of [...byProblem].sort(([a], [b]) => a - b)) {
    const conta = sheet.problems[problem]!;
    const main = problemRows.find((r) => !isRemainder(r));
    const rest = problemRows.find(isRemainder);
    const result = rowNumber(main);
    const remainder = rowNumber(rest);
    const empty = problemRows.every((r) => r.value.kind === 'empty');
    const unsure = problemRows.some((r) => r.unsure) || (result === null && remainder !== null);
    if (unsure) {
      questions.push({
        version: sheet.n,
        problem,
        rows: [main, rest].filter((r) => r !== undefined),
        choice: choiceOf(problemRows, readingOf(conta)),
        guess: { result: guessOf(main, readingOf(conta)), remainder: guessOf(rest, undefined) },
      });
      continue;
    }
    cells.push({
      problem,
      value: empty ? { result: null, remainder: null, blank: true } : { result, remainder, blank: false },
    });
  }
  return { cells, questions };
}
