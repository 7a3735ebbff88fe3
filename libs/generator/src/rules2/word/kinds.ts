import type { Operation, Problem } from '../../types.js';

/**
 * The meanings the BNCC gives the four operations, each a family of problem kinds:
 * + juntar, acrescentar; − separar, retirar, comparar (quantos a mais), completar (quanto falta);
 * × parcelas iguais, disposição retangular, proporcionalidade; ÷ repartição em partes iguais, medida (quantos grupos
 * de), and, for a division with resto, "quantos são necessários", where the resto asks for one more (quotient + 1).
 */
export type WordKind =
  | 'juntar'
  | 'acrescentar'
  | 'separar'
  | 'retirar'
  | 'comparar'
  | 'completar'
  | 'parcelas-iguais'
  | 'disposicao-retangular'
  | 'proporcionalidade'
  | 'reparticao'
  | 'medida'
  | 'necessarios';

export interface KindInfo {
  readonly op: Operation;
  /** The meaning as the BNCC and a teacher name it. */
  readonly label: string;
  /** Which divisions the kind reads: any, or only those with a resto (the resto is what the question is about). */
  readonly remainder: 'any' | 'required';
}

export const WORD_KINDS: Readonly<Record<WordKind, KindInfo>> = {
  juntar: { op: 'add', label: 'Juntar', remainder: 'any' },
  acrescentar: { op: 'add', label: 'Acrescentar', remainder: 'any' },
  separar: { op: 'sub', label: 'Separar', remainder: 'any' },
  retirar: { op: 'sub', label: 'Retirar', remainder: 'any' },
  comparar: { op: 'sub', label: 'Comparar (quantos a mais)', remainder: 'any' },
  completar: { op: 'sub', label: 'Completar (quanto falta)', remainder: 'any' },
  'parcelas-iguais': { op: 'mult', label: 'Adição de parcelas iguais', remainder: 'any' },
  'disposicao-retangular': { op: 'mult', label: 'Disposição retangular', remainder: 'any' },
  proporcionalidade: { op: 'mult', label: 'Proporcionalidade', remainder: 'any' },
  reparticao: { op: 'div', label: 'Repartição em partes iguais', remainder: 'any' },
  medida: { op: 'div', label: 'Medida (quantos grupos de)', remainder: 'any' },
  necessarios: { op: 'div', label: 'Quantos são necessários (o resto pede mais um)', remainder: 'required' },
};

/** Every kind, in the order + − × ÷ and, within an operation, the BNCC's order. */
export const WORD_KIND_LIST = Object.keys(WORD_KINDS) as WordKind[];

export const kindsOf = (op: Operation): WordKind[] =>
  WORD_KIND_LIST.filter((kind) => WORD_KINDS[kind].op === op);

/** Whether a kind can read a conta: a "quantos são necessários" needs a resto. */
export const kindFits = (kind: WordKind, conta: Problem): boolean =>
  WORD_KINDS[kind].op === conta.op && (WORD_KINDS[kind].remainder === 'any' || conta.remainder > 0);

/**
 * A BNCC skill that names problem solving, with what it names: the meanings (kinds), how large the numbers are
 * (every number of the problem, operands and result, at most `max`: the orders of that year's numbers), and for
 * some skills the multiplier or divisor it names.
 */
export interface WordSkill {
  readonly code: string;
  /** The school year (1º–5º ano): a problem prints the codes of the first year whose skills name it. */
  readonly year: number;
  readonly kinds: readonly WordKind[];
  readonly max: number;
  readonly fits?: (conta: Problem) => boolean;
}

const ADD_SUB_FIRST: readonly WordKind[] = ['juntar', 'acrescentar', 'separar', 'retirar'];
const ADD_SUB_ALL: readonly WordKind[] = [...ADD_SUB_FIRST, 'comparar', 'completar'];
const MULT_ALL: readonly WordKind[] = ['parcelas-iguais', 'disposicao-retangular', 'proporcionalidade'];
const DIV_ALL: readonly WordKind[] = ['reparticao', 'medida', 'necessarios'];

