import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { CustomOptionsSchema } from '@app/contracts';
import {
  COUNT_RANGE,
  CUSTOM_MESSAGES,
  DIGITS_RANGE,
  DIVIDENDS,
  DIVISOR_RANGE,
  FORMATS,
  MAX_CHOICES,
  MEANING_VALUES,
  MULTIPLICANDS,
  ONE_DIGIT_DIVISORS,
  ORDERED_TABLE_RANGE,
  ORDERED_TABLES,
  REGROUPINGS,
  REMAINDERS,
  SIZES,
  TABLE_RANGE,
  TABLES,
  TITLE_MAX,
  inRange,
  rangeMessage,
  valuesOf,
  type CustomOptions,
  type IntRange,
} from '@app/contracts/custom-shape';

/** A page of × by the tabuada do 7 in a line, valid: each test changes one field. */
const base: CustomOptions = {
  v: 1,
  mult: { multiplier: { kind: 'tables', tables: [7] }, multiplicand: 'fatos' },
  format: 'linha',
  count: 20,
  size: 'normal',
};

const messages = (value: unknown) =>
  CustomOptionsSchema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

/** The values around a range's ends: one below, both ends, one above, and a fraction inside. */
const around = (range: IntRange) => [range.min - 1, range.min, range.max, range.max + 1, range.min + 0.5];

describe('the custom options have one home (custom-shape.ts)', () => {
  it("the zod schema's output is the CustomOptions type", () => {
    expectTypeOf<z.output<typeof CustomOptionsSchema>>().toExtend<CustomOptions>();
    expect(CustomOptionsSchema.parse(base)).toEqual(base);
  });

  it('the lists of numbers are the ranges, in order', () => {
    expect(valuesOf({ min: 2, max: 4 })).toEqual([2, 3, 4]);
    expect(TABLES).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(ORDERED_TABLES).toEqual([1, ...TABLES]);
    expect(ONE_DIGIT_DIVISORS).toEqual([2, 3, 4, 5, 6, 7, 8, 9]);
    expect(TABLES.every((table) => inRange(table, TABLE_RANGE))).toBe(true);
    expect(inRange(2.5, TABLE_RANGE)).toBe(false);
    expect(inRange('3', TABLE_RANGE)).toBe(false);
  });

  it('the schema takes the digits of + and − exactly in DIGITS_RANGE, refusing in its words', () => {
    for (const digits of around(DIGITS_RANGE)) {
      const custom = {
        ...base,
        mult: undefined,
        add: { numbers: { kind: 'digits', top: digits, bottom: 1 }, regrouping: 'sem' },
      };
      expect(messages(custom), String(digits)).toEqual(
        inRange(digits, DIGITS_RANGE) ? [] : [CUSTOM_MESSAGES.digits],
      );
    }
  });

  it('the schema takes the tabuadas exactly in ORDERED_TABLE_RANGE (the 1 only in order: the generator says so)', () => {
    for (const table of around(ORDERED_TABLE_RANGE)) {
      const custom = { ...base, mult: { ...base.mult, multiplier: { kind: 'tables', tables: [table] } } };
      expect(messages(custom), String(table)).toEqual(
        inRange(table, ORDERED_TABLE_RANGE) ? [] : [rangeMessage('Tabuadas', ORDERED_TABLE_RANGE)],
      );
    }
  });

  it('the schema takes the divisors exactly in DIVISOR_RANGE', () => {
    for (const divisor of around(DIVISOR_RANGE)) {
      const custom = {
        ...base,
        mult: undefined,
        div: { divisor: { kind: 'list', divisors: [divisor] }, dividend: 'fatos', remainders: 'exata' },
      };
      expect(messages(custom), String(divisor)).toEqual(
        inRange(divisor, DIVISOR_RANGE) ? [] : [rangeMessage('Divisores', DIVISOR_RANGE)],
      );
    }
  });

  it('the schema takes the count exactly in COUNT_RANGE', () => {
    for (const count of around(COUNT_RANGE))
      expect(messages({ ...base, count }), String(count)).toEqual(
        inRange(count, COUNT_RANGE) ? [] : [CUSTOM_MESSAGES.count],
      );
  });

  it('the schema takes exactly the closed lists, refusing anything else in their words', () => {
    const addMax = (max: unknown) => ({
      ...base,
      mult: undefined,
      add: { numbers: { kind: 'max', max }, regrouping: 'sem' },
    });
    const cases: [readonly unknown[], unknown[], (value: unknown) => unknown, string][] = [
      [MAX_CHOICES, [0, 30, 10000, '10'], addMax, CUSTOM_MESSAGES.max],
      [
        REGROUPINGS,
        ['nenhuma', ''],
        (regrouping) => ({
          ...base,
          mult: undefined,
          add: { numbers: { kind: 'max', max: 100 }, regrouping },
        }),
        CUSTOM_MESSAGES.regrouping,
      ],
      [
        MULTIPLICANDS,
        [1, 4, 'todos'],
        (multiplicand) => ({ ...base, mult: { ...base.mult, multiplicand } }),
        CUSTOM_MESSAGES.multiplicand,
      ],
      [
        DIVIDENDS,
        [1, 5, 'todos'],
        (dividend) => ({
          ...base,
          mult: undefined,
          div: { divisor: { kind: 'list', divisors: [2] }, dividend, remainders: 'exata' },
        }),
        CUSTOM_MESSAGES.dividend,
      ],
      [
        REMAINDERS,
        ['sempre'],
        (remainders) => ({
          ...base,
          mult: undefined,
          div: { divisor: { kind: 'list', divisors: [2] }, dividend: 'fatos', remainders },
        }),
        CUSTOM_MESSAGES.remainders,
      ],
      [FORMATS, ['historinhas'], (format) => ({ ...base, format }), CUSTOM_MESSAGES.format],
      [SIZES, ['pequeno'], (size) => ({ ...base, size }), CUSTOM_MESSAGES.size],
      [
        MEANING_VALUES,
        ['dividir'],
        (meaning) => ({ ...base, format: 'problemas', count: 4, meanings: [meaning] }),
        CUSTOM_MESSAGES.meaningUnknown,
      ],
    ];
    for (const [list, outside, custom, message] of cases) {
      for (const value of list) expect(messages(custom(value)), String(value)).toEqual([]);
      for (const value of outside) expect(messages(custom(value)), String(value)).toEqual([message]);
    }
  });

  it('the schema takes a title of up to TITLE_MAX characters', () => {
    expect(messages({ ...base, title: 'x'.repeat(TITLE_MAX) })).toEqual([]);
    expect(messages({ ...base, title: 'x'.repeat(TITLE_MAX + 1) })).toEqual([
      `O título pode ter até ${TITLE_MAX} caracteres.`,
    ]);
  });

  it('the zod-free modules import nothing, so the generator and the SPA load them without zod', () => {
    for (const file of ['custom-shape.ts', 'levels.ts', 'prices.ts']) {
      const source = readFileSync(new URL(`../../src/${file}`, import.meta.url), 'utf8');
      expect(source, file).not.toMatch(/^\s*(import|export .* from)\b/m);
    }
  });
});
