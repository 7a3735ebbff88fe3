import type { Meaning } from '@app/contracts/custom-shape';
import type { Operation, Problem } from '../types.js';

/**
 * The meanings the BNCC gives the four operations, each a family of problem kinds (rules 3; the kinds of rules 2 are
 * frozen in `src/rules2/word/kinds.ts`):
 * + juntar, acrescentar; − separar, retirar, comparar (quantos a mais), quantos a menos, completar (quanto falta);
 * + and − início desconhecido (quanto tinha antes: the conta undoes what happened); × parcelas iguais, disposição
 * retangular, proporcionalidade, combinatória; × and ÷ comparação multiplicativa (dobro, triplo, "vezes mais";
 * metade, terça, quarta, quinta e décima parte); ÷ repartição em partes iguais, medida (quantos grupos de), and, for
 * a division with resto, "quantos são necessários", where the resto asks for one more (quotient + 1); em reais,
 * a total or a troco paid "com o menor número de cédulas e moedas" (its answer is how many: `word/pieces.ts`); and
 * duas etapas, two contas in one problem.
 */
export type WordKind =
  | 'juntar'
  | 'acrescentar'
  | 'separar'
  | 'retirar'
  | 'comparar'
  | 'quantos-a-menos'
  | 'completar'
  | 'inicio-desconhecido'
  | 'parcelas-iguais'
  | 'disposicao-retangular'
  | 'proporcionalidade'
  | 'comparacao-multiplicativa'
  | 'combinatoria'
  | 'reparticao'
  | 'medida'
  | 'necessarios'
  | 'cedulas-moedas'
  | 'duas-etapas';

export interface KindInfo {
  /** The operations whose contas the kind tells (duas etapas: the first of its two contas). */
  readonly ops: readonly Operation[];
  /** The meaning as the BNCC and a teacher name it. */
  readonly label: string;
  /**
   * Which divisions the kind reads: any; only those with a resto (the resto is what the question is about); or only
   * exact ones (a metade, a terça parte).
   */
  readonly remainder: 'any' | 'required' | 'none';
}

export const WORD_KINDS: Readonly<Record<WordKind, KindInfo>> = {
  juntar: { ops: ['add'], label: 'Juntar', remainder: 'any' },
  acrescentar: { ops: ['add'], label: 'Acrescentar', remainder: 'any' },
  separar: { ops: ['sub'], label: 'Separar', remainder: 'any' },
  retirar: { ops: ['sub'], label: 'Retirar', remainder: 'any' },
  comparar: { ops: ['sub'], label: 'Comparar (quantos a mais)', remainder: 'any' },
  'quantos-a-menos': { ops: ['sub'], label: 'Comparar (quantos a menos)', remainder: 'any' },
  completar: { ops: ['sub'], label: 'Completar (quanto falta)', remainder: 'any' },
  'inicio-desconhecido': { ops: ['add', 'sub'], label: 'Início desconhecido', remainder: 'any' },
  'parcelas-iguais': { ops: ['mult'], label: 'Adição de parcelas iguais', remainder: 'any' },
  'disposicao-retangular': { ops: ['mult'], label: 'Disposição retangular', remainder: 'any' },
  proporcionalidade: { ops: ['mult'], label: 'Proporcionalidade', remainder: 'any' },
  'comparacao-multiplicativa': {
    ops: ['mult', 'div'],
    label: 'Comparação (dobro, triplo, metade, vezes mais)',
    remainder: 'none',
  },
  combinatoria: { ops: ['mult'], label: 'Combinatória', remainder: 'any' },
  reparticao: { ops: ['div'], label: 'Repartição em partes iguais', remainder: 'any' },
  medida: { ops: ['div'], label: 'Medida (quantos grupos de)', remainder: 'any' },
  necessarios: {
    ops: ['div'],
    label: 'Quantos são necessários (o resto pede mais um)',
    remainder: 'required',
  },
  // A sum (the total of a purchase) or a difference (a troco) em reais, paid with the fewest cédulas and moedas.
  'cedulas-moedas': { ops: ['add', 'sub'], label: 'Cédulas e moedas (o menor número)', remainder: 'any' },
  'duas-etapas': { ops: ['add', 'sub', 'mult', 'div'], label: 'Duas etapas', remainder: 'any' },
};

