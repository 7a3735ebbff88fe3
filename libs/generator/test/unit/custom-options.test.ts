import { CustomOptionsSchema, type CustomOptionsInput } from '@app/contracts';
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  checkCustom,
  customSource,
  generateWordProblems,
  generatePage,
  presetOptions,
  sheetTitle,
  type CustomOptions,
  type Level,
  type Operation,
  type PageOptions,
} from '../../src/index.js';
import { carriesInsideConta, lineOrder, spaceOf } from '../../src/custom/draw.js';

const ALL: Operation[] = ['add', 'sub', 'mult', 'div'];

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

describe('the custom options model', () => {
  it("the contracts' schema and the generator's type agree", () => {
    // Every value the schema lets through is a CustomOptions; the type is wider only in `max` (a number, where the
    // schema lists MAX_CHOICES), so that both directions hold once `max` is set aside.
    expectTypeOf<CustomOptionsInput>().toExtend<CustomOptions>();
    type WithoutMax<T> = T extends { kind: 'max' } ? { kind: 'max' } : T;
    type AddSubShape<T extends { numbers: unknown }> = Omit<T, 'numbers'> & {
      numbers: WithoutMax<T['numbers']>;
    };
    expectTypeOf<AddSubShape<NonNullable<CustomOptionsInput['add']>>>().toEqualTypeOf<
      AddSubShape<NonNullable<CustomOptions['add']>>
    >();
    expectTypeOf<Omit<CustomOptionsInput, 'add' | 'sub'>>().toEqualTypeOf<
      Omit<CustomOptions, 'add' | 'sub'>
    >();
    for (const level of [0, 1, 2] as Level[]) {
      const custom: CustomOptions = { v: 1, ...presetOptions(level), count: 12 };
      expect(CustomOptionsSchema.parse(custom)).toEqual(custom);
      expect(checkCustom(ALL, custom)).toEqual([]);
    }
  });

  it('refuses the impossible combinations, each beside its control', () => {
    const base = { v: 1, format: 'armada', size: 'normal', count: 12 } as const;
    const refusal = (operations: Operation[], custom: CustomOptions) =>
      checkCustom(operations, custom).map((problem) => problem.field);
    expect(
      refusal(['sub'], {
        ...base,
        sub: { numbers: { kind: 'digits', top: 2, bottom: 3 }, regrouping: 'sem' },
      }),
    ).toEqual(['sub.numbers']);
    expect(
      refusal(['sub'], {
        ...base,
        sub: { numbers: { kind: 'digits', top: 1, bottom: 1 }, regrouping: 'com' },
      }),
    ).toEqual(['sub.regrouping']);
    expect(
      refusal(['add'], { ...base, add: { numbers: { kind: 'max', max: 10 }, regrouping: 'com' } }),
    ).toEqual(['add.regrouping']);
    expect(
      refusal(['div'], {
        ...base,
        format: 'lacuna',
        count: 20,
        div: { divisor: { kind: 'list', divisors: [2] }, dividend: 'fatos', remainders: 'misturado' },
      }),
    ).toEqual(['div.remainders']);
    expect(refusal(['add'], { ...base })).toEqual(['add']);
    expect(
      refusal(['add'], { ...base, count: 13, add: { numbers: { kind: 'max', max: 20 }, regrouping: 'sem' } }),
    ).toEqual(['count']);
    // A refused page is not drawn.
    expect(() =>
      generatePage(
        'x',
        pageOptions({ ...base, add: { numbers: { kind: 'max', max: 10 }, regrouping: 'com' } }),
      ),
    ).toThrow(/Adição com reserva/);
    // A page stored with a count the format no longer allows still draws (the count is checked when a page is made).
    const stored = {
      ...base,
      count: 13,
      add: { numbers: { kind: 'max', max: 20 }, regrouping: 'sem' },
    } as const;
    expect(generatePage('x', pageOptions(stored)).problems).toHaveLength(13);
  });

  it('counts the smallest spaces by enumeration: none has fewer than 4 problems, so the bound refuses none yet', () => {
    const distinct = (op: Operation, custom: Pick<CustomOptions, Operation>) =>
      spaceOf(op, custom).pools.map((pool) => pool.distinct);
    expect(
      distinct('mult', { mult: { multiplier: { kind: 'tables', tables: [2] }, multiplicand: 'fatos' } }),
    ).toEqual([9]);
    expect(
      distinct('mult', {
        mult: { multiplier: { kind: 'tables', tables: [2, 3, 4, 5, 6, 7, 8, 9, 10] }, multiplicand: 'fatos' },
      }),
    ).toEqual([45]);
    expect(
      distinct('div', {
        div: { divisor: { kind: 'list', divisors: [2] }, dividend: 'fatos', remainders: 'misturado' },
      }),
    ).toEqual([9, 9]);
    // 2 + 8, 3 + 7, 4 + 6, 5 + 5: com reserva up to 10 (refused alone, half of a misturado page).
    expect(distinct('add', { add: { numbers: { kind: 'max', max: 10 }, regrouping: 'misturado' } })).toEqual([
      12, 4,
    ]);
    expect(
      distinct('sub', { sub: { numbers: { kind: 'digits', top: 1, bottom: 1 }, regrouping: 'sem' } }),
    ).toEqual([28]);
    // 250 exact divisions of a two-digit number by two digits, with eight answers: enumerated, not drawn blind.
    expect(
      distinct('div', { div: { divisor: { kind: 'twoDigits' }, dividend: 2, remainders: 'exata' } }),
    ).toEqual([expect.any(Number)]);
    expect(
      spaceOf('div', { div: { divisor: { kind: 'twoDigits' }, dividend: 2, remainders: 'exata' } }).pools[0]!
        .list,
    ).not.toBeNull();
  });

  it('com reserva is a carry inside the conta', () => {
    expect(carriesInsideConta(7, 5)).toBe(true); // 1 + 1 digits: out of the units
    expect(carriesInsideConta(95, 17)).toBe(true);
    expect(carriesInsideConta(467, 700)).toBe(false); // only out of the last column, into the result
    expect(carriesInsideConta(45, 72)).toBe(false);
    expect(carriesInsideConta(5, 98)).toBe(true);
    expect(carriesInsideConta(12, 8)).toBe(true);
  });
});

