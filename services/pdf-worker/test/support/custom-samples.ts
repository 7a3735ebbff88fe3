import {
  generatePage,
  sheetPreset,
  type CustomOptions,
  type GeneratedPage,
  type PageOptions,
} from '@app/generator';

/** Custom pages to look at (`npm run sheets`): four typical sheets, then one of each format × size. */
export interface CustomSample {
  name: string;
  custom: CustomOptions;
}

const base = { v: 1 } as const;

export const CUSTOM_SAMPLES: readonly CustomSample[] = [
  {
    name: 'tabuada-do-7-linha-grande',
    custom: {
      ...base,
      mult: { multiplier: { kind: 'tables', tables: [7] }, multiplicand: 'fatos' },
      format: 'linha',
      count: 30,
      size: 'grande',
    },
  },
  {
    name: 'subtracao-3-algarismos-sem-reserva',
    custom: {
      ...base,
      sub: { numbers: { kind: 'digits', top: 3, bottom: 3 }, regrouping: 'sem' },
      format: 'armada',
      count: 20,
      size: 'normal',
    },
  },
  {
    name: 'divisao-exata-2-a-5-armada',
    custom: {
      ...base,
      div: { divisor: { kind: 'list', divisors: [2, 3, 4, 5] }, dividend: 2, remainders: 'exata' },
      format: 'armada',
      count: 12,
      size: 'normal',
    },
  },
  {
    name: 'lacuna-adicao-ate-20',
    custom: {
      ...base,
      add: { numbers: { kind: 'max', max: 20 }, regrouping: 'misturado' },
      format: 'lacuna',
      count: 20,
      size: 'normal',
    },
  },
  {
    name: 'arme-e-efetue-adicao-subtracao',
    custom: {
      ...base,
      add: { numbers: { kind: 'digits', top: 4, bottom: 3 }, regrouping: 'com' },
      sub: { numbers: { kind: 'digits', top: 4, bottom: 3 }, regrouping: 'com' },
      format: 'arme',
      count: 12,
      size: 'normal',
      title: 'Turma do 4º ano B — Profª Ana',
    },
  },
  {
    name: 'arme-e-efetue-quatro-operacoes-grande',
    custom: {
      ...base,
      add: { numbers: { kind: 'digits', top: 3, bottom: 3 }, regrouping: 'com' },
      sub: { numbers: { kind: 'digits', top: 3, bottom: 2 }, regrouping: 'com' },
      mult: { multiplier: { kind: 'tables', tables: [6, 7, 8, 9] }, multiplicand: 2 },
      div: { divisor: { kind: 'list', divisors: [6, 7, 8, 9] }, dividend: 3, remainders: 'misturado' },
      format: 'arme',
      count: 4,
      size: 'grande',
    },
  },
  {
    name: 'arme-e-efetue-por-dois-algarismos',
    custom: {
      ...base,
      mult: { multiplier: { kind: 'twoDigits' }, multiplicand: 3 },
      div: { divisor: { kind: 'twoDigits' }, dividend: 4, remainders: 'misturado' },
      format: 'arme',
      count: 12,
      size: 'normal',
    },
  },
  {
    name: 'armada-grande-adicao-multiplicacao',
    custom: {
      ...base,
      add: { numbers: { kind: 'digits', top: 5, bottom: 5 }, regrouping: 'com' },
      mult: { multiplier: { kind: 'tables', tables: [6, 7, 8, 9] }, multiplicand: 3 },
      format: 'armada',
      count: 12,
      size: 'grande',
    },
  },
  {
    name: 'armada-grande-divisao-com-resto',
    custom: {
      ...base,
      div: {
        divisor: { kind: 'list', divisors: [2, 3, 4, 5, 6, 7, 8, 9] },
        dividend: 4,
        remainders: 'resto',
      },
      format: 'armada',
      count: 4,
      size: 'grande',
    },
  },
  {
    name: 'linha-divisao-com-resto',
    custom: {
      ...base,
      div: { divisor: { kind: 'twoDigits' }, dividend: 4, remainders: 'resto' },
      format: 'linha',
      count: 40,
      size: 'normal',
    },
  },
  {
    name: 'lacuna-quatro-operacoes-grande',
    custom: {
      ...base,
      add: { numbers: { kind: 'max', max: 100 }, regrouping: 'misturado' },
      sub: { numbers: { kind: 'max', max: 100 }, regrouping: 'misturado' },
      mult: { multiplier: { kind: 'tables', tables: [2, 3, 4, 5, 6, 7, 8, 9, 10] }, multiplicand: 'fatos' },
      div: {
        divisor: { kind: 'list', divisors: [2, 3, 4, 5, 6, 7, 8, 9] },
        dividend: 'fatos',
        remainders: 'exata',
      },
      format: 'lacuna',
      count: 20,
      size: 'grande',
    },
  },
  // Situações-problema, one page of each operation, the four together, and a page in grande.
  {
    name: 'problemas-adicao-ate-100',
    custom: {
      ...base,
      add: { numbers: { kind: 'max', max: 100 }, regrouping: 'misturado' },
      format: 'problemas',
      count: 6,
      size: 'normal',
    },
  },
  {
    name: 'problemas-subtracao-3-algarismos',
    custom: {
      ...base,
      sub: { numbers: { kind: 'digits', top: 3, bottom: 3 }, regrouping: 'com' },
      format: 'problemas',
      count: 6,
      size: 'normal',
    },
  },
  {
    name: 'problemas-multiplicacao-tabuadas-6-a-9',
    custom: {
      ...base,
      mult: { multiplier: { kind: 'tables', tables: [6, 7, 8, 9] }, multiplicand: 2 },
      format: 'problemas',
      count: 6,
      size: 'normal',
    },
  },
  {
    name: 'problemas-divisao-com-resto',
    custom: {
      ...base,
      div: {
        divisor: { kind: 'list', divisors: [2, 3, 4, 5, 6, 7, 8, 9] },
        dividend: 3,
        remainders: 'resto',
      },
      format: 'problemas',
      count: 6,
      size: 'normal',
    },
  },
  {
    name: 'problemas-quatro-operacoes',
    custom: {
      ...base,
      add: { numbers: { kind: 'digits', top: 3, bottom: 3 }, regrouping: 'com' },
      sub: { numbers: { kind: 'digits', top: 3, bottom: 3 }, regrouping: 'com' },
      mult: { multiplier: { kind: 'tables', tables: [2, 3, 4, 5] }, multiplicand: 2 },
      div: {
        divisor: { kind: 'list', divisors: [2, 3, 4, 5, 6, 7, 8, 9] },
        dividend: 3,
        remainders: 'misturado',
      },
      format: 'problemas',
      count: 6,
      size: 'normal',
      title: 'Turma do 3º ano A',
    },
  },
  {
    name: 'problemas-adicao-subtracao-grande',
    custom: {
      ...base,
      add: { numbers: { kind: 'max', max: 100 }, regrouping: 'sem' },
      sub: { numbers: { kind: 'max', max: 100 }, regrouping: 'sem' },
      format: 'problemas',
      count: 3,
      size: 'grande',
    },
  },
  // The new counts, the tabuada em ordem, situações-problema over two pages and in two steps.
  {
    name: 'armada-15-contas',
    custom: {
      ...base,
      add: { numbers: { kind: 'digits', top: 5, bottom: 5 }, regrouping: 'com' },
      sub: { numbers: { kind: 'digits', top: 5, bottom: 4 }, regrouping: 'com' },
      format: 'armada',
      count: 15,
      size: 'normal',
    },
  },
  {
    name: 'armada-10-contas-por-dois-algarismos',
    custom: {
      ...base,
      mult: { multiplier: { kind: 'twoDigits' }, multiplicand: 3 },
      div: { divisor: { kind: 'twoDigits' }, dividend: 4, remainders: 'misturado' },
      format: 'armada',
      count: 10,
      size: 'normal',
    },
  },
  {
    name: 'arme-e-efetue-10-contas',
    custom: {
      ...base,
      add: { numbers: { kind: 'digits', top: 4, bottom: 3 }, regrouping: 'com' },
      sub: { numbers: { kind: 'digits', top: 4, bottom: 3 }, regrouping: 'com' },
      format: 'arme',
      count: 10,
      size: 'normal',
    },
  },
  {
    name: 'linha-15-fatos',
    custom: {
      ...base,
      mult: { multiplier: { kind: 'tables', tables: [6, 7, 8, 9] }, multiplicand: 'fatos' },
      div: { divisor: { kind: 'list', divisors: [6, 7, 8, 9] }, dividend: 'fatos', remainders: 'resto' },
      format: 'linha',
      count: 15,
      size: 'normal',
    },
  },
  {
    name: 'tabuada-do-7-em-ordem-linha',
    custom: {
      ...base,
      mult: { multiplier: { kind: 'tables', tables: [7] }, multiplicand: 'ordem' },
      format: 'linha',
      count: 10,
      size: 'normal',
    },
  },
  {
    name: 'tabuada-do-7-em-ordem-lacuna',
    custom: {
      ...base,
      mult: { multiplier: { kind: 'tables', tables: [7] }, multiplicand: 'ordem' },
      format: 'lacuna',
      count: 10,
      size: 'normal',
    },
  },
  {
    name: 'tabuadas-do-1-ao-4-em-ordem-linha',
    custom: {
      ...base,
      mult: { multiplier: { kind: 'tables', tables: [1, 2, 3, 4] }, multiplicand: 'ordem' },
      format: 'linha',
      count: 40,
      size: 'normal',
    },
  },
  {
    name: 'problemas-10-quatro-operacoes',
    custom: {
      ...base,
      add: { numbers: { kind: 'digits', top: 3, bottom: 3 }, regrouping: 'com' },
      sub: { numbers: { kind: 'digits', top: 3, bottom: 3 }, regrouping: 'com' },
      mult: { multiplier: { kind: 'tables', tables: [2, 3, 4, 5] }, multiplicand: 2 },
      div: {
        divisor: { kind: 'list', divisors: [2, 3, 4, 5, 6, 7, 8, 9] },
        dividend: 3,
        remainders: 'misturado',
      },
      format: 'problemas',
      count: 10,
      size: 'normal',
    },
  },
  {
    name: 'problemas-6-grande',
    custom: {
      ...base,
      add: { numbers: { kind: 'max', max: 100 }, regrouping: 'misturado' },
      sub: { numbers: { kind: 'max', max: 100 }, regrouping: 'misturado' },
      format: 'problemas',
      count: 6,
      size: 'grande',
    },
  },
  {
    name: 'problemas-duas-etapas',
    custom: {
      ...base,
      add: { numbers: { kind: 'digits', top: 3, bottom: 2 }, regrouping: 'com' },
      sub: { numbers: { kind: 'digits', top: 3, bottom: 2 }, regrouping: 'com' },
      mult: { multiplier: { kind: 'tables', tables: [2, 3, 4, 5] }, multiplicand: 2 },
      format: 'problemas',
      count: 4,
      size: 'normal',
      meanings: ['duas-etapas', 'separar-retirar'],
    },
  },
  // One page of each new meaning, alone.
  {
    name: 'problemas-quantos-a-menos',
    custom: {
      ...base,
      sub: { numbers: { kind: 'digits', top: 3, bottom: 2 }, regrouping: 'misturado' },
      format: 'problemas',
      count: 4,
      size: 'normal',
      meanings: ['quantos-a-menos'],
    },
  },
  {
    name: 'problemas-inicio-desconhecido',
    custom: {
      ...base,
      add: { numbers: { kind: 'max', max: 100 }, regrouping: 'misturado' },
      sub: { numbers: { kind: 'max', max: 100 }, regrouping: 'misturado' },
      format: 'problemas',
      count: 4,
      size: 'normal',
      meanings: ['inicio-desconhecido'],
    },
  },
  {
    name: 'problemas-comparacao-multiplicativa',
    custom: {
      ...base,
      mult: { multiplier: { kind: 'tables', tables: [2, 3, 4, 5] }, multiplicand: 'fatos' },
      div: { divisor: { kind: 'list', divisors: [2, 3, 4, 5] }, dividend: 2, remainders: 'exata' },
      format: 'problemas',
      count: 4,
      size: 'normal',
      meanings: ['comparacao-multiplicativa'],
    },
  },
  {
    name: 'problemas-combinatoria',
    custom: {
      ...base,
      mult: { multiplier: { kind: 'tables', tables: [2, 3, 4, 5, 6] }, multiplicand: 'fatos' },
      format: 'problemas',
      count: 4,
      size: 'normal',
      meanings: ['combinatoria'],
    },
  },
  {
    name: 'problemas-so-duas-etapas',
    custom: {
      ...base,
      add: { numbers: { kind: 'digits', top: 3, bottom: 3 }, regrouping: 'misturado' },
      sub: { numbers: { kind: 'digits', top: 3, bottom: 2 }, regrouping: 'misturado' },
      mult: { multiplier: { kind: 'tables', tables: [2, 3, 4, 5] }, multiplicand: 2 },
      div: { divisor: { kind: 'list', divisors: [2, 3, 4, 5] }, dividend: 3, remainders: 'exata' },
      format: 'problemas',
      count: 4,
      size: 'normal',
      meanings: ['duas-etapas'],
    },
  },
  {
    name: 'problemas-troco-cedulas-e-moedas',
    custom: {
      ...base,
      add: { numbers: { kind: 'max', max: 100 }, regrouping: 'misturado', casas: 'reais' },
      sub: { numbers: { kind: 'max', max: 100 }, regrouping: 'com', casas: 'reais' },
      format: 'problemas',
      count: 4,
      size: 'normal',
      meanings: ['separar-retirar', 'cedulas-moedas'],
    },
  },
  // The builder's "Dinheiro e decimais" of the 4º and the 5º ano, as a teacher prints them.
  { name: 'dinheiro-4-ano', custom: sheetPreset('reais-4-ano').custom },
  { name: 'decimais-5-ano', custom: sheetPreset('decimais-5-ano').custom },
  // Rules 9: the decimal answers of facts in a line and of "Arme e efetue" in boxes, a vírgula between them.
  {
    name: 'linha-decimais',
    custom: {
      ...base,
      add: { numbers: { kind: 'max', max: 100 }, regrouping: 'com', casas: 1 },
      mult: { multiplier: { kind: 'tables', tables: [6, 7, 8, 9] }, multiplicand: 'fatos', casas: 2 },
      format: 'linha',
      count: 20,
      size: 'normal',
    },
  },
  {
    name: 'lacuna-decimais',
    custom: {
      ...base,
      add: { numbers: { kind: 'max', max: 100 }, regrouping: 'com', casas: 2 },
      mult: { multiplier: { kind: 'tables', tables: [6, 7, 8, 9] }, multiplicand: 'fatos', casas: 1 },
      format: 'lacuna',
      count: 20,
      size: 'normal',
    },
  },
  {
    name: 'arme-e-efetue-reais',
    custom: {
      ...base,
      add: { numbers: { kind: 'digits', top: 2, bottom: 2 }, regrouping: 'com', casas: 'reais' },
      sub: { numbers: { kind: 'digits', top: 2, bottom: 2 }, regrouping: 'com', casas: 'reais' },
      mult: { multiplier: { kind: 'tables', tables: [2, 3, 4, 5] }, multiplicand: 2, casas: 'reais' },
      format: 'arme',
      count: 8,
      size: 'normal',
    },
  },
];

/** The page options of a custom page (the level is the builder's; a custom page is drawn from `custom` alone). */
export const customPageOptions = (custom: CustomOptions, answers = true): PageOptions => ({
  add: custom.add !== undefined,
  sub: custom.sub !== undefined,
  mult: custom.mult !== undefined,
  div: custom.div !== undefined,
  answers,
  level: 1,
  custom,
});

/** A sample as the generator draws it. */
export const customSamplePage = (sample: CustomSample): GeneratedPage =>
  generatePage(`amostra-${sample.name}`, customPageOptions(sample.custom));