/** Every kind, in the order + − × ÷ and, within an operation, the BNCC's order. */
export const WORD_KIND_LIST = Object.keys(WORD_KINDS) as WordKind[];

export const kindsOf = (op: Operation): WordKind[] =>
  WORD_KIND_LIST.filter((kind) => WORD_KINDS[kind].ops.includes(op));

/** Whether a kind can read a conta: a "quantos são necessários" needs a resto, a "metade" an exact division. */
export function kindFits(kind: WordKind, conta: Problem): boolean {
  const info = WORD_KINDS[kind];
  if (!info.ops.includes(conta.op)) return false;
  if (conta.op !== 'div') return true;
  return info.remainder === 'any' || (info.remainder === 'required') === conta.remainder > 0;
}

/** What a teacher chooses in "Personalizar" (the meanings of the situações-problema), each a group of kinds. */
export type { Meaning };

export interface MeaningInfo {
  /** The panel's label. */
  readonly label: string;
  /** An example, the panel's hint. */
  readonly example: string;
  readonly kinds: readonly WordKind[];
}

export const MEANINGS: Readonly<Record<Meaning, MeaningInfo>> = {
  'juntar-acrescentar': {
    label: 'Juntar e acrescentar',
    example: 'Ana tem 12 e Pedro tem 15; quantas têm juntos?',
    kinds: ['juntar', 'acrescentar'],
  },
  'separar-retirar': {
    label: 'Separar e retirar',
    example: 'Tinha 30 e deu 12; com quantas ficou?',
    kinds: ['separar', 'retirar'],
  },
  comparar: {
    label: 'Comparar: quantos a mais',
    example: 'Quantas Ana tem a mais que Pedro?',
    kinds: ['comparar'],
  },
  'quantos-a-menos': {
    label: 'Comparar: quantos a menos',
    example: 'Quantas Pedro tem a menos que Ana?',
    kinds: ['quantos-a-menos'],
  },
  completar: { label: 'Completar: quanto falta', example: 'Quantas faltam para 50?', kinds: ['completar'] },
  'inicio-desconhecido': {
    label: 'Início desconhecido',
    example: 'Ganhou 8 e ficou com 20; quantas tinha antes?',
    kinds: ['inicio-desconhecido'],
  },
  'parcelas-iguais': {
    label: 'Adição de parcelas iguais',
    example: '4 pacotes com 6 figurinhas',
    kinds: ['parcelas-iguais'],
  },
  'disposicao-retangular': {
    label: 'Disposição retangular',
    example: '5 fileiras com 8 cadeiras',
    kinds: ['disposicao-retangular'],
  },
  proporcionalidade: {
    label: 'Proporcionalidade',
    example: '1 custa R$ 6,00; quanto custam 4?',
    kinds: ['proporcionalidade'],
  },
  'comparacao-multiplicativa': {
    label: 'Dobro, triplo, metade, vezes mais',
    example: 'Pedro tem o triplo de Ana; quantas tem Pedro?',
    kinds: ['comparacao-multiplicativa'],
  },
  combinatoria: {
    label: 'Combinatória',
    example: '3 saias e 4 blusas: quantas combinações?',
    kinds: ['combinatoria'],
  },
  reparticao: {
    label: 'Repartição em partes iguais',
    example: '24 balas para 4 crianças; quantas cada uma?',
    kinds: ['reparticao'],
  },
  medida: {
    label: 'Medida: quantos cabem, quantos são necessários',
    example: '30 alunos em vans de 8; quantas vans?',
    kinds: ['medida', 'necessarios'],
  },
  'cedulas-moedas': {
    label: 'Cédulas e moedas: o menor número',
    example: 'Pagar R$ 37,85 com o menor número de cédulas e moedas',
    kinds: ['cedulas-moedas'],
  },
  'duas-etapas': {
    label: 'Duas etapas',
    example: 'Tinha 40, ganhou 15 e deu 20; com quantas ficou?',
    kinds: ['duas-etapas'],
  },
};

export const MEANING_LIST = Object.keys(MEANINGS) as Meaning[];

