import { CustomOptionsSchema } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  allowedCounts,
  checkCustom,
  FORMAT_NAMES,
  generatePage,
  presetOptions,
  sheetTitle,
  spaceOf,
  wordPageBncc,
  type CustomOptions,
  type Level,
  type Operation,
  type PageOptions,
  type PrintSize,
} from '../../src/index.js';
import { carriesInsideConta } from '../../src/custom/draw.js';
import { additionCarries, subtractionBorrows } from '../../src/problems.js';

// The format "Situações-problema" of "Personalizar": the page's contas drawn from the custom options,
// each told as a word problem by the engine of src/word/.

const OPS: Operation[] = ['add', 'sub', 'mult', 'div'];

function pageOptions(custom: CustomOptions): PageOptions {
  return {
    add: custom.add !== undefined,
    sub: custom.sub !== undefined,
    mult: custom.mult !== undefined,
    div: custom.div !== undefined,
    answers: true,
    level: 1,
    custom,
  };
}

const operationsOf = (custom: CustomOptions) => OPS.filter((op) => custom[op] !== undefined);

/** Each operation alone and the four together, from each level's preset options, at every size and allowed count. */
function presetPages(): Array<{ label: string; custom: CustomOptions }> {
  const list: Array<{ label: string; custom: CustomOptions }> = [];
  for (const level of [0, 1, 2] as Level[]) {
    const preset = presetOptions(level);
    const mixes: Array<Partial<Pick<CustomOptions, Operation>>> = [
      ...OPS.map((op) => ({ [op]: preset[op] })),
      { add: preset.add, sub: preset.sub, mult: preset.mult, div: preset.div },
    ];
    for (const mix of mixes)
      for (const size of ['normal', 'grande'] as PrintSize[]) {
        const options = { ...mix, format: 'problemas' as const, size };
        for (const count of allowedCounts(options))
          list.push({
            label: `${level} ${Object.keys(mix).join('+')} ${size} ${count}`,
            custom: { v: 1, ...options, count },
          });
      }
  }
  return list;
}

