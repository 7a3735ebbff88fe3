import { Msg, TYPED_NUMBER_MAX, type CorrectionProblem, type TypedCell } from '@app/contracts';
import { decimalText, inUnits, parseDecimal, type ContaDecimal } from '@app/contracts/decimal';

/**
 * Correção rápida: what the teacher types in a cell of the grid, read as a child's answer. A cell has one input (the
 * result) or, for a division's conta, two (the quociente and the resto). A decimal answer ("4,2", "4,20", "R$ 4,20")
 * is kept as the integer of its conta's last casa (420 centésimos), as the sheet's problem holds its numbers. Pure
 * functions, no React.
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

/**
 * How a cell's answer is read: the casas of a decimal answer (a decimal conta's result, or its blank term when that is
 * in units: the natural multiplier or divisor of × and ÷ is not); undefined for a natural one.
 */
export type Reading = ContaDecimal | undefined;

export function readingOf(problem: CorrectionProblem): Reading {
  // A situação-problema asking how many (cédulas e moedas, ônibus) is answered with a whole number.
  if (problem.answer !== undefined) return undefined;
  const asked = problem.blank ?? 'result';
  return problem.decimal !== undefined && inUnits(problem.op, asked) ? problem.decimal : undefined;
}

/** What a refused input is told: whole numbers, or a decimal with at most the conta's casas. */
export function invalidMessage(reading: Reading): string {
  if (reading === undefined) return Msg.typedAnswerInvalid;
  const example = reading.casas === 1 ? '4,5' : '4,25';
  const how = reading.reais
    ? `o valor em reais, como ${example} ou R$ ${example}`
    : `o número com até ${reading.casas === 1 ? '1 casa' : `${reading.casas} casas`} depois da vírgula, como ${example}`;
  return `Digite ${how} (para deixar em branco, digite -).`;
}

/**
 * One input's text: a whole number (digits only), or for a decimal answer its units (`parseDecimal`), up to
 * TYPED_NUMBER_MAX; null when empty, undefined otherwise.
 */
function numberOf(text: string, reading: Reading): number | null | undefined {
  if (text === '') return null;
  const digits = /^\d+$/.test(text) ? Number(text) : undefined;
  // "R$" alone is no number (parseDecimal reads it as nothing typed).
  const value = reading === undefined ? digits : (parseDecimal(text, reading.casas) ?? undefined);
  return value !== undefined && value <= TYPED_NUMBER_MAX ? value : undefined;
}

/**
 * A cell's inputs read as an answer: digits are the number the child wrote (a decimal answer's with its vírgula, in
 * units of its last casa); '-' alone (the other input empty) is em branco; both empty is the cell cleared; anything
 * else is refused with `invalidMessage`. Spaces around a number are ignored.
 */
export function parseTyped(resultText: string, remainderText = '', reading: Reading = undefined): Parsed {
  const refused: Parsed = { ok: false, message: invalidMessage(reading) };
  const result = resultText.trim();
  const remainder = remainderText.trim();
  if (result === BLANK_TEXT || remainder === BLANK_TEXT) {
    const other = result === BLANK_TEXT ? remainder : result;
    return other === '' ? { ok: true, value: { result: null, remainder: null, blank: true } } : refused;
  }
  const r = numberOf(result, reading);
  const rest = numberOf(remainder, undefined);
  if (r === undefined || rest === undefined) return refused;
  return { ok: true, value: { result: r, remainder: rest, blank: false } };
}

/**
 * The text an input shows for a stored cell: its number (a decimal answer with every casa of its conta: "4,20"), '-'
 * in the result input for em branco, else nothing.
 */
export function textOf(value: CellValue | undefined, part: Part, reading: Reading = undefined): string {
  if (!value) return '';
  if (value.blank) return part === 'result' ? BLANK_TEXT : '';
  const n = value[part];
  if (n === null) return '';
  return part === 'result' && reading !== undefined ? decimalText(n, reading.casas) : String(n);
}

/** Two values are the same answer (so retyping what is there saves nothing). */
export const sameValue = (a: CellValue | undefined, b: CellValue): boolean =>
  (a ?? CLEARED).result === b.result &&
  (a ?? CLEARED).remainder === b.remainder &&
  (a ?? CLEARED).blank === b.blank;

/** The key of a cell: a sheet (its version number) and a problem (0-based). */
export const cellKey = (version: number, problem: number): string => `${version}:${problem}`;

/**
 * A cell as saved: its value, where it is and when it was typed; `photo` when it was read from a photo and not yet
 * confirmed ("lido da foto").
 */
export const typedCell = (
  version: number,
  problem: number,
  value: CellValue,
  at: number,
  photo = false,
): TypedCell => ({
  version,
  problem,
  result: value.result,
  remainder: value.remainder,
  blank: value.blank,
  at,
  ...(photo ? { photo: true as const } : {}),
});