/**
 * The meanings a page uses when the teacher chose none: every one but duas etapas (a harder problem, chosen) and
 * cédulas e moedas (only em reais, and chosen: a page drawn before it existed draws the same problems).
 */
export const DEFAULT_MEANINGS: readonly Meaning[] = MEANING_LIST.filter(
  (meaning) => meaning !== 'duas-etapas' && meaning !== 'cedulas-moedas',
);

/** The operations a meaning tells. */
export const meaningOps = (meaning: Meaning): Operation[] => [
  ...new Set(MEANINGS[meaning].kinds.flatMap((kind) => WORD_KINDS[kind].ops)),
];

/** The kinds of the chosen meanings. */
export const kindsOfMeanings = (meanings: readonly Meaning[]): WordKind[] =>
  WORD_KIND_LIST.filter((kind) => meanings.some((meaning) => MEANINGS[meaning].kinds.includes(kind)));

/**
 * A BNCC skill that names problem solving, with what it names: the meanings (kinds), how large the numbers are
 * (every number of the problem, operands and result, at most `max`: the orders of that year's numbers), and for
 * some skills the operation, multiplier or divisor it names.
 */
export interface WordSkill {
  readonly code: string;
  /** The school year (1º–5º ano): a problem prints the codes of the first year whose skills name it. */
  readonly year: number;
  readonly kinds: readonly WordKind[];
  /** The largest number of a problem it names (centavos for a skill of money). */
  readonly max: number;
  /** A skill of money: it names only problems em reais e centavos, which no other skill but the 5º ano's names. */
  readonly money?: boolean;
  readonly fits?: (conta: Problem) => boolean;
}

const ADD_SUB_FIRST: readonly WordKind[] = ['juntar', 'acrescentar', 'separar', 'retirar'];
const ADD_SUB_ALL: readonly WordKind[] = [
  ...ADD_SUB_FIRST,
  'comparar',
  'quantos-a-menos',
  'completar',
  'inicio-desconhecido',
];
const MULT_ALL: readonly WordKind[] = ['parcelas-iguais', 'disposicao-retangular', 'proporcionalidade'];
const DIV_ALL: readonly WordKind[] = ['reparticao', 'medida', 'necessarios'];

/**
 * The skills, in the order they print (the BNCC's). Texts, abridged:
 * EF01MA08 problemas de adição e subtração, números de até dois algarismos, juntar, acrescentar, separar, retirar ·
 * EF02MA06 o mesmo com números de até três ordens · EF02MA07 multiplicação (por 2, 3, 4 e 5) com a ideia de adição
 * de parcelas iguais · EF02MA08 dobro, metade, triplo e terça parte · EF03MA06 adição e subtração com os
 * significados de juntar, acrescentar, separar, retirar, comparar e completar (números do 3º ano: até a unidade de
 * milhar) · EF03MA07 multiplicação (por 2, 3, 4, 5 e 10), parcelas iguais e disposição retangular · EF03MA08 divisão
 * por outro número (até 10), com resto zero e diferente de zero, repartição equitativa e medida · EF03MA09 o
 * quociente de uma divisão exata por 2, 3, 4, 5 e 10 e as ideias de metade, terça, quarta, quinta e décima partes ·
 * EF04MA03 adição e subtração com números naturais (até a dezena de milhar) · EF04MA06 os diferentes significados da
 * multiplicação (parcelas iguais, organização retangular, proporcionalidade) · EF04MA07 divisão com divisor de no
 * máximo dois algarismos, repartição equitativa e medida · EF04MA08 problemas simples de contagem, cada elemento de
 * uma coleção combinado com todos os de outra · EF03MA24 comparação e equivalência de valores monetários em
 * situações de compra, venda e troca (+ and − em reais up to R$ 100) · EF04MA25 compra e venda, formas de pagamento,
 * troco e desconto (every problem em reais e centavos) · EF05MA07 adição e subtração (até a centena de milhar; e com
 * racionais de representação decimal finita) · EF05MA08 multiplicação e divisão.
 *
 * Início desconhecido and quantos a menos are problems of the 3º ano's meanings (comparar, acrescentar and retirar
 * read backwards); a "vezes mais" beyond the triplo is named by no year before EF05MA08.
 */