describe('the format situações-problema', () => {
  it('is a format of the options and of the schema, with counts a page holds', () => {
    expect(FORMAT_NAMES.problemas).toBe('Situações-problema');
    const custom: CustomOptions = {
      v: 1,
      ...presetOptions(1),
      format: 'problemas',
      count: 4,
      size: 'normal',
    };
    expect(CustomOptionsSchema.parse(custom)).toEqual(custom);
    const refused = CustomOptionsSchema.safeParse({ ...custom, format: 'historinhas' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(
      'Formato: escolha conta armada, arme e efetue, fatos em linha, número que falta ou situações-problema.',
    );
    const add = { add: presetOptions(1).add };
    // 4 to 10 in normal, 2 to 6 in grande: a page of more than a sheet holds continues on a second (exercisePages).
    expect(allowedCounts({ ...add, format: 'problemas', size: 'normal' })).toEqual([4, 5, 6, 7, 8, 9, 10]);
    expect(allowedCounts({ ...add, format: 'problemas', size: 'grande' })).toEqual([2, 3, 4, 5, 6]);
    // A chave or × by two digits needs a taller quadriculado: fewer problems a sheet in grande.
    const div = { div: presetOptions(1).div };
    expect(allowedCounts({ ...div, format: 'problemas', size: 'normal' })).toEqual([4, 5, 6, 7, 8, 9, 10]);
    expect(allowedCounts({ ...div, format: 'problemas', size: 'grande' })).toEqual([2, 3, 4]);
    const widest = { div: { ...presetOptions(1).div, dividend: 4 as const } };
    expect(allowedCounts({ ...widest, format: 'problemas', size: 'normal' })).toEqual([4, 5, 6, 7, 8]);
    expect(checkCustom(['add'], { v: 1, ...add, format: 'problemas', count: 12, size: 'normal' })).toEqual([
      {
        field: 'count',
        message: 'Neste formato e tamanho, escolha 4, 5, 6, 7, 8, 9 ou 10 problemas.',
        atCreation: true,
      },
    ]);
  });

  it('draws the situações-problema from the seed, its contas the problems, at every count and preset', () => {
    for (const { label, custom } of presetPages()) {
      expect(checkCustom(operationsOf(custom), custom), label).toEqual([]);
      for (const seed of ['a', 'b', 'c']) {
        const page = generatePage(`${seed}-${label}`, pageOptions(custom));
        const again = generatePage(`${seed}-${label}`, pageOptions(custom));
        expect(again, label).toEqual(page);
        const words = page.words!;
        expect(words, label).toHaveLength(custom.count);
        expect(page.problems, label).toEqual(words.map((word) => word.conta));
        // Each operation its share (dealt round-robin, as on a page of bare contas), in a shuffled order.
        const operations = operationsOf(custom);
        expect(
          page.problems.map((p) => (page.words![page.problems.indexOf(p)]!.steps?.[0] ?? p).op).sort(),
          label,
        ).toEqual(page.problems.map((_, i) => operations[i % operations.length]).sort());
        // The BNCC codes of the page's kinds and numbers.
        expect(page.bncc, label).toEqual(wordPageBncc(words));
        expect(page.bncc.length, label).toBeGreaterThan(0);
        // No conta twice, no two problems with the same context and numbers.
        const contas = page.problems.map((p) => `${p.op}|${p.a}|${p.b}`);
        expect(new Set(contas).size, label).toBe(contas.length);
      }
    }
  });

  it('keeps every promise of the options in its contas', () => {
    const custom: CustomOptions = {
      v: 1,
      add: { numbers: { kind: 'digits', top: 3, bottom: 2 }, regrouping: 'com' },
      sub: { numbers: { kind: 'digits', top: 3, bottom: 3 }, regrouping: 'sem' },
      mult: { multiplier: { kind: 'tables', tables: [7] }, multiplicand: 'fatos' },
      div: { divisor: { kind: 'list', divisors: [6, 7, 8, 9] }, dividend: 3, remainders: 'resto' },
      format: 'problemas',
      count: 4,
      size: 'normal',
    };
    const kinds = new Set<string>();
    for (let seed = 0; seed < 300; seed++) {
      const page = generatePage(`promessas-${seed}`, pageOptions(custom));
      for (const word of page.words!) {
        const p = word.conta;
        kinds.add(word.kind);
        switch (p.op) {
          case 'add':
            expect(p.a >= 100 && p.a <= 999 && p.b >= 10 && p.b <= 99 && carriesInsideConta(p.a, p.b)).toBe(
              true,
            );
            break;
          case 'sub':
            expect(p.a >= 100 && p.b >= 100 && !subtractionBorrows(p.a, p.b) && p.b < p.a).toBe(true);
            break;
          case 'mult':
            expect(p.b === 7 && p.a >= 2 && p.a <= 10).toBe(true);
            break;
          case 'div':
            expect(p.b >= 6 && p.b <= 9 && p.a >= 100 && p.a <= 999 && p.remainder > 0).toBe(true);
            expect(p.a).toBe(p.b * p.result + p.remainder);
            break;
        }
        // The answer of "quantos são necessários" is the quotient and one more.
        expect(word.answer).toBe(word.kind === 'necessarios' ? p.result + 1 : p.result);
      }
    }
    expect(kinds.has('necessarios')).toBe(true);
    expect(additionCarries(5, 5)).toBe(true);
  });

  it('names the practice in the title', () => {
    const base = { v: 1, format: 'problemas', count: 4, size: 'normal' } as const;
    const { add, sub, mult, div } = presetOptions(1);
    expect(sheetTitle(pageOptions({ ...base, add }))).toBe('Situações-problema de adição');
    expect(sheetTitle(pageOptions({ ...base, add, sub }))).toBe('Situações-problema de adição e subtração');
    expect(sheetTitle(pageOptions({ ...base, mult, div }))).toBe(
      'Situações-problema de multiplicação e divisão',
    );
    expect(sheetTitle(pageOptions({ ...base, add, sub, mult, div }))).toBe(
      'Situações-problema das quatro operações',
    );
  });

  it('refuses options with fewer different contas than the page asks of an operation (no conta repeats)', () => {
    // The tabuada do 2 of the facts has nine contas: 6 problems of it alone fit.
    const tabuada2: CustomOptions = {
      v: 1,
      mult: { multiplier: { kind: 'tables', tables: [2] }, multiplicand: 'fatos' },
      format: 'problemas',
      count: 6,
      size: 'normal',
    };
    expect(spaceOf('mult', tabuada2).pools[0]!.distinct).toBe(9);
    expect(checkCustom(['mult'], tabuada2)).toEqual([]);
    expect(generatePage('t2', pageOptions(tabuada2)).words).toHaveLength(6);
    // + up to 10, misturado.
    const small: CustomOptions = {
      v: 1,
      add: { numbers: { kind: 'max', max: 10 }, regrouping: 'misturado' },
      format: 'problemas',
      count: 6,
      size: 'normal',
    };
    // Sem reserva 12 different sums, com reserva only 4 (5 + 5, 6 + 4, 7 + 3, 8 + 2): the coin may fall on "com" 6
    // times, so the page is refused beside the control of the numbers.
    expect(spaceOf('add', small).pools.map((pool) => pool.distinct)).toEqual([12, 4]);
    expect(checkCustom(['add'], small)).toEqual([
      {
        field: 'add.numbers',
        message:
          'Com estas opções há só 4 contas diferentes de adição com reserva, e as situações-problema não repetem contas. Escolha menos problemas ou números maiores.',
      },
    ]);
    expect(() => generatePage('pequena', pageOptions(small))).toThrow(/custom options refused/);
    // At 4 problems the same options are a page.
    expect(checkCustom(['add'], { ...small, count: 4 })).toEqual([]);
    expect(generatePage('pequena', pageOptions({ ...small, count: 4 })).words).toHaveLength(4);
    // Division by 2 with resto, of the facts: nine contas (2 ÷ … with quotient 2–10 and resto 1); 8 fit.
    const div2: CustomOptions = {
      v: 1,
      div: { divisor: { kind: 'list', divisors: [2] }, dividend: 'fatos', remainders: 'misturado' },
      format: 'problemas',
      count: 4,
      size: 'normal',
    };
    expect(checkCustom(['div'], div2)).toEqual([]);
    expect(generatePage('d2', pageOptions(div2)).words).toHaveLength(4);
  });

  it('draws every allowed page of a pairwise sample of options, or refuses it in checkCustom', () => {
    const samples: Array<Partial<Pick<CustomOptions, Operation>>> = [
      { add: { numbers: { kind: 'digits', top: 1, bottom: 1 }, regrouping: 'sem' } },
      { add: { numbers: { kind: 'max', max: 20 }, regrouping: 'com' } },
      { sub: { numbers: { kind: 'max', max: 10 }, regrouping: 'sem' } },
      { sub: { numbers: { kind: 'digits', top: 5, bottom: 4 }, regrouping: 'com' } },
      { mult: { multiplier: { kind: 'tables', tables: [9] }, multiplicand: 'fatos' } },
      { mult: { multiplier: { kind: 'twoDigits' }, multiplicand: 3 } },
      { div: { divisor: { kind: 'list', divisors: [9] }, dividend: 'fatos', remainders: 'resto' } },
      { div: { divisor: { kind: 'twoDigits' }, dividend: 2, remainders: 'exata' } },
      { div: { divisor: { kind: 'list', divisors: [2, 3] }, dividend: 4, remainders: 'misturado' } },
      {
        mult: { multiplier: { kind: 'tables', tables: [2] }, multiplicand: 'fatos' },
        div: { divisor: { kind: 'list', divisors: [2] }, dividend: 'fatos', remainders: 'exata' },
      },
    ];
    let drawn = 0;
    for (const sample of samples)
      for (const size of ['normal', 'grande'] as PrintSize[])
        for (const count of allowedCounts({ ...sample, format: 'problemas', size })) {
          const custom: CustomOptions = { v: 1, ...sample, format: 'problemas', size, count };
          if (checkCustom(operationsOf(custom), custom).length > 0) continue;
          for (let seed = 0; seed < 40; seed++) {
            expect(generatePage(`par-${seed}`, pageOptions(custom)).words).toHaveLength(count);
            drawn++;
          }
        }
    expect(drawn).toBeGreaterThan(1000);
  });
});
