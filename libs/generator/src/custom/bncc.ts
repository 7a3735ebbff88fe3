import type { Operation, Problem } from '../types.js';

type Within = (problem: Problem) => boolean;

const terms =
  (max: number): Within =>
  (p) =>
    p.a <= max && p.b <= max;
const upTo =
  (max: number): Within =>
  (p) =>
    p.a <= max && p.b <= max && p.result <= max;
const any: Within = () => true;
/** The skills of natural numbers hold no decimal conta. */
const natural =
  (within: Within): Within =>
  (p) =>
    p.decimal === undefined && within(p);
const naturals = (scope: Partial<Record<Operation, Within>>): Partial<Record<Operation, Within>> =>
  Object.fromEntries(Object.entries(scope).map(([op, within]) => [op, natural(within)]));
/** A conta em reais (every number in centavos), up to `max` centavos when given. */
const reais =
  (max = Infinity): Within =>
  (p) =>
    p.decimal?.reais === true && p.a <= max && p.b <= max && p.result <= max;

/**
 * Each skill's scope, read from its text (the README's BNCC table; the same scopes the level pages are tested
 * against): for each operation the skill speaks of, which problems lie within it. In the BNCC's order.
 */
export const SKILL_SCOPES: ReadonlyArray<{ code: string; scope: Partial<Record<Operation, Within>> }> = [
  // Fatos básicos da adição (1º ano: numbers up to two digits).
  { code: 'EF01MA06', scope: naturals({ add: upTo(99) }) },
  // Adição e subtração envolvendo números de até dois algarismos.
  { code: 'EF01MA08', scope: naturals({ add: upTo(99), sub: upTo(99) }) },
  // Fatos básicos da adição e subtração (2º ano: up to three orders).
  { code: 'EF02MA05', scope: naturals({ add: upTo(999), sub: upTo(999) }) },
  // Adição e subtração envolvendo números de até três ordens.
  { code: 'EF02MA06', scope: naturals({ add: upTo(999), sub: upTo(999) }) },
  // Multiplicação (por 2, 3, 4 e 5), adição de parcelas iguais: small multiplicands.
  { code: 'EF02MA07', scope: naturals({ mult: (p) => p.b >= 2 && p.b <= 5 && p.a <= 10 }) },
  // Dobro, metade, triplo e terça parte: ÷2 and ÷3, exact.
  { code: 'EF02MA08', scope: naturals({ div: (p) => (p.b === 2 || p.b === 3) && p.remainder === 0 }) },
  // Fatos básicos da adição e da multiplicação: one-digit multipliers.
  { code: 'EF03MA03', scope: naturals({ add: terms(9999), mult: (p) => p.b <= 9 }) },
  // Cálculo mental e escrito de adição e subtração (3º ano: up to four orders).
  { code: 'EF03MA05', scope: naturals({ add: terms(9999), sub: terms(9999) }) },
  { code: 'EF03MA06', scope: naturals({ add: terms(9999), sub: terms(9999) }) },
  // Multiplicação (por 2, 3, 4, 5 e 10).
  { code: 'EF03MA07', scope: naturals({ mult: (p) => [2, 3, 4, 5, 10].includes(p.b) }) },
  // Divisão de um número natural por outro (até 10), com resto zero e com resto diferente de zero.
  { code: 'EF03MA08', scope: naturals({ div: (p) => p.b <= 10 }) },
  // Comparação e equivalência de valores monetários em situações de compra, venda e troca (3º ano): + and − em
  // reais up to R$ 100,00.
  { code: 'EF03MA24', scope: { add: reais(10_000), sub: reais(10_000) } },
  // Adição e subtração com números naturais (4º ano: up to the dezenas de milhar).
  { code: 'EF04MA03', scope: naturals({ add: terms(99_999), sub: terms(99_999) }) },
  // Multiplicação com algoritmos.
  { code: 'EF04MA06', scope: naturals({ mult: terms(99_999) }) },
  // Divisão cujo divisor tenha no máximo dois algarismos.
  { code: 'EF04MA07', scope: naturals({ div: (p) => p.b <= 99 }) },
  // Situações de compra e venda e formas de pagamento, troco e desconto (4º ano): every conta em reais.
  { code: 'EF04MA25', scope: { add: reais(), sub: reais(), mult: reais(), div: reais() } },
  // Adição e subtração com números naturais e racionais de representação decimal finita.
  { code: 'EF05MA07', scope: { add: any, sub: any } },
  // Multiplicação e divisão com multiplicador natural e divisor natural diferente de zero.
  { code: 'EF05MA08', scope: { mult: any, div: (p) => p.b >= 1 } },
];

const yearOf = (code: string) => Number(code.slice(2, 4));

/**
 * The codes of a custom page, from what it holds (README, "BNCC codes" and "Opções personalizadas"). A skill may be
 * printed only when every problem of every page operation it speaks of lies within its scope; among those, each
 * operation prints the skills of the first school year that has one for it (a sheet of sums up to 99 is the 1º ano's,
 * not also the 5º's). Every operation gets at least one code (EF05MA07 and EF05MA08 hold every problem drawn).
 */
export function contentBncc(problems: readonly Problem[], operations: readonly Operation[]): string[] {
  const fits = SKILL_SCOPES.filter(
    ({ scope }) =>
      operations.some((op) => scope[op] !== undefined) &&
      problems.every((problem) => {
        const within = scope[problem.op];
        return within === undefined || within(problem);
      }),
  );
  const codes = new Set<string>();
  for (const op of operations) {
    const forOp = fits.filter(({ scope }) => scope[op] !== undefined);
    if (forOp.length === 0) throw new Error(`no BNCC skill holds the page's ${op}`);
    const year = Math.min(...forOp.map(({ code }) => yearOf(code)));
    for (const { code } of forOp) if (yearOf(code) === year) codes.add(code);
  }
  return SKILL_SCOPES.map(({ code }) => code).filter((code) => codes.has(code));
}
