import { Msg, TYPED_NUMBER_MAX, type TypedCell } from '@app/contracts';

/**
 * Correção rápida: what the teacher types in a cell of the grid, read as a child's answer. A cell has one input (the
 * result) or, for a division's conta, two (the quociente and the resto). Pure functions, no React.
 */

/** What a cell holds, without where it is and when it was typed. */
export type CellValue = Pick<TypedCell, 'result' | 'remainder' | 'blank'>;

/** The input of a cell: the result (a division's quociente) or a division's resto. */
export type Part = 'result' | 'remainder';

/** A cell cleared: nothing typed. */
export const CLEARED: CellValue = { result: null, remainder: null, blank: false };

/** What the teacher types for a problem the child left blank ("em branco"). */
export const BLANK_TEXT = '-';

export type Parsed = { ok: true; value: CellValue } | { ok: false; message: string };

const refused: Parsed = { ok: false, message: Msg.typedAnswerInvalid };

/** One input's text: a whole number (digits only, up to TYPED_NUMBER_MAX), null when empty, undefined otherwise. */
function numberOf(text: string): number | null | undefined {
  if (text === '') return null;
  if (!/^\d+$/.test(text)) return undefined;
  const value = Number(text);
  return value <= TYPED_NUMBER_MAX ? value : undefined;
}

/**
 * A cell's inputs read as an answer: digits are the number the child wrote; '-' alone (the other input empty) is em
 * branco; both empty is the cell cleared; anything else is refused with `Msg.typedAnswerInvalid`. Spaces around a
 * number are ignored.
 */
export function parseTyped(resultText: string, remainderText = ''): Parsed {
  const result = resultText.trim();
  const remainder = remainderText.trim();
  if (result === BLANK_TEXT || remainder === BLANK_TEXT) {
    const other = result === BLANK_TEXT ? remainder : result;
    return other === '' ? { ok: true, value: { result: null, remainder: null, blank: true } } : refused;
  }
  const r = numberOf(result);
  const rest = numberOf(remainder);
  if (r === undefined || rest === undefined) return refused;
  return { ok: true, value: { result: r, remainder: rest, blank: false } };
}

/** The text an input shows for a stored cell: its number, '-' in the result input for em branco, else nothing. */
export function textOf(value: CellValue | undefined, part: Part): string {
  if (!value) return '';
  if (value.blank) return part === 'result' ? BLANK_TEXT : '';
  const n = value[part];
  return n === null ? '' : String(n);
}

/** Two values are the same answer (so retyping what is there saves nothing). */
export const sameValue = (a: CellValue | undefined, b: CellValue): boolean =>
  (a ?? CLEARED).result === b.result &&
  (a ?? CLEARED).remainder === b.remainder &&
  (a ?? CLEARED).blank === b.blank;

/** The key of a cell: a sheet (its version number) and a problem (0-based). */
export const cellKey = (version: number, problem: number): string => `${version}:${problem}`;

/** A cell as saved: its value, where it is and when it was typed. */
export const typedCell = (version: number, problem: number, value: CellValue, at: number): TypedCell => ({
  version,
  problem,
  ...value,
  at,
});