describe('a custom page', () => {
  const tabuada7: CustomOptions = {
    v: 1,
    mult: { multiplier: { kind: 'tables', tables: [7] }, multiplicand: 'fatos' },
    format: 'linha',
    count: 30,
    size: 'grande',
  };

  it('"tabuada do 7, 30 fatos em linha": the nine facts, each once before any twice, never twice in a row', () => {
    const page = generatePage('tabuada', pageOptions(tabuada7));
    expect(page.problems).toHaveLength(30);
    expect(page.problems.every((p) => p.op === 'mult' && p.b === 7 && p.a >= 2 && p.a <= 10)).toBe(true);
    const firstNine = new Set(page.problems.slice(0, 9).map((p) => p.a));
    expect(firstNine.size).toBe(9);
    const counts = new Map<number, number>();
    for (const p of page.problems) counts.set(p.a, (counts.get(p.a) ?? 0) + 1);
    expect(Math.max(...counts.values())).toBe(4); // ceil(30 / 9)
    expect(page.problems.some((p, i) => i > 0 && page.problems[i - 1]!.a === p.a)).toBe(false);
    expect(page.bncc).toEqual(['EF03MA03']);
    expect(sheetTitle(page.options)).toBe('Tabuada do 7');
  });

  it('is the same page for the same seed and options', () => {
    expect(generatePage('s', pageOptions(tabuada7))).toEqual(generatePage('s', pageOptions(tabuada7)));
  });

  it('"___ + 6 = 9 até 20": a missing number, a or b, the result given', () => {
    const page = generatePage(
      'lacuna',
      pageOptions({
        v: 1,
        add: { numbers: { kind: 'max', max: 20 }, regrouping: 'misturado' },
        format: 'lacuna',
        count: 20,
        size: 'normal',
      }),
    );
    expect(page.problems.every((p) => p.blank === 'a' || p.blank === 'b')).toBe(true);
    expect(new Set(page.problems.map((p) => p.blank))).toEqual(new Set(['a', 'b']));
    expect(page.problems.every((p) => p.result <= 20)).toBe(true);
    expect(page.bncc).toEqual(['EF01MA06', 'EF01MA08']);
    expect(sheetTitle(page.options)).toBe('Adição até 20');
  });

  it('names its practice, with no level word', () => {
    const title = (custom: Omit<CustomOptions, 'v' | 'format' | 'count' | 'size'>) =>
      sheetTitle(pageOptions({ v: 1, format: 'armada', count: 12, size: 'normal', ...custom }));
    expect(
      title({ mult: { multiplier: { kind: 'tables', tables: [9, 6, 7, 8] }, multiplicand: 'fatos' } }),
    ).toBe('Tabuadas do 6 ao 9');
    expect(
      title({ mult: { multiplier: { kind: 'tables', tables: [2, 5, 10] }, multiplicand: 'fatos' } }),
    ).toBe('Tabuadas do 2, 5 e 10');
    expect(title({ mult: { multiplier: { kind: 'tables', tables: [2, 3, 4, 5] }, multiplicand: 2 } })).toBe(
      'Multiplicação de 2 algarismos por 2 a 5',
    );
    expect(title({ mult: { multiplier: { kind: 'twoDigits' }, multiplicand: 3 } })).toBe(
      'Multiplicação de 3 algarismos por 2 algarismos',
    );
    expect(title({ sub: { numbers: { kind: 'digits', top: 3, bottom: 3 }, regrouping: 'sem' } })).toBe(
      'Subtração de 3 algarismos sem reserva',
    );
    expect(title({ add: { numbers: { kind: 'digits', top: 4, bottom: 3 }, regrouping: 'com' } })).toBe(
      'Adição de 4 e 3 algarismos com reserva',
    );
    expect(
      title({
        div: { divisor: { kind: 'list', divisors: [5, 2, 3, 4] }, dividend: 'fatos', remainders: 'exata' },
      }),
    ).toBe('Divisão exata por 2 a 5');
    expect(title({ div: { divisor: { kind: 'twoDigits' }, dividend: 4, remainders: 'resto' } })).toBe(
      'Divisão com resto de 4 algarismos por 2 algarismos',
    );
    expect(
      title({
        add: { numbers: { kind: 'max', max: 100 }, regrouping: 'sem' },
        sub: { numbers: { kind: 'max', max: 100 }, regrouping: 'sem' },
      }),
    ).toBe('Adição e subtração');
  });

  it('names its decimals: em reais, com 1 ou 2 casas decimais', () => {
    const title = (custom: Omit<CustomOptions, 'v' | 'format' | 'count' | 'size'>) =>
      sheetTitle(pageOptions({ v: 1, format: 'armada', count: 12, size: 'normal', ...custom }));
    const reais100 = { numbers: { kind: 'max', max: 100 }, regrouping: 'com', casas: 'reais' } as const;
    expect(title({ add: reais100 })).toBe('Adição até R$ 100 com reserva');
    expect(
      title({ sub: { numbers: { kind: 'digits', top: 2, bottom: 2 }, regrouping: 'sem', casas: 2 } }),
    ).toBe('Subtração de 2 algarismos sem reserva, com 2 casas decimais');
    expect(
      title({ mult: { multiplier: { kind: 'tables', tables: [2, 3, 4] }, multiplicand: 2, casas: 'reais' } }),
    ).toBe('Multiplicação de 2 algarismos por 2 a 4, em reais');
    expect(
      title({ mult: { multiplier: { kind: 'tables', tables: [7] }, multiplicand: 'fatos', casas: 1 } }),
    ).toBe('Multiplicação por 7, com 1 casa decimal');
    expect(
      title({
        div: { divisor: { kind: 'list', divisors: [2, 3] }, dividend: 2, remainders: 'exata', casas: 1 },
      }),
    ).toBe('Divisão exata de 2 algarismos por 2 e 3, com 1 casa decimal');
    expect(title({ add: reais100, sub: reais100 })).toBe('Adição e subtração em reais');
    expect(title({ add: reais100, sub: { ...reais100, casas: 1 } })).toBe('Adição e subtração com decimais');
  });

  it('"divisão exata por 2 a 5, armada": exact, only those divisors, codes of the 3º ano', () => {
    const page = generatePage(
      'div',
      pageOptions({
        v: 1,
        div: { divisor: { kind: 'list', divisors: [2, 3, 4, 5] }, dividend: 'fatos', remainders: 'exata' },
        format: 'armada',
        count: 12,
        size: 'normal',
      }),
    );
    expect(
      page.problems.every((p) => p.remainder === 0 && p.b >= 2 && p.b <= 5 && p.blank === undefined),
    ).toBe(true);
    expect(page.bncc).toEqual(['EF03MA08']);
  });

  it('prints a code only where every problem of its operations lies within it', () => {
    // × tabuada do 7 beside five-digit sums: EF03MA03 (+ up to 9 999) cannot print; × takes EF04MA06.
    const page = generatePage(
      'mix',
      pageOptions({
        v: 1,
        add: { numbers: { kind: 'digits', top: 5, bottom: 5 }, regrouping: 'com' },
        mult: { multiplier: { kind: 'tables', tables: [7] }, multiplicand: 'fatos' },
        format: 'armada',
        count: 12,
        size: 'normal',
      }),
    );
    expect(page.bncc).toEqual(['EF04MA03', 'EF04MA06']);
  });
});

