import type { WrongFact } from '@app/contracts/mistake-ids';

/**
 * The written algorithms as a Brazilian child works them on paper (conta armada, método da chave), each with switches
 * that turn on a systematic mistake. With no switch on, each answers the right result; a mistake of the catalogue
 * (catalogue.ts) is one switch, and a child with two mistakes of one operation is the same algorithm with both on.
 * Numbers are whole and non-negative, as on the sheets (a − b with a ≥ b).
 */

/** The digits of n, units first: 507 → [7, 0, 5]. */
export function digitsOf(n: number): number[] {
  const digits: number[] = [];
  let rest = n;
  do {
    digits.push(rest % 10);
    rest = Math.floor(rest / 10);
  } while (rest > 0);
  return digits;
}

/** The number a child writes column by column (units first): a column may hold more than one digit ("12"). */
const written = (columns: readonly string[]): number => Number([...columns].reverse().join(''));

export interface AddSwitches {
  /** Esquece a reserva: writes the units of each column's sum and carries nothing (the last column whole). */
  semReserva?: boolean;
  /** Escreve o número todo na coluna: 7 + 5 → writes 12 under the column, carries nothing. */
  numeroTodo?: boolean;
}

export function addColumns(a: number, b: number, on: AddSwitches = {}): number {
  const top = digitsOf(a);
  const bottom = digitsOf(b);
  const width = Math.max(top.length, bottom.length);
  const columns: string[] = [];
  let carry = 0;
  for (let i = 0; i < width; i++) {
    const sum = (top[i] ?? 0) + (bottom[i] ?? 0) + carry;
    const last = i === width - 1;
    if (on.numeroTodo) {
      columns.push(String(sum));
      carry = 0;
    } else if (on.semReserva) {
      columns.push(String(last ? sum : sum % 10));
      carry = 0;
    } else {
      columns.push(String(last ? sum : sum % 10));
      carry = Math.floor(sum / 10);
    }
  }
  return written(columns);
}

export interface SubSwitches {
  /** Subtrai o menor do maior em cada coluna: 52 − 27 → 35 (7 − 2 in the units), never borrows. */
  menorDoMaior?: boolean;
  /** Empresta e não desconta: takes 10 for the column and does not take 1 from the next one. */
  emprestaNaoDesconta?: boolean;
  /** Zero no minuendo: borrowing from a 0, turns it into 9 and does not take 1 from the digit after it. */
  zeroNoMinuendo?: boolean;
}

export function subColumns(a: number, b: number, on: SubSwitches = {}): number {
  const top = digitsOf(a);
  const bottom = digitsOf(b);
  const columns: string[] = [];
  for (let i = 0; i < top.length; i++) {
    const t = top[i]!;
    const d = bottom[i] ?? 0;
    if (t >= d) {
      columns.push(String(t - d));
      continue;
    }
    if (on.menorDoMaior) {
      columns.push(String(d - t));
      continue;
    }
    columns.push(String(t + 10 - d));
    if (on.emprestaNaoDesconta) continue;
    // The borrow: a 0 lends by becoming 9 and borrowing in turn from the digit after it; with the mistake, the 0
    // becomes 9 and nothing is taken after it.
    let j = i + 1;
    if (on.zeroNoMinuendo && top[j] === 0) {
      top[j] = 9;
      continue;
    }
    while (j < top.length && top[j] === 0) top[j++] = 9;
    if (j < top.length) top[j] = top[j]! - 1;
  }
  return written(columns);
}

/** A multiplication fact the child holds wrong: `x × y = value` (either order), x and y from 0 to 9. */
export type { WrongFact };

export interface MultSwitches {
  /** Esquece de somar a reserva: each digit's product written without the carry of the one before. */
  semReserva?: boolean;
  /** Não desloca o segundo produto parcial: the partial products added without moving one column left. */
  naoDesloca?: boolean;
  /** Fato da tabuada: one fact used wrong wherever it comes up. */
  fact?: WrongFact;
}

const factOf = (x: number, y: number, wrong: WrongFact | undefined): number =>
  wrong && ((wrong.x === x && wrong.y === y) || (wrong.x === y && wrong.y === x)) ? wrong.value : x * y;

/** a × one digit, written from the units: each column's product plus the carry; the last product written whole. */
function partialProduct(a: number, digit: number, on: MultSwitches): number {
  const top = digitsOf(a);
  const columns: string[] = [];
  let carry = 0;
  for (let i = 0; i < top.length; i++) {
    const product = factOf(top[i]!, digit, on.fact) + (on.semReserva ? 0 : carry);
    columns.push(String(i === top.length - 1 ? product : product % 10));
    carry = Math.floor(product / 10);
  }
  return written(columns);
}

export function multColumns(a: number, b: number, on: MultSwitches = {}): number {
  return digitsOf(b).reduce(
    (sum, digit, j) => sum + partialProduct(a, digit, on) * (on.naoDesloca ? 1 : 10 ** j),
    0,
  );
}

export interface DivSwitches {
  /** Esquece o zero do quociente: a step whose digit is 0 (after the first) writes nothing (612 ÷ 6 → 12). */
  esqueceZero?: boolean;
  /** Resto maior que o divisor: the last digit of the quotient one short, so the resto is divisor or more. */
  restoMaior?: boolean;
}

/** A division's answer: the quotient and the resto. */
export interface Quotient {
  result: number;
  remainder: number;
}

/** The método da chave: the first partial dividend big enough, then one digit brought down a step. */
export function divColumns(a: number, b: number, on: DivSwitches = {}): Quotient {
  const digits = String(a).split('').map(Number);
  let rest = 0;
  let quotient = '';
  let started = false;
  for (let i = 0; i < digits.length; i++) {
    rest = rest * 10 + digits[i]!;
    const last = i === digits.length - 1;
    if (!started && rest < b && !last) continue;
    started = true;
    let digit = Math.floor(rest / b);
    if (on.restoMaior && last && digit > 0) digit -= 1;
    rest -= digit * b;
    if (digit === 0 && on.esqueceZero && quotient !== '') continue;
    quotient += String(digit);
  }
  return { result: Number(quotient), remainder: rest };
}
