import type { Casas } from '@app/contracts/custom-shape';
import { describe, expect, it } from 'vitest';
import {
  CUSTOM_VERSION,
  DEFAULT_MEANINGS,
  FORMAT_COUNTS,
  MEANING_LIST,
  ONE_DIGIT_DIVISORS,
  TABLES,
  describeSheet,
  meaningOps,
  presetOptions,
  type AddSubOptions,
  type CustomOptions,
  type DivOptions,
  type Meaning,
  type MultOptions,
  type Operation,
  type SheetFormat,
} from '../../src/index.js';

const page = (over: Partial<CustomOptions>): CustomOptions => ({
  v: CUSTOM_VERSION as 1,
  format: 'armada',
  count: 12,
  size: 'normal',
  ...over,
});
const tables = (...t: number[]): MultOptions => ({
  multiplier: { kind: 'tables', tables: t },
  multiplicand: 'fatos',
});
const digits = (top: number, bottom: number, regrouping: AddSubOptions['regrouping']): AddSubOptions => ({
  numbers: { kind: 'digits', top, bottom },
  regrouping,
});
const upTo = (max: number, regrouping: AddSubOptions['regrouping'] = 'misturado'): AddSubOptions => ({
  numbers: { kind: 'max', max },
  regrouping,
});
const divBy = (
  divisors: number[],
  remainders: DivOptions['remainders'] = 'exata',
  dividend: DivOptions['dividend'] = 'fatos',
): DivOptions => ({ divisor: { kind: 'list', divisors }, dividend, remainders });

describe('describeSheet: the sentences of the issue', () => {
  it.each<[string, Operation[], CustomOptions]>([
    [
      '12 contas de multiplicação, tabuadas do 6 ao 9, armadas, letra grande',
      ['mult'],
      page({ mult: tables(6, 7, 8, 9), size: 'grande' }),
    ],
    [
      '30 fatos de multiplicação em linha, tabuada do 7, letra grande',
      ['mult'],
      page({ mult: tables(7), format: 'linha', count: 30, size: 'grande' }),
    ],
    [
      '20 subtrações de 3 algarismos sem reserva, armadas',
      ['sub'],
      page({ sub: digits(3, 3, 'sem'), count: 20 }),
    ],
    ['20 adições até 20 com número que falta', ['add'], page({ add: upTo(20), format: 'lacuna', count: 20 })],
    ['12 divisões exatas por 2 a 5, armadas', ['div'], page({ div: divBy([2, 3, 4, 5]) })],
  ])('%s', (sentence, operations, custom) => {
    expect(describeSheet(operations, custom)).toBe(sentence);
  });
});

const ordered = (...t: number[]): MultOptions => ({
  multiplier: { kind: 'tables', tables: t },
  multiplicand: 'ordem',
});

describe('describeSheet: the tabuada em ordem', () => {
  it.each<[string, CustomOptions]>([
    [
      '10 fatos de multiplicação em linha, tabuada do 7 em ordem',
      page({ mult: ordered(7), format: 'linha', count: 10 }),
    ],
    [
      '10 fatos de multiplicação em linha, tabuada do 1 em ordem',
      page({ mult: ordered(1), format: 'linha', count: 10 }),
    ],
    [
      '30 fatos de multiplicação em linha, tabuadas do 1 ao 3 em ordem, letra grande',
      page({ mult: ordered(3, 1, 2), format: 'linha', count: 30, size: 'grande' }),
    ],
    [
      '20 fatos de multiplicação em linha, tabuadas do 6 e 9 em ordem',
      page({ mult: ordered(6, 9), format: 'linha', count: 20 }),
    ],
    [
      '10 contas de multiplicação, tabuada do 8 em ordem com número que falta',
      page({ mult: ordered(8), format: 'lacuna', count: 10 }),
    ],
  ])('%s', (sentence, custom) => {
    expect(describeSheet(['mult'], custom)).toBe(sentence);
  });
});