describe('lineOrder', () => {
  it('reads a tabuada fact tabuada first, everything else a then b', () => {
    expect(lineOrder({ op: 'mult', a: 8, b: 7 })).toEqual(['b', 'a']);
    expect(lineOrder({ op: 'mult', a: 25, b: 7 })).toEqual(['a', 'b']);
    expect(lineOrder({ op: 'div', a: 63, b: 7 })).toEqual(['a', 'b']);
    expect(lineOrder({ op: 'add', a: 3, b: 6 })).toEqual(['a', 'b']);
  });
});

describe('customSource', () => {
  it('gives the word problems contas of the custom options', () => {
    const custom: CustomOptions = {
      v: 1,
      mult: { multiplier: { kind: 'tables', tables: [6, 7, 8, 9] }, multiplicand: 'fatos' },
      div: { divisor: { kind: 'list', divisors: [2, 3, 4, 5] }, dividend: 'fatos', remainders: 'exata' },
      format: 'armada',
      count: 8,
      size: 'normal',
    };
    const problems = generateWordProblems('w', {
      operations: ['mult', 'div'],
      numbers: { mult: customSource('mult', custom), div: customSource('div', custom) },
      count: 8,
    });
    expect(problems).toHaveLength(8);
    for (const { conta } of problems) {
      if (conta.op === 'mult') expect([6, 7, 8, 9]).toContain(conta.b);
      else expect(conta.remainder === 0 && conta.b <= 5 && conta.result <= 10).toBe(true);
    }
  });
});