export const WORD_SKILLS: readonly WordSkill[] = [
  { code: 'EF01MA08', year: 1, kinds: ADD_SUB_FIRST, max: 99 },
  { code: 'EF02MA06', year: 2, kinds: ADD_SUB_FIRST, max: 999 },
  { code: 'EF02MA07', year: 2, kinds: ['parcelas-iguais'], max: 999, fits: ({ b }) => b >= 2 && b <= 5 },
  // Dobro e triplo, metade e terça parte: × 2 or 3, or an exact ÷ 2 or 3 (a repartição or a comparação).
  {
    code: 'EF02MA08',
    year: 2,
    kinds: ['reparticao', 'comparacao-multiplicativa'],
    max: 999,
    fits: ({ op, b, remainder }) =>
      (b === 2 || b === 3) && remainder === 0 && (op === 'div' || op === 'mult'),
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
  {
    code: 'EF03MA09',
    year: 3,
    kinds: ['comparacao-multiplicativa'],
    max: 9_999,
    fits: ({ op, b, remainder }) => op === 'div' && remainder === 0 && [2, 3, 4, 5, 10].includes(b),
  },
  // Valores monetários em situações de compra, venda e troca (3º ano): + and − em reais up to R$ 100,00.
  {
    code: 'EF03MA24',
    year: 3,
    kinds: [...ADD_SUB_ALL, 'cedulas-moedas'],
    max: 10_000,
    money: true,
    fits: ({ op }) => op === 'add' || op === 'sub',
  },
  { code: 'EF04MA03', year: 4, kinds: ADD_SUB_ALL, max: 99_999 },
  { code: 'EF04MA06', year: 4, kinds: MULT_ALL, max: 99_999 },
  { code: 'EF04MA07', year: 4, kinds: DIV_ALL, max: 99_999, fits: ({ b }) => b <= 99 },
  { code: 'EF04MA08', year: 4, kinds: ['combinatoria'], max: 99_999 },
  // Compra e venda e formas de pagamento, troco e desconto (4º ano): every problem em reais e centavos.
  {
    code: 'EF04MA25',
    year: 4,
    kinds: [...ADD_SUB_ALL, ...MULT_ALL, ...DIV_ALL, 'cedulas-moedas'],
    max: Number.MAX_SAFE_INTEGER,
    money: true,
  },
  { code: 'EF05MA07', year: 5, kinds: ADD_SUB_ALL, max: 999_999 },
  {
    code: 'EF05MA08',
    year: 5,
    kinds: [...MULT_ALL, ...DIV_ALL, 'comparacao-multiplicativa', 'combinatoria'],
    max: 999_999,
  },
];

const largest = ({ a, b, result }: Problem): number => Math.max(a, b, result);

/** Whether a skill names a problem of this kind with these numbers. */
export const skillNames = (skill: WordSkill, kind: WordKind, conta: Problem): boolean =>
  // A conta em reais e centavos is named by the skills of money (and the 5º ano's racionais); the others count.
  (skill.money === true ? conta.decimal?.reais === true : conta.decimal === undefined || skill.year === 5) &&
  skill.kinds.includes(kind) &&
  largest(conta) <= skill.max &&
  (skill.fits?.(conta) ?? true);

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

/** Codes in the BNCC's order, each once. */
export function inBnccOrder(codes: Iterable<string>): string[] {
  const set = new Set(codes);
  return WORD_SKILLS.map((skill) => skill.code).filter((code) => set.has(code));
}

/**
 * A problem in two steps prints the codes of each of its contas, told with the meaning of that step (the first year
 * of each): "ganhou 15 e deu 20" is an acrescentar and a retirar.
 */
export const twoStepBncc = (steps: ReadonlyArray<{ kind: WordKind; conta: Problem }>): string[] =>
  inBnccOrder(steps.flatMap((step) => wordBncc(step.kind, step.conta)));

/** A page's codes: every code of its problems, each once, in the BNCC's order. */
export function wordPageBncc(problems: ReadonlyArray<{ bncc: readonly string[] }>): string[] {
  return inBnccOrder(problems.flatMap((problem) => problem.bncc));
}