describe('describeSheet: the meanings of situações-problema', () => {
  const addSub = (meanings: Meaning[] | undefined, count = 6) =>
    page({
      add: upTo(100, 'sem'),
      sub: upTo(100, 'sem'),
      format: 'problemas',
      count,
      ...(meanings === undefined ? {} : { meanings }),
    });
  const ops: Operation[] = ['add', 'sub'];
  const plain = '6 situações-problema: adições até 100 sem reserva e subtrações até 100 sem reserva';

  it('says nothing of the default: none named, all of them, or those of the page’s operations', () => {
    expect(describeSheet(ops, addSub(undefined))).toBe(plain);
    expect(describeSheet(ops, addSub([...DEFAULT_MEANINGS]))).toBe(plain);
    const told = DEFAULT_MEANINGS.filter((meaning) => meaningOps(meaning).some((op) => ops.includes(op)));
    expect(describeSheet(ops, addSub(told))).toBe(plain);
    // The order they come in does not matter.
    expect(describeSheet(ops, addSub([...told].reverse()))).toBe(plain);
  });

  it.each<[string, Operation[], CustomOptions]>([
    [
      '6 situações-problema de quantos a menos e início desconhecido: adições até 100 sem reserva e subtrações até 100 sem reserva',
      ops,
      addSub(['quantos-a-menos', 'inicio-desconhecido']),
    ],
    [
      '6 situações-problema de juntar, acrescentar e quantos a mais: adições até 100 sem reserva e subtrações até 100 sem reserva',
      ops,
      addSub(['juntar-acrescentar', 'comparar']),
    ],
    [
      '6 situações-problema de todos os significados e duas etapas: adições até 100 sem reserva e subtrações até 100 sem reserva',
      ops,
      addSub([...MEANING_LIST]),
    ],
    [
      '6 situações-problema de duas etapas: adições até 100 sem reserva e subtrações até 100 sem reserva',
      ops,
      addSub(['duas-etapas']),
    ],
    [
      '1 situação-problema de quanto falta: adições até 100 sem reserva e subtrações até 100 sem reserva',
      ops,
      addSub(['completar'], 1),
    ],
    // A meaning of an operation the page does not have tells none of its problems: not said.
    [
      '8 situações-problema de juntar e acrescentar: adições de 3 algarismos com reserva',
      ['add'],
      page({
        add: digits(3, 3, 'com'),
        format: 'problemas',
        count: 8,
        meanings: ['juntar-acrescentar', 'reparticao'],
      }),
    ],
    [
      '8 situações-problema de comparação multiplicativa e combinatória: multiplicações da tabuada do 7',
      ['mult'],
      page({
        mult: tables(7),
        format: 'problemas',
        count: 8,
        meanings: ['comparacao-multiplicativa', 'combinatoria'],
      }),
    ],
    [
      '6 situações-problema de repartição e medida: divisões por 2 a 9, letra grande',
      ['div'],
      page({
        div: divBy([...ONE_DIGIT_DIVISORS], 'misturado'),
        format: 'problemas',
        count: 6,
        size: 'grande',
        meanings: ['medida', 'reparticao'],
      }),
    ],
  ])('%s', (sentence, operations, custom) => {
    expect(describeSheet(operations, custom)).toBe(sentence);
  });

  it('says each meaning alone, once, on every page of its operations', () => {
    for (const meaning of MEANING_LIST)
      for (const op of meaningOps(meaning)) {
        const preset = presetOptions(1);
        // Cédulas e moedas tells + and − em reais.
        const numbers = meaning === 'cedulas-moedas' ? { ...preset[op], casas: 'reais' } : preset[op];
        const custom = page({ [op]: numbers, format: 'problemas', count: 6, meanings: [meaning] });
        const sentence = describeSheet([op], custom);
        expect(sentence, meaning).toMatch(/^6 situações-problema de [^:]+: /);
        expect(sentence, meaning).not.toMatch(/\s{2}|,,|, ,|\s,|\s$|undefined/);
      }
  });
});

describe('describeSheet: tabuadas and divisors', () => {
  it.each<[number[], string]>([
    [[7], 'tabuada do 7'],
    [[10], 'tabuada do 10'],
    [[6, 7], 'tabuadas do 6 e 7'],
    [[6, 7, 8, 9], 'tabuadas do 6 ao 9'],
    [[9, 6, 8, 7], 'tabuadas do 6 ao 9'],
    [[2, 5, 7], 'tabuadas do 2, 5 e 7'],
    [[2, 3, 5, 6], 'tabuadas do 2, 3, 5 e 6'],
    [[2, 3, 4, 5, 7, 9], 'tabuadas do 2 ao 5, do 7 e do 9'],
    [[2, 3, 4, 6, 7, 8], 'tabuadas do 2 ao 4 e do 6 ao 8'],
    [[...TABLES], 'tabuadas do 2 ao 10'],
  ])('× facts of %j: %s', (list, words) => {
    expect(describeSheet(['mult'], page({ mult: tables(...list) }))).toBe(
      `12 contas de multiplicação, ${words}, armadas`,
    );
  });

  it.each<[number[], string]>([
    [[7], 'por 7'],
    [[2, 3], 'por 2 e 3'],
    [[2, 3, 4, 5], 'por 2 a 5'],
    [[2, 5, 9], 'por 2, 5 e 9'],
    [[...ONE_DIGIT_DIVISORS], 'por 2 a 9'],
    [[2, 3, 4, 6, 8], 'por 2 a 4, 6 e 8'],
  ])('÷ by %j: %s', (divisors, words) => {
    expect(describeSheet(['div'], page({ div: divBy(divisors, 'misturado') }))).toBe(
      `12 divisões ${words}, armadas`,
    );
  });
});

