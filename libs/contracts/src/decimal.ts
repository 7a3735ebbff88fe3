/**
 * Decimal contas ("Dinheiro e decimais"): how their numbers are held and written, stated once for the generator, the
 * sheet, the answers online and the correction grid. No floating point anywhere: a decimal number is an integer of
 * its conta's smallest unit (a décimo or a centésimo: R$ 12,50 is 1250 centavos), and only its text has a vírgula.
 *
 * No zod and no other import: the generator and the SPA import it on its own (`@app/contracts/decimal`).
 */

/**
 * What makes a conta decimal. `a`, the result (and `b` in + and −) are integers of 10^−`casas`; `b` of × and ÷ is
 * natural (a decimal by a natural number, EF05MA08). `a` and `b` say how many casas each term is printed with (up to
 * `casas`): 3,5 in a conta of centésimos (3,5 + 12,75) is 350 printed with 1 casa, the one the learner completes with
 * zero; a natural dividend (13 ÷ 4 = 3,25) is printed with none. The result is printed with every casa.
 */
export interface ContaDecimal {
  casas: 1 | 2;
  a: number;
  b: number;
  /** Em reais: the numbers in a line print "R$ 12,50" (always 2 casas). */
  reais?: true;
}

/** The decimal part's digits of a unit: 10 for décimos, 100 for centésimos. */
export const unitsPerOne = (casas: number): number => 10 ** casas;

/** The thousands of a whole part as Brazilians write them: 1234 → "1.234". */
const grouped = (digits: string) => digits.replace(/\B(?=(\d{3})+$)/g, '.');

/**
 * A number of `casas` casas held as an integer of its unit, written with `shown` casas (at most `casas`; the casas
 * dropped must be zeros): `decimalText(350, 2, 1)` is "3,5", `decimalText(1250, 2)` "12,50", `decimalText(1300, 2,
 * 0)` "13". `group`: a dot between thousands ("1.234,5"), as in a line of text (never in the conta's columns).
 */
export function decimalText(units: number, casas: number, shown = casas, group = false): string {
  if (!Number.isSafeInteger(units) || units < 0) throw new RangeError(`not a decimal's units: ${units}`);
  if (shown > casas || shown < 0) throw new RangeError(`cannot show ${shown} of ${casas} casas`);
  const dropped = 10 ** (casas - shown);
  if (units % dropped !== 0) throw new RangeError(`${units} has more than ${shown} casas`);
  const value = units / dropped;
  const digits = String(value).padStart(shown + 1, '0');
  const whole = digits.slice(0, digits.length - shown);
  const part = digits.slice(digits.length - shown);
  const wholeText = group ? grouped(whole) : whole;
  return shown === 0 ? wholeText : `${wholeText},${part}`;
}

/** Money of a conta em reais: `reaisText(1250)` is "R$ 12,50", `reaisText(123450)` "R$ 1.234,50". */
export const reaisText = (centavos: number): string => `R$ ${decimalText(centavos, 2, 2, true)}`;

/** Which number of a conta: its terms, its result. */
export type ContaNumber = 'a' | 'b' | 'result';

/**
 * The casas a number of a decimal conta is printed with: a term's own (`decimal.a`, `decimal.b`), the result every
 * casa; `b` of × and ÷ is natural.
 */
export function shownCasas(decimal: ContaDecimal, which: ContaNumber): number {
  return which === 'result' ? decimal.casas : decimal[which];
}

/** The units `which` is held in: 10^−casas, but `b` of × and ÷ (a natural number). */
export const inUnits = (op: string, which: ContaNumber): boolean =>
  which !== 'b' || op === 'add' || op === 'sub';

/**
 * A number of a conta as a line of text prints it: natural (`thousands` grouping), a decimal with its own casas
 * ("3,5"), or in reais ("R$ 12,50"). `group: false` for the conta's columns (no thousands dot, no "R$").
 */
export function contaNumberText(
  conta: { op: string; a: number; b: number; result: number; decimal?: ContaDecimal | undefined },
  which: ContaNumber,
  options: { group?: boolean; reais?: boolean } = {},
): string {
  const value = conta[which];
  const decimal = conta.decimal;
  const group = options.group ?? true;
  if (decimal === undefined || !inUnits(conta.op, which))
    return group ? grouped(String(value)) : String(value);
  if (decimal.reais && (options.reais ?? group)) return reaisText(value);
  return decimalText(value, decimal.casas, shownCasas(decimal, which), group);
}

/**
 * What a teacher types for a decimal answer, read in the conta's units: "4,2", "4,20" and "4.20" are 420 in a conta of
 * centésimos, "4" is 400, "R$ 4,20" too; null when empty; undefined for anything else (more casas than the conta has,
 * letters, two vírgulas).
 */
export function parseDecimal(text: string, casas: number): number | null | undefined {
  const trimmed = text
    .trim()
    .replace(/^R\$\s*/, '')
    .trim();
  if (trimmed === '') return null;
  const match = /^(\d+)(?:[,.](\d*))?$/.exec(trimmed);
  if (match === null) return undefined;
  const part = match[2] ?? '';
  if (part.length > casas) return undefined;
  const units = Number(match[1]) * 10 ** casas + Number(part.padEnd(casas, '0') || '0');
  return Number.isSafeInteger(units) ? units : undefined;
}
