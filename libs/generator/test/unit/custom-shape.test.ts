import { CustomOptionsSchema } from '@app/contracts';
import {
  COUNT_RANGE,
  CUSTOM_MESSAGES,
  DIGITS_RANGE,
  DIVISOR_RANGE,
  LEVELS,
  ORDERED_TABLE_RANGE,
  TABLE_RANGE,
  inRange,
  type IntRange,
} from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  checkCustom,
  DIVIDENDS,
  FORMATS,
  LEVEL_NAMES,
  MAX_CHOICES,
  MULTIPLICANDS,
  ONE_DIGIT_DIVISORS,
  ORDERED_TABLES,
  sheetTitle,
  TABLES,
  type CustomOptions,
  type Operation,
} from '../../src/index.js';
import { MEANING_LIST } from '../../src/word/kinds.js';

const base = { v: 1, format: 'armada', size: 'normal', count: 12 } as const;

/** What the generator says of these options, and whether the API's schema refuses them (and in which words). */
function both(operations: Operation[], custom: unknown) {
  const schema = CustomOptionsSchema.safeParse(custom).error?.issues.map((issue) => issue.message) ?? [];
  const generator = checkCustom(operations, custom as CustomOptions).map((problem) => problem.message);
  return { schema, generator };
}

/** The values around a range's ends: one below, both ends, one above, and a fraction inside. */
const around = (range: IntRange) => [range.min - 1, range.min, range.max, range.max + 1, range.min + 0.5];

describe("the generator's checks and the API's schema are written from one home", () => {
  it('the lists the panel offers are the ranges of the contracts', () => {
    expect(TABLES.every((table) => inRange(table, TABLE_RANGE))).toBe(true);
    expect(ORDERED_TABLES.every((table) => inRange(table, ORDERED_TABLE_RANGE))).toBe(true);
    expect(ONE_DIGIT_DIVISORS.every((divisor) => inRange(divisor, DIVISOR_RANGE))).toBe(true);
    // The word kinds cover every meaning the schema names, and no other.
    expect([...MEANING_LIST].sort()).toEqual(
      [...(CustomOptionsSchema.shape.meanings.unwrap().element.options as readonly string[])].sort(),
    );
  });

  it('refuse the same digits of + and −, in the same words', () => {
    for (const digits of around(DIGITS_RANGE)) {
      const custom = {
        ...base,
        add: { numbers: { kind: 'digits', top: digits, bottom: 1 }, regrouping: 'sem' },
      };
      const { schema, generator } = both(['add'], custom);
      const refused = !inRange(digits, DIGITS_RANGE);
      expect(schema, String(digits)).toEqual(refused ? [CUSTOM_MESSAGES.digits] : []);
      expect(generator.includes(CUSTOM_MESSAGES.digits), String(digits)).toBe(refused);
    }
  });

  it('refuse the same counts, in the same words', () => {
    for (const count of around(COUNT_RANGE)) {
      const custom = { ...base, count, add: { numbers: { kind: 'max', max: 100 }, regrouping: 'sem' } };
      const { schema, generator } = both(['add'], custom);
      const refused = !inRange(count, COUNT_RANGE);
      expect(schema, String(count)).toEqual(refused ? [CUSTOM_MESSAGES.count] : []);
      expect(generator.includes(CUSTOM_MESSAGES.count), String(count)).toBe(refused);
    }
  });

  it('refuse the same tabuadas (in order, the 1 too) and divisors', () => {
    for (const table of around(ORDERED_TABLE_RANGE)) {
      const custom = {
        ...base,
        format: 'linha',
        count: 10,
        mult: { multiplier: { kind: 'tables', tables: [table] }, multiplicand: 'ordem' },
      };
      const { schema, generator } = both(['mult'], custom);
      expect(schema.length > 0, String(table)).toBe(!inRange(table, ORDERED_TABLE_RANGE));
      expect(generator.length > 0, String(table)).toBe(!inRange(table, ORDERED_TABLE_RANGE));
    }
    for (const divisor of around(DIVISOR_RANGE)) {
      const custom = {
        ...base,
        div: { divisor: { kind: 'list', divisors: [divisor] }, dividend: 3, remainders: 'misturado' },
      };
      const { schema } = both(['div'], custom);
      const generator = checkCustom(['div'], custom as CustomOptions).filter(
        (p) => p.field === 'div.divisor',
      );
      expect(schema.length > 0, String(divisor)).toBe(!inRange(divisor, DIVISOR_RANGE));
      expect(generator.length > 0, String(divisor)).toBe(!inRange(divisor, DIVISOR_RANGE));
    }
  });

  it('refuse the same values out of the closed lists, in the same words', () => {
    const add = { numbers: { kind: 'max', max: 100 }, regrouping: 'sem' };
    const div = { divisor: { kind: 'list', divisors: [2, 3] }, dividend: 3, remainders: 'misturado' };
    const mult = { multiplier: { kind: 'tables', tables: [2, 3] }, multiplicand: 2 };
    const cases: [Operation, readonly unknown[], unknown[], (value: unknown) => unknown, string][] = [
      [
        'add',
        MAX_CHOICES,
        [30, '10'],
        (max) => ({ ...base, add: { ...add, numbers: { kind: 'max', max } } }),
        CUSTOM_MESSAGES.max,
      ],
      [
        'add',
        ['sem', 'com', 'misturado'],
        ['nenhuma'],
        (regrouping) => ({ ...base, add: { ...add, regrouping } }),
        CUSTOM_MESSAGES.regrouping,
      ],
      [
        'mult',
        MULTIPLICANDS.filter((m) => m !== 'ordem'),
        [4, 'todos'],
        (multiplicand) => ({ ...base, mult: { ...mult, multiplicand } }),
        CUSTOM_MESSAGES.multiplicand,
      ],
      [
        'div',
        DIVIDENDS,
        [5, 'todos'],
        (dividend) => ({ ...base, div: { ...div, dividend } }),
        CUSTOM_MESSAGES.dividend,
      ],
      [
        'div',
        ['exata', 'resto', 'misturado'],
        ['sempre'],
        (remainders) => ({ ...base, div: { ...div, remainders } }),
        CUSTOM_MESSAGES.remainders,
      ],
      ['add', FORMATS, ['historinhas'], (format) => ({ ...base, format, add }), CUSTOM_MESSAGES.format],
      ['add', ['normal', 'grande'], ['pequeno'], (size) => ({ ...base, size, add }), CUSTOM_MESSAGES.size],
      [
        'add',
        MEANING_LIST,
        ['dividir'],
        (meaning) => ({ ...base, format: 'problemas', count: 4, add, meanings: [meaning] }),
        CUSTOM_MESSAGES.meaningUnknown,
      ],
    ];
    for (const [op, list, outside, custom, message] of cases) {
      for (const value of list) {
        const { schema, generator } = both([op], custom(value));
        expect(schema, String(value)).toEqual([]);
        expect(generator, String(value)).not.toContain(message);
      }
      for (const value of outside) {
        const { schema, generator } = both([op], custom(value));
        expect(schema, String(value)).toEqual([message]);
        expect(generator, String(value)).toContain(message);
      }
    }
  });
});

describe("the generator's level names are the contracts' table of levels", () => {
  it('names each level as the table does, on the sheet and in its title', () => {
    for (const level of LEVELS) {
      expect(LEVEL_NAMES[level.value]).toBe(level.name);
      const options = { add: true, sub: false, mult: false, div: false, answers: true, level: level.value };
      expect(sheetTitle(options)).toMatch(new RegExp(` — ${level.name}$`));
    }
  });
});