describe('describeSheet: every setting is said, with its agreement', () => {
  it.each<[string, Operation[], CustomOptions]>([
    // + and −: digits, limits, reserva.
    ['16 adições de 1 algarismo, armadas', ['add'], page({ add: digits(1, 1, 'misturado'), count: 16 })],
    ['12 adições de 4 e 3 algarismos com reserva, armadas', ['add'], page({ add: digits(4, 3, 'com') })],
    [
      '12 subtrações de 2 algarismos e 1 algarismo sem reserva, armadas',
      ['sub'],
      page({ sub: digits(2, 1, 'sem') }),
    ],
    ['12 adições até 1.000 com reserva, armadas', ['add'], page({ add: upTo(1000, 'com') })],
    ['12 subtrações até 10, armadas', ['sub'], page({ sub: upTo(10) })],
    [
      '8 subtrações de 5 e 4 algarismos com reserva, para armar e efetuar',
      ['sub'],
      page({ sub: digits(5, 4, 'com'), format: 'arme', count: 8 }),
    ],
    [
      '30 adições até 20 sem reserva, em linha',
      ['add'],
      page({ add: upTo(20, 'sem'), format: 'linha', count: 30 }),
    ],
    // ×: multiplicands and two-digit multipliers.
    [
      '12 contas de multiplicação, 2 algarismos vezes 2 a 5, armadas',
      ['mult'],
      page({ mult: { multiplier: { kind: 'tables', tables: [2, 3, 4, 5] }, multiplicand: 2 } }),
    ],
    [
      '8 contas de multiplicação, 3 algarismos vezes 2 algarismos, armadas',
      ['mult'],
      page({ mult: { multiplier: { kind: 'twoDigits' }, multiplicand: 3 }, count: 8 }),
    ],
    [
      '8 contas de multiplicação, 2 a 10 vezes 2 algarismos, armadas',
      ['mult'],
      page({ mult: { multiplier: { kind: 'twoDigits' }, multiplicand: 'fatos' }, count: 8 }),
    ],
    [
      '30 contas de multiplicação, 2 algarismos vezes 7, em linha',
      ['mult'],
      page({
        mult: { multiplier: { kind: 'tables', tables: [7] }, multiplicand: 2 },
        format: 'linha',
        count: 30,
      }),
    ],
    [
      '20 contas de multiplicação, tabuada do 8 com número que falta',
      ['mult'],
      page({ mult: tables(8), format: 'lacuna', count: 20 }),
    ],
    // ÷: dividends, restos, two-digit divisors.
    [
      '8 divisões de 3 algarismos por 2 a 9 com resto, armadas',
      ['div'],
      page({ div: divBy([...ONE_DIGIT_DIVISORS], 'resto', 3), count: 8 }),
    ],
    [
      '8 divisões de 4 algarismos por números de 2 algarismos, armadas',
      ['div'],
      page({ div: { divisor: { kind: 'twoDigits' }, dividend: 4, remainders: 'misturado' }, count: 8 }),
    ],
    [
      '6 divisões exatas de 2 algarismos por 3, para armar e efetuar, letra grande',
      ['div'],
      page({ div: divBy([3], 'exata', 2), format: 'arme', count: 6, size: 'grande' }),
    ],
    [
      '20 divisões exatas por 2, 5 e 7 com número que falta, letra grande',
      ['div'],
      page({ div: divBy([2, 5, 7]), format: 'lacuna', count: 20, size: 'grande' }),
    ],
    // Several operations: "contas", then each one with its settings.
    [
      '16 contas: adições de 3 algarismos com reserva e subtrações de 3 algarismos com reserva, armadas',
      ['add', 'sub'],
      page({ add: digits(3, 3, 'com'), sub: digits(3, 3, 'com'), count: 16 }),
    ],
    [
      '40 contas em linha: adições até 20 e multiplicações da tabuada do 7',
      ['add', 'mult'],
      page({ add: upTo(20), mult: tables(7), format: 'linha', count: 40 }),
    ],
    [
      '12 contas: subtrações até 100 sem reserva, multiplicações das tabuadas do 2 ao 5 e divisões exatas por 2 e 3, armadas, letra grande',
      ['sub', 'mult', 'div'],
      page({ sub: upTo(100, 'sem'), mult: tables(2, 3, 4, 5), div: divBy([2, 3]), size: 'grande' }),
    ],
    [
      '8 contas: multiplicações de 2 algarismos vezes 2 algarismos e divisões de 3 algarismos por 2 a 9, armadas',
      ['mult', 'div'],
      page({
        mult: { multiplier: { kind: 'twoDigits' }, multiplicand: 2 },
        div: divBy([...ONE_DIGIT_DIVISORS], 'misturado', 3),
        count: 8,
      }),
    ],
    // One problem: singular throughout.
    [
      '1 subtração de 3 algarismos sem reserva, armada',
      ['sub'],
      page({ sub: digits(3, 3, 'sem'), count: 1 }),
    ],
    [
      '1 fato de multiplicação em linha, tabuada do 7',
      ['mult'],
      page({ mult: tables(7), format: 'linha', count: 1 }),
    ],
    ['1 conta de multiplicação, tabuada do 7, armada', ['mult'], page({ mult: tables(7), count: 1 })],
    ['1 divisão exata por 7, armada', ['div'], page({ div: divBy([7]), count: 1 })],
    [
      '6 situações-problema: adições até 100 sem reserva e subtrações até 100 sem reserva, letra grande',
      ['add', 'sub'],
      page({ add: upTo(100, 'sem'), sub: upTo(100, 'sem'), format: 'problemas', size: 'grande', count: 6 }),
    ],
    [
      '1 situação-problema: multiplicações da tabuada do 7',
      ['mult'],
      page({ mult: tables(7), format: 'problemas', count: 1 }),
    ],
    // An operation without its settings (refused by checkCustom) is named without details.
    ['12 contas: adições e subtrações, armadas', ['add', 'sub'], page({})],
  ])('%s', (sentence, operations, custom) => {
    expect(describeSheet(operations, custom)).toBe(sentence);
  });

  it('follows the order + − × ÷ whatever order the operations come in', () => {
    const custom = page({ add: upTo(10), div: divBy([2]) });
    expect(describeSheet(['div', 'add'], custom)).toBe(describeSheet(['add', 'div'], custom));
  });
});

