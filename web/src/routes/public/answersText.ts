import { contaNumberText, type ContaDecimal } from '@app/contracts/decimal';

/**
 * The gabarito online's words for a conta and its answer, its numbers as a line of the sheet prints them
 * (`contaNumberText`): naturals with the thousands' dot ("1.234"), decimals with their casas ("4,2", "3,25"), money in
 * reais ("R$ 4,20"). Pure.
 */

const SIGNS = { add: '+', sub: '\u2212', mult: '×', div: '÷' } as const;
const natural = new Intl.NumberFormat('pt-BR');

/** A conta of the answers route: its numbers (a decimal's in units of its last casa) and its casas. */
export interface AnsweredConta {
  op: keyof typeof SIGNS;
  a: number;
  b: number;
  result: number;
  remainder: number;
  decimal?: ContaDecimal | undefined;
}

/** "R$ 9,00" never broken between the sign and the number. */
export const unbroken = (text: string): string => text.replace(/R\$ /g, 'R$\u00a0');

const numberText = (conta: AnsweredConta, which: 'a' | 'b' | 'result') =>
  unbroken(contaNumberText(conta, which));

/** The conta asked: "1.234 + 56", "12,5 × 4", "R$ 12,60 ÷ 3". */
export const problemText = (conta: AnsweredConta): string =>
  `${numberText(conta, 'a')} ${SIGNS[conta.op]} ${numberText(conta, 'b')}`;

/** A conta of a situação-problema, worked: "35 + 18 = 53", "47 ÷ 5 = 9, resto 2". */
export function contaText(conta: AnsweredConta): string {
  const worked = `${problemText(conta)} = ${numberText(conta, 'result')}`;
  return conta.op === 'div' && conta.remainder > 0
    ? `${worked}, resto ${natural.format(conta.remainder)}`
    : worked;
}

/**
 * The answer: the result ("4,2", "R$ 4,20"); a division's quotient and its resto ("quociente 9, resto 2"), but a
 * Fácil page's divisions and a decimal one (it goes on to the last casa) are exact: the quotient only.
 */
export function answerText(conta: AnsweredConta, level: number): string {
  const result = numberText(conta, 'result');
  if (conta.op !== 'div') return result;
  if (level === 0 || conta.decimal !== undefined) return `quociente ${result}`;
  return `quociente ${result}, resto ${natural.format(conta.remainder)}`;
}
