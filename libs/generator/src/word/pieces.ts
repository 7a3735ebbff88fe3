import { NOTES } from '../custom/decimal.js';
import type { Problem } from '../types.js';
import { reais } from './lexicon.js';

/**
 * The cédulas and moedas of the Real, and a value paid "com o menor número de cédulas e moedas" (EF03MA24: a
 * equivalência de valores monetários; EF04MA25: formas de pagamento e troco). Values are in centavos.
 */

/** The cédulas (R$ 200 to R$ 2), largest first. */
export const CEDULAS: readonly number[] = [...NOTES].reverse();
/** The moedas in use (R$ 1 to 5 centavos; the 1 centavo moeda is no longer made), largest first. */
export const MOEDAS: readonly number[] = [100, 50, 25, 10, 5];
/** Every cédula and moeda, largest first. */
export const PIECES: readonly number[] = [...CEDULAS, ...MOEDAS];

/** How many of one cédula or moeda a payment uses. */
export interface Piece {
  /** Its value in centavos. */
  readonly value: number;
  readonly count: number;
}

/**
 * The fewest cédulas and moedas that make a value, largest first: each taken as many times as it fits in what is
 * left, as a child (and a caixa) pays. The Real's values make this the least number (a unit test compares it with
 * the least found by counting every way, for every value up to R$ 2.000). Null for a value no moeda reaches (not a
 * multiple of 5 centavos) or not above zero.
 */
export function fewestPieces(centavos: number): Piece[] | null {
  if (!Number.isSafeInteger(centavos) || centavos <= 0 || centavos % 5 !== 0) return null;
  const pieces: Piece[] = [];
  let left = centavos;
  for (const value of PIECES) {
    const count = Math.floor(left / value);
    if (count > 0) pieces.push({ value, count });
    left -= count * value;
  }
  return pieces;
}

/** The pieces that pay a conta's result (centavos); throws for one no moeda reaches (its templates refuse it). */
export function piecesOf(conta: Pick<Problem, 'result'>): Piece[] {
  const pieces = fewestPieces(conta.result);
  if (pieces === null) throw new Error(`${conta.result} centavos is no sum of cédulas and moedas`);
  return pieces;
}

/** How many cédulas and moedas in all. */
export const piecesCount = (pieces: readonly Piece[]): number =>
  pieces.reduce((sum, piece) => sum + piece.count, 0);

const isCedula = (value: number): boolean => CEDULAS.includes(value);

/** One piece in words: "1 cédula de R$ 20,00", "2 moedas de R$ 1,00", "1 moeda de 50 centavos". */
function pieceText({ value, count }: Piece): string {
  const name = isCedula(value) ? (count === 1 ? 'cédula' : 'cédulas') : count === 1 ? 'moeda' : 'moedas';
  const worth = value < 100 ? `${value} centavos` : reais(value);
  return `${count} ${name} de ${worth}`;
}

/** The pieces in words, largest first: "1 cédula de R$ 20,00, 2 moedas de R$ 1,00 e 1 moeda de 50 centavos". */
export function piecesText(pieces: readonly Piece[]): string {
  const parts = pieces.map(pieceText);
  return parts.length === 1 ? (parts[0] as string) : `${parts.slice(0, -1).join(', ')} e ${parts.at(-1)}`;
}

/** What the count is of: "3 cédulas", "1 moeda", "5 cédulas e moedas". */
export function countText(pieces: readonly Piece[]): string {
  const count = piecesCount(pieces);
  const cedulas = pieces.some((piece) => isCedula(piece.value));
  const moedas = pieces.some((piece) => !isCedula(piece.value));
  const noun = cedulas && moedas ? 'cédulas e moedas' : cedulas ? 'cédula' : 'moeda';
  return cedulas && moedas ? `${count} ${noun}` : `${count} ${noun}${count === 1 ? '' : 's'}`;
}