describe('describeSheet: decimals and reais', () => {
  const withCasas = <T extends object>(options: T, casas: Casas): T => ({ ...options, casas });
  it.each<[string, Operation[], CustomOptions]>([
    // + and −: the casas after the size of the numbers; em reais up to a limit, the limit is money.
    [
      '12 adições até 100 com 1 casa decimal sem reserva, armadas',
      ['add'],
      page({ add: withCasas(upTo(100, 'sem'), 1) }),
    ],
    [
      '12 subtrações de 3 algarismos com 2 casas decimais com reserva, armadas',
      ['sub'],
      page({ sub: withCasas(digits(3, 3, 'com'), 2) }),
    ],
    ['12 adições até R$ 100, armadas', ['add'], page({ add: withCasas(upTo(100), 'reais') })],
    [
      '12 subtrações de 2 algarismos em reais com reserva, armadas',
      ['sub'],
      page({ sub: withCasas(digits(2, 2, 'com'), 'reais') }),
    ],
    [
      '30 adições até 10 com 1 casa decimal, em linha',
      ['add'],
      page({ add: withCasas(upTo(10), 1), format: 'linha', count: 30 }),
    ],
    // ×: a decimal multiplicand by the tabuadas' numbers makes contas, never facts (in a line too).
    [
      '12 contas de multiplicação, 2 a 10 com 1 casa decimal vezes 6 a 9, armadas',
      ['mult'],
      page({ mult: withCasas(tables(6, 7, 8, 9), 1) }),
    ],
    [
      '30 contas de multiplicação, 2 a 10 em reais vezes 7, em linha',
      ['mult'],
      page({ mult: withCasas(tables(7), 'reais'), format: 'linha', count: 30 }),
    ],
    [
      '8 contas de multiplicação, 2 algarismos com 2 casas decimais vezes 2 algarismos, armadas',
      ['mult'],
      page({ mult: { multiplier: { kind: 'twoDigits' }, multiplicand: 2, casas: 2 }, count: 8 }),
    ],
    // ÷: the quotient's casas (exact to the last one, which is not said).
    [
      '12 divisões por 2 a 5 com 2 casas decimais, armadas',
      ['div'],
      page({ div: withCasas(divBy([2, 3, 4, 5]), 2) }),
    ],
    [
      '1 divisão de 3 algarismos por 4 em reais, para armar e efetuar',
      ['div'],
      page({ div: withCasas(divBy([4], 'exata', 3), 'reais'), format: 'arme', count: 1 }),
    ],
    [
      '20 divisões por 2 com 1 casa decimal com número que falta',
      ['div'],
      page({ div: withCasas(divBy([2]), 1), format: 'lacuna', count: 20 }),
    ],
    // Several operations: each says its own numbers.
    [
      '12 contas: subtrações até R$ 100 com reserva e divisões por 2 a 5 em reais, armadas',
      ['sub', 'div'],
      page({ sub: withCasas(upTo(100, 'com'), 'reais'), div: withCasas(divBy([2, 3, 4, 5]), 'reais') }),
    ],
    [
      '16 contas: adições de 3 algarismos com reserva e subtrações de 3 algarismos com 1 casa decimal com reserva, armadas',
      ['add', 'sub'],
      page({ add: digits(3, 3, 'com'), sub: withCasas(digits(3, 3, 'com'), 1), count: 16 }),
    ],
  ])('%s', (sentence, operations, custom) => {
    expect(describeSheet(operations, custom)).toBe(sentence);
  });

  it('says the decimals of each operation once, over every preset and format that takes them', () => {
    const said = /com 1 casa decimal|com 2 casas decimais|em reais|até R\$ /g;
    for (const level of [0, 1, 2] as const)
      for (const ops of [['add'], ['sub'], ['mult'], ['div'], ['add', 'sub', 'mult', 'div']] as Operation[][])
        for (const format of ['armada', 'arme', 'linha', 'lacuna'] as const)
          for (const casas of [1, 2, 'reais'] as const) {
            const preset = presetOptions(level);
            const custom = page({ format });
            for (const op of ops) Object.assign(custom, { [op]: { ...preset[op], casas } });
            const sentence = describeSheet(ops, custom);
            expect(sentence, sentence).not.toMatch(/\s{2}|,,|, ,|\s,|\s$|undefined|exatas? |tabuadas? do/);
            expect(sentence.match(said), sentence).toHaveLength(ops.length);
          }
  });
});

