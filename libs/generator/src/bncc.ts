import type { Level, Operation } from './types.js';

/**
 * Which BNCC skills a page practises, by level and operation. Codes print in this order, each once, keeping
 * only those of the operations on the page. Each code is printed only for operations whose every problem lies
 * within what the skill names (the level table is cut to fit the codes, see the README):
 *
 * Fácil  EF01MA06 fatos básicos da adição (+) · EF01MA08 adição e subtração até dois algarismos (+ −)
 *        · EF02MA05 fatos básicos da adição e subtração (+ −) · EF02MA06 adição e subtração até três ordens (+ −)
 *        · EF02MA07 multiplicação por 2, 3, 4 e 5 (×: tabuadas do 2 ao 5)
 *        · EF02MA08 dobro, metade, triplo e terça parte (÷: ÷2 and ÷3 only)
 * Médio  EF03MA03 fatos básicos da adição e da multiplicação (+ ×) · EF03MA05 cálculo mental e escrito de adição e
 *        subtração (+ −) · EF03MA06 problemas de adição e subtração (+ −) · EF03MA07 multiplicação por 2, 3, 4, 5
 *        e 10 (×: multiplier 2–5) · EF03MA08 divisão por até 10, com resto zero e diferente de zero (÷: 2–9, both)
 * Difícil EF04MA03 adição e subtração com algoritmos (+ −) · EF04MA06 multiplicação (×) · EF04MA07 divisão com
 *        divisor de até dois algarismos (÷) · EF05MA07 adição e subtração (+ −) · EF05MA08 multiplicação e divisão
 *        (× ÷)
 */
export const BNCC_SKILLS: Record<Level, ReadonlyArray<{ code: string; operations: readonly Operation[] }>> = {
  0: [
    { code: 'EF01MA06', operations: ['add'] },
    { code: 'EF01MA08', operations: ['add', 'sub'] },
    { code: 'EF02MA05', operations: ['add', 'sub'] },
    { code: 'EF02MA06', operations: ['add', 'sub'] },
    { code: 'EF02MA07', operations: ['mult'] },
    { code: 'EF02MA08', operations: ['div'] },
  ],
  1: [
    { code: 'EF03MA03', operations: ['add', 'mult'] },
    { code: 'EF03MA05', operations: ['add', 'sub'] },
    { code: 'EF03MA06', operations: ['add', 'sub'] },
    { code: 'EF03MA07', operations: ['mult'] },
    { code: 'EF03MA08', operations: ['div'] },
  ],
  2: [
    { code: 'EF04MA03', operations: ['add', 'sub'] },
    { code: 'EF04MA06', operations: ['mult'] },
    { code: 'EF04MA07', operations: ['div'] },
    { code: 'EF05MA07', operations: ['add', 'sub'] },
    { code: 'EF05MA08', operations: ['mult', 'div'] },
  ],
};

export function bnccCodes(level: Level, operations: readonly Operation[]): string[] {
  return BNCC_SKILLS[level]
    .filter((skill) => skill.operations.some((op) => operations.includes(op)))
    .map((skill) => skill.code);
}
