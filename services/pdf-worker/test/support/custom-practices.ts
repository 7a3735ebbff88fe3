import type { CustomOptions } from '@app/generator';

export type Practice = Pick<CustomOptions, 'add' | 'sub' | 'mult' | 'div'>;

/**
 * What is practised, a pairwise sample: each operation alone and in mixes, + and − of 1 to 5 digits and "até N",
 * sem / com reserva / misturado, × by one tabuada, several, all, by two digits, multiplicands of the facts, 2 and 3
 * digits, ÷ by lists and two digits, dividends of the facts and 2 to 4 digits, exata / resto / misturado.
 */
export const PRACTICES: Array<{ name: string; practice: Practice }> = [
  {
    name: '+ 1 algarismo sem',
    practice: { add: { numbers: { kind: 'digits', top: 1, bottom: 1 }, regrouping: 'sem' } },
  },
  { name: '+ até 20', practice: { add: { numbers: { kind: 'max', max: 20 }, regrouping: 'misturado' } } },
  {
    name: '− 3 algarismos sem',
    practice: { sub: { numbers: { kind: 'digits', top: 3, bottom: 3 }, regrouping: 'sem' } },
  },
  {
    name: '+ 5/5 com, − 5/4 com',
    practice: {
      add: { numbers: { kind: 'digits', top: 5, bottom: 5 }, regrouping: 'com' },
      sub: { numbers: { kind: 'digits', top: 5, bottom: 4 }, regrouping: 'com' },
    },
  },
  {
    name: '× tabuada do 7',
    practice: { mult: { multiplier: { kind: 'tables', tables: [7] }, multiplicand: 'fatos' } },
  },
  {
    name: '× 3 algarismos por 6–9',
    practice: { mult: { multiplier: { kind: 'tables', tables: [6, 7, 8, 9] }, multiplicand: 3 } },
  },
  {
    name: '× por dois algarismos',
    practice: { mult: { multiplier: { kind: 'twoDigits' }, multiplicand: 3 } },
  },
  {
    name: '÷ exata por 2 a 5',
    practice: {
      div: { divisor: { kind: 'list', divisors: [2, 3, 4, 5] }, dividend: 'fatos', remainders: 'exata' },
    },
  },
  {
    name: '÷ 4 algarismos por 2–9 com resto',
    practice: {
      div: {
        divisor: { kind: 'list', divisors: [2, 3, 4, 5, 6, 7, 8, 9] },
        dividend: 4,
        remainders: 'resto',
      },
    },
  },
  {
    name: '÷ por dois algarismos',
    practice: { div: { divisor: { kind: 'twoDigits' }, dividend: 4, remainders: 'misturado' } },
  },
  {
    name: 'as quatro',
    practice: {
      add: { numbers: { kind: 'digits', top: 4, bottom: 4 }, regrouping: 'com' },
      sub: { numbers: { kind: 'digits', top: 4, bottom: 3 }, regrouping: 'misturado' },
      mult: { multiplier: { kind: 'tables', tables: [2, 3, 4, 5, 6, 7, 8, 9, 10] }, multiplicand: 2 },
      div: { divisor: { kind: 'list', divisors: [6, 7, 8, 9] }, dividend: 3, remainders: 'misturado' },
    },
  },
  {
    name: '× e ÷ por dois algarismos',
    practice: {
      mult: { multiplier: { kind: 'twoDigits' }, multiplicand: 2 },
      div: { divisor: { kind: 'twoDigits' }, dividend: 3, remainders: 'resto' },
    },
  },
  {
    name: '+ até 1000, − até 100, ÷ fatos com resto',
    practice: {
      add: { numbers: { kind: 'max', max: 1000 }, regrouping: 'misturado' },
      sub: { numbers: { kind: 'max', max: 100 }, regrouping: 'sem' },
      div: {
        divisor: { kind: 'list', divisors: [2, 3, 4, 5, 6, 7, 8, 9] },
        dividend: 'fatos',
        remainders: 'resto',
      },
    },
  },
  {
    name: '+ 2/1 sem, × tabuada do 2',
    practice: {
      add: { numbers: { kind: 'digits', top: 2, bottom: 1 }, regrouping: 'sem' },
      mult: { multiplier: { kind: 'tables', tables: [2] }, multiplicand: 'fatos' },
    },
  },
];
