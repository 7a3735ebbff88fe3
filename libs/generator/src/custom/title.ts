import type { Operation } from '../types.js';
import type { Casas } from '@app/contracts/custom-shape';
import {
  listWords,
  type AddSubOptions,
  type CustomOptions,
  type DivOptions,
  type MultOptions,
} from './options.js';

/** "do 6 ao 9" for a run of three or more, "do 2, 5 e 10" otherwise (the numbers sorted). */
function numbersWords(values: readonly number[], run: [string, string]): string {
  const sorted = [...values].sort((x, y) => x - y);
  const first = sorted[0] as number;
  const last = sorted.at(-1) as number;
  const contiguous = sorted.length >= 3 && last - first === sorted.length - 1;
  if (contiguous) return `${run[0]} ${first} ${run[1]} ${last}`;
  return `${run[0]} ${listWords(sorted.map(String), 'e')}`;
}

const digitsWords = (digits: number) => (digits === 1 ? '1 algarismo' : `${digits} algarismos`);

const REGROUPING: Readonly<Record<AddSubOptions['regrouping'], string>> = {
  sem: ' sem reserva',
  com: ' com reserva',
  misturado: '',
};

/** The decimals of an operation's options, after its title: ", com 1 casa decimal", ", em reais"; naturais nothing. */
function casasWords(casas: Casas | undefined): string {
  if (casas === undefined) return '';
  if (casas === 'reais') return ', em reais';
  return casas === 1 ? ', com 1 casa decimal' : ', com 2 casas decimais';
}

function addSubTitle(noun: string, options: AddSubOptions): string {
  const numbers = options.numbers;
  // Em reais, "até" is money already: "Adição até R$ 100".
  if (numbers.kind === 'max' && options.casas === 'reais')
    return `${noun} até R$ ${numbers.max}${REGROUPING[options.regrouping]}`;
  const size =
    numbers.kind === 'max'
      ? `até ${numbers.max}`
      : numbers.top === numbers.bottom
        ? `de ${digitsWords(numbers.top)}`
        : `de ${numbers.top} e ${digitsWords(numbers.bottom)}`;
  return `${noun} ${size}${REGROUPING[options.regrouping]}${casasWords(options.casas)}`;
}

function multTitle(options: MultOptions): string {
  const multiplier = options.multiplier;
  // A decimal multiplicand makes contas, not the facts of a tabuada (2,5 × 4).
  if (options.casas !== undefined && options.multiplicand === 'fatos') {
    const by =
      multiplier.kind === 'twoDigits' ? 'por 2 algarismos' : numbersWords(multiplier.tables, ['por', 'a']);
    return `Multiplicação ${by}${casasWords(options.casas)}`;
  }
  if (options.multiplicand === 'fatos' || options.multiplicand === 'ordem') {
    if (multiplier.kind === 'twoDigits') return 'Multiplicação por 2 algarismos';
    const ordered = options.multiplicand === 'ordem' ? ' em ordem' : '';
    return multiplier.tables.length === 1
      ? `Tabuada do ${multiplier.tables[0]!}${ordered}`
      : `Tabuadas ${numbersWords(multiplier.tables, ['do', 'ao'])}${ordered}`;
  }
  const by =
    multiplier.kind === 'twoDigits' ? 'por 2 algarismos' : numbersWords(multiplier.tables, ['por', 'a']);
  return `Multiplicação de ${digitsWords(options.multiplicand)} ${by}${casasWords(options.casas)}`;
}

const REMAINDERS: Readonly<Record<DivOptions['remainders'], string>> = {
  exata: 'Divisão exata',
  resto: 'Divisão com resto',
  misturado: 'Divisão',
};

function divTitle(options: DivOptions): string {
  const divisor = options.divisor;
  const by = divisor.kind === 'twoDigits' ? 'por 2 algarismos' : numbersWords(divisor.divisors, ['por', 'a']);
  const dividend = options.dividend === 'fatos' ? '' : ` de ${digitsWords(options.dividend)}`;
  return `${REMAINDERS[options.remainders]}${dividend} ${by}${casasWords(options.casas)}`;
}

const NOUNS: Readonly<Record<Operation, string>> = {
  add: 'adição',
  sub: 'subtração',
  mult: 'multiplicação',
  div: 'divisão',
};

/**
 * A custom page's title names its practice, with no level word: "Tabuada do 7", "Tabuadas do 6 ao 9", "Subtração de
 * 3 algarismos sem reserva", "Divisão exata por 2 a 5", "Adição até 20", "Adição até R$ 100 com reserva",
 * "Multiplicação de 2 algarismos por 2 a 9, com 1 casa decimal"; a page of several operations is named as a level page
 * is ("Adição e subtração", "As quatro operações", "As quatro operações em reais"), its options being on each conta.
 */
export function customTitle(operations: readonly Operation[], custom: CustomOptions): string {
  if (custom.format === 'problemas') return problemasTitle(operations);
  if (operations.length === 1) {
    const op = operations[0] as Operation;
    switch (op) {
      case 'add':
        return addSubTitle('Adição', custom.add!);
      case 'sub':
        return addSubTitle('Subtração', custom.sub!);
      case 'mult':
        return multTitle(custom.mult!);
      case 'div':
        return divTitle(custom.div!);
    }
  }
  const casas = operations.map((op) => custom[op]?.casas);
  // Several operations: em reais when every one is, com decimais when any has casas.
  const decimals = casas.every((c) => c === 'reais')
    ? ' em reais'
    : casas.some((c) => c !== undefined)
      ? ' com decimais'
      : '';
  if (operations.length === 4) return `As quatro operações${decimals}`;
  const text = listWords(
    operations.map((op) => NOUNS[op]),
    'e',
  );
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}${decimals}`;
}

/**
 * A page of situações-problema is named by its operations: "Situações-problema de adição", "Situações-problema de
 * adição e subtração", "Situações-problema das quatro operações" (the numbers are on each problem).
 */
export function problemasTitle(operations: readonly Operation[]): string {
  if (operations.length === 4) return 'Situações-problema das quatro operações';
  return `Situações-problema de ${listWords(
    operations.map((op) => NOUNS[op]),
    'e',
  )}`;
}
