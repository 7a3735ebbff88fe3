/** The cédulas (R$ 200 to R$ 2) and moedas (R$ 1 to 5 centavos) of the Real, in centavos, written here again. */
const REAL = [20_000, 10_000, 5_000, 2_000, 1_000, 500, 200, 100, 50, 25, 10, 5];

/**
 * The least number of cédulas and moedas of every value up to `max` centavos (multiples of 5), counted by trying
 * every piece last (dynamic programming): an oracle that shares nothing with the greedy payment.
 */
export function leastPieces(max: number): Int32Array {
  const units = REAL.map((value) => value / 5);
  const least = new Int32Array(max / 5 + 1).fill(1_000_000_000);
  least[0] = 0;
  for (let n = 1; n < least.length; n++)
    for (const unit of units) if (unit <= n) least[n] = Math.min(least[n]!, least[n - unit]! + 1);
  return least;
}

/**
 * An answer sentence's cédulas and moedas read back from its words ("2 cédulas de R$ 20,00", "1 moeda de 50
 * centavos"): how many in all and the value they make, in centavos; null when a part is not one of them.
 */
export function piecesOfSentence(sentence: string): { count: number; value: number } | null {
  const list = sentence.slice(sentence.indexOf(':') + 1).replace(/\.$/, '');
  let count = 0;
  let value = 0;
  for (const part of list.split(/, | e (?=\d)/)) {
    const match = /^\s*(\d+) (?:cédulas?|moedas?) de (?:R\$\s(\d+),00|(\d+) centavos)$/.exec(part);
    if (match === null) return null;
    const each = match[2] !== undefined ? Number(match[2]) * 100 : Number(match[3]);
    if (!REAL.includes(each)) return null;
    count += Number(match[1]);
    value += Number(match[1]) * each;
  }
  return { count, value };
}