describe('describeSheet over every preset, format, size and count', () => {
  const operationSets: Operation[][] = [
    ['add'],
    ['sub'],
    ['mult'],
    ['div'],
    ['add', 'sub'],
    ['add', 'sub', 'mult', 'div'],
  ];
  const cases = ([0, 1, 2] as const).flatMap((level) =>
    operationSets.flatMap((ops) =>
      (Object.keys(FORMAT_COUNTS) as SheetFormat[]).flatMap((format) =>
        (['normal', 'grande'] as const).flatMap((size) =>
          FORMAT_COUNTS[format][size].map((count) => ({ level, ops, format, size, count })),
        ),
      ),
    ),
  );

  it(`says the count first, the size last, each selected operation once, and nothing twice (${cases.length} pages)`, () => {
    for (const { level, ops, format, size, count } of cases) {
      const preset = presetOptions(level);
      const custom: CustomOptions = { v: 1, format, size, count };
      for (const op of ops) Object.assign(custom, { [op]: preset[op] });
      const sentence = describeSheet(ops, custom);
      const where = `${sentence} (${JSON.stringify(custom)})`;
      expect(sentence.startsWith(`${count} `), where).toBe(true);
      expect(sentence.endsWith(', letra grande'), where).toBe(size === 'grande');
      expect(sentence, where).not.toMatch(/\s{2}|,,|, ,|\s,|\s$|undefined|NaN|\[|\{/);
      for (const [op, word] of [
        ['add', 'adiç'],
        ['sub', 'subtraç'],
        ['mult', 'multiplicaç'],
        ['div', 'divis'],
      ] as const)
        expect(sentence.split(word).length - 1, where).toBe(ops.includes(op) ? 1 : 0);
      const formatWords = {
        armada: ', armadas',
        arme: ', para armar e efetuar',
        linha: ' em linha',
        lacuna: ' com número que falta',
        problemas: ' situações-problema: ',
      };
      expect(sentence, where).toContain(formatWords[format]);
      expect(sentence.split(formatWords[format]).length - 1, where).toBe(1);
    }
  });
});