/**
 * The skills, in the order they print (the BNCC's). Texts, abridged:
 * EF01MA08 problemas de adição e subtração, números de até dois algarismos, juntar, acrescentar, separar, retirar ·
 * EF02MA06 o mesmo com números de até três ordens · EF02MA07 multiplicação (por 2, 3, 4 e 5) com a ideia de adição
 * de parcelas iguais · EF02MA08 dobro, metade, triplo e terça parte · EF03MA06 adição e subtração com os
 * significados de juntar, acrescentar, separar, retirar, comparar e completar (números do 3º ano: até a unidade de
 * milhar) · EF03MA07 multiplicação (por 2, 3, 4, 5 e 10), parcelas iguais e disposição retangular · EF03MA08 divisão
 * por outro número (até 10), com resto zero e diferente de zero, repartição equitativa e medida · EF04MA03 adição e
 * subtração com números naturais (até a dezena de milhar) · EF04MA06 os diferentes significados da multiplicação
 * (parcelas iguais, organização retangular, proporcionalidade) · EF04MA07 divisão com divisor de no máximo dois
 * algarismos, repartição equitativa e medida · EF05MA07 adição e subtração (até a centena de milhar) · EF05MA08
 * multiplicação e divisão.
 */
export const WORD_SKILLS: readonly WordSkill[] = [
  { code: 'EF01MA08', year: 1, kinds: ADD_SUB_FIRST, max: 99 },
  { code: 'EF02MA06', year: 2, kinds: ADD_SUB_FIRST, max: 999 },
  { code: 'EF02MA07', year: 2, kinds: ['parcelas-iguais'], max: 999, fits: ({ b }) => b >= 2 && b <= 5 },
  // Metade e terça parte: an exact repartição in 2 or 3.
  {
    code: 'EF02MA08',
    year: 2,
    kinds: ['reparticao'],
    max: 999,
    fits: ({ b, remainder }) => (b === 2 || b === 3) && remainder === 0,
  },
  { code: 'EF03MA06', year: 3, kinds: ADD_SUB_ALL, max: 9_999 },
  {
    code: 'EF03MA07',
    year: 3,
    kinds: ['parcelas-iguais', 'disposicao-retangular'],
    max: 9_999,
    fits: ({ b }) => (b >= 2 && b <= 5) || b === 10,
  },
  { code: 'EF03MA08', year: 3, kinds: DIV_ALL, max: 9_999, fits: ({ b }) => b <= 10 },
  { code: 'EF04MA03', year: 4, kinds: ADD_SUB_ALL, max: 99_999 },
  { code: 'EF04MA06', year: 4, kinds: MULT_ALL, max: 99_999 },
  { code: 'EF04MA07', year: 4, kinds: DIV_ALL, max: 99_999, fits: ({ b }) => b <= 99 },
  { code: 'EF05MA07', year: 5, kinds: ADD_SUB_ALL, max: 999_999 },
  { code: 'EF05MA08', year: 5, kinds: [...MULT_ALL, ...DIV_ALL], max: 999_999 },
];

const largest = ({ a, b, result }: Problem): number => Math.max(a, b, result);

/** Whether a skill names a problem of this kind with these numbers. */
export const skillNames = (skill: WordSkill, kind: WordKind, conta: Problem): boolean =>
  skill.kinds.includes(kind) && largest(conta) <= skill.max && (skill.fits?.(conta) ?? true);

/**
 * The codes a problem prints: those of the first school year whose skills name its kind and reach its numbers. A
 * later year's skill always covers an earlier one's problems too ("números até a centena de milhar" holds 35 + 18),
 * so printing every skill that covers a problem would place 35 + 18 in the 5º ano; the first year is where the
 * BNCC puts it.
 */
export function wordBncc(kind: WordKind, conta: Problem): string[] {
  const named = WORD_SKILLS.filter((skill) => skillNames(skill, kind, conta));
  if (named.length === 0) return [];
  const year = Math.min(...named.map((skill) => skill.year));
  return named.filter((skill) => skill.year === year).map((skill) => skill.code);
}

/** A page's codes: every code of its problems, each once, in the BNCC's order. */
export function wordPageBncc(problems: ReadonlyArray<{ bncc: readonly string[] }>): string[] {
  const codes = new Set(problems.flatMap((problem) => problem.bncc));
  return WORD_SKILLS.map((skill) => skill.code).filter((code) => codes.has(code));
}
