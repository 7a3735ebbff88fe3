import { CustomOptionsSchema } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  checkCustom,
  generatePage,
  presetOptions,
  type CustomOptions,
  type Level,
  type Operation,
} from '../../src/index.js';
import { randomFromSeed, type Random } from '../../src/random.js';

/**
 * `checkCustom` never throws, whatever it is given, and states every range itself, so that `generatePage` refuses what
 * the API refuses: a 4-digit multiplicand used to throw a TypeError inside it, and a page drawn without the
 * API printed 9 × 0 and 2 ÷ 1.
 */

const OPS: Operation[] = ['add', 'sub', 'mult', 'div'];

/** Values that are wrong somewhere: out of range, of another type, missing. */
const JUNK: readonly unknown[] = [
  -1,
  0,
  1,
  4,
  6,
  11,
  2.5,
  '3',
  null,
  undefined,
  [],
  [0],
  [1],
  [10],
  [2, 2],
  [11],
  {},
  'ordem',
  'fatos',
  'x',
  true,
];

/** A preset's options with one field, somewhere in the tree, replaced by junk. */
function mutated(random: Random): CustomOptions {
  const level = random.int(0, 2) as Level;
  const custom = structuredClone({
    v: 1,
    ...presetOptions(level),
    format: random.pick(['armada', 'problemas', 'linha'] as const),
    count: 12,
  }) as unknown as Record<string, unknown>;
  const paths = [
    ['add', 'numbers', 'top'],
    ['add', 'numbers', 'bottom'],
    ['sub', 'numbers', 'max'],
    ['add', 'regrouping'],
    ['mult', 'multiplier', 'tables'],
    ['mult', 'multiplier', 'kind'],
    ['mult', 'multiplicand'],
    ['div', 'divisor', 'divisors'],
    ['div', 'divisor', 'kind'],
    ['div', 'dividend'],
    ['div', 'remainders'],
    ['format'],
    ['size'],
    ['count'],
    ['meanings'],
    ['mult'],
    ['add', 'numbers'],
  ];
  const path = random.pick(paths);
  let node = custom;
  for (const key of path.slice(0, -1)) {
    if (typeof node[key] !== 'object' || node[key] === null) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[path.at(-1)!] = random.pick(JUNK);
  if (path[0] === 'add' && path[1] === 'numbers' && path.length === 3) node.kind = 'digits';
  if (path[0] === 'sub' && path[2] === 'max') node.kind = 'max';
  return custom as unknown as CustomOptions;
}

describe('checkCustom on options the API would refuse', () => {
  it('never throws, and whatever the schema refuses it refuses too, so generatePage does', () => {
    const random = randomFromSeed('recusas');
    let refusedBySchema = 0;
    for (let i = 0; i < 20_000; i++) {
      const custom = mutated(random);
      const operations = OPS.filter((op) => (custom as unknown as Record<string, unknown>)[op] !== undefined);
      let problems: ReturnType<typeof checkCustom> = [];
      expect(() => (problems = checkCustom(operations, custom)), JSON.stringify(custom)).not.toThrow();
      const drawable = problems.filter((problem) => !problem.atCreation).length === 0;
      const parsed = CustomOptionsSchema.safeParse(custom);
      // A key the schema does not know draws nothing; every other refusal is the generator's too.
      if (!parsed.success && parsed.error.issues.some((issue) => issue.code !== 'unrecognized_keys')) {
        refusedBySchema++;
        expect(problems.length, JSON.stringify(custom)).toBeGreaterThan(0);
      }
      if (!drawable)
        expect(() =>
          generatePage(`recusa-${i}`, {
            add: operations.includes('add'),
            sub: operations.includes('sub'),
            mult: operations.includes('mult'),
            div: operations.includes('div'),
            answers: false,
            level: 1,
            custom,
          }),
        ).toThrow('custom options refused');
    }
    expect(refusedBySchema).toBeGreaterThan(10_000);
  });

  it('refuses the ranges in its own words: tabuadas 2–10, divisors 2–9, digits 1–5, the multiplicands named', () => {
    const base: CustomOptions = { v: 1, ...presetOptions(1), format: 'armada', count: 12 };
    const refusal = (custom: unknown) => checkCustom(OPS, custom as CustomOptions)[0];
    expect(
      refusal({ ...base, mult: { multiplier: { kind: 'tables', tables: [0] }, multiplicand: 'fatos' } }),
    ).toEqual({
      field: 'mult.multiplier',
      message: 'Escolha tabuadas de 2 a 10.',
    });
    expect(
      refusal({ ...base, mult: { multiplier: { kind: 'tables', tables: [1] }, multiplicand: 'fatos' } }),
    ).toEqual({
      field: 'mult.multiplier',
      message: 'A tabuada do 1 só na tabuada em ordem.',
    });
    expect(refusal({ ...base, div: { ...base.div!, divisor: { kind: 'list', divisors: [1] } } })).toEqual({
      field: 'div.divisor',
      message: 'Escolha divisores de 2 a 9.',
    });
    expect(
      refusal({ ...base, add: { ...base.add!, numbers: { kind: 'digits', top: 6, bottom: 3 } } }),
    ).toEqual({
      field: 'add.numbers',
      message: 'Algarismos: escolha de 1 a 5.',
    });
    expect(refusal({ ...base, mult: { ...base.mult!, multiplicand: 4 } })).toEqual({
      field: 'mult.multiplicand',
      message: 'Multiplicando: escolha fatos, 2 ou 3 algarismos, ou a tabuada em ordem.',
    });
    expect(refusal({ ...base, meanings: ['voar'] })).toEqual({
      field: 'meanings',
      message: 'Significado desconhecido.',
    });
    expect(refusal({ ...base, meanings: ['juntar-acrescentar'] })).toEqual({
      field: 'meanings',
      message: 'Os significados são das situações-problema.',
    });
  });

  it('keeps a line for facts and the tabuada em ordem to itself', () => {
    const mult = (multiplicand: 'fatos' | 2 | 'ordem', tables = [7]): CustomOptions['mult'] => ({
      multiplier: { kind: 'tables', tables },
      multiplicand,
    });
    expect(
      checkCustom(['mult'], { v: 1, mult: mult(2), format: 'linha', size: 'normal', count: 20 }),
    ).toEqual([
      {
        field: 'mult.multiplicand',
        message:
          'Em “Fatos em linha” e “Número que falta”, a multiplicação é de tabuadas: escolha multiplicando “fatos”.',
        atCreation: true,
      },
    ]);
    expect(
      checkCustom(['mult'], { v: 1, mult: mult('ordem'), format: 'armada', size: 'normal', count: 10 }),
    ).toEqual([
      { field: 'format', message: 'A tabuada em ordem é em “Fatos em linha” ou “Número que falta”.' },
    ]);
    expect(
      checkCustom(['mult'], {
        v: 1,
        mult: mult('ordem', [1, 7]),
        format: 'linha',
        size: 'normal',
        count: 10,
      }),
    ).toEqual([
      { field: 'count', message: 'A tabuada em ordem tem 10 contas por tabuada: escolha 20 contas.' },
    ]);
    expect(
      checkCustom(['mult', 'add'], {
        v: 1,
        mult: mult('ordem'),
        add: presetOptions(0).add,
        format: 'linha',
        size: 'normal',
        count: 10,
      })[0],
    ).toEqual({
      field: 'mult.multiplicand',
      message: 'A tabuada em ordem é só de multiplicação: desmarque as outras operações.',
    });
    expect(
      checkCustom(['mult'], {
        v: 1,
        mult: mult('fatos', [1, 2]),
        format: 'linha',
        size: 'normal',
        count: 10,
      }),
    ).toEqual([{ field: 'mult.multiplier', message: 'A tabuada do 1 só na tabuada em ordem.' }]);
  });

  it('refuses meanings the numbers cannot be told in', () => {
    const custom: CustomOptions = {
      v: 1,
      mult: { multiplier: { kind: 'twoDigits' }, multiplicand: 3 },
      format: 'problemas',
      size: 'normal',
      count: 4,
      meanings: ['combinatoria'],
    };
    expect(checkCustom(['mult'], custom)).toEqual([
      {
        field: 'meanings',
        message:
          'Os significados escolhidos não servem para estas contas de multiplicação: escolha outros significados ou outros números.',
        atCreation: true,
      },
    ]);
    expect(checkCustom(['mult'], { ...custom, meanings: ['juntar-acrescentar'] })).toEqual([
      { field: 'meanings', message: 'Escolha pelo menos um significado da multiplicação.', atCreation: true },
    ]);
  });
});
