import { CustomOptionsSchema } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MEANINGS,
  MEANING_LIST,
  allowedCounts,
  checkCustom,
  exercisePages,
  generatePage,
  meaningOps,
  type CustomOptions,
  type Meaning,
  type Operation,
  type PageOptions,
  type PrintSize,
  type SheetFormat,
} from '../../src/index.js';
import { addSubSettings, divSettings, multSettings, type SurveySetting } from '../support/word-survey.js';

/**
 * Every option set the API accepts draws its page, always: every setting of one operation (digits
 * 1–5 and the limits of + and −, sem/com/misturado; each tabuada, groups and two digits × each multiplicand; each
 * divisor, groups and two digits × each dividend × each resto) in every format and size at the largest count the
 * format holds, the meanings of the situações-problema one by one, and the tabuada em ordem; sparse settings (5-digit
 * sem reserva, "até 10", a tabuada or a divisor alone) with thousands of seeds. `ACCEPTED_SEEDS` scales the seeds.
 */

const SCALE = Number(process.env.ACCEPTED_SEEDS ?? 1);
const FORMATS: SheetFormat[] = ['armada', 'arme', 'linha', 'lacuna', 'problemas'];
const SIZES: PrintSize[] = ['normal', 'grande'];

const pageOptions = (operations: readonly Operation[], custom: CustomOptions): PageOptions => ({
  add: operations.includes('add'),
  sub: operations.includes('sub'),
  mult: operations.includes('mult'),
  div: operations.includes('div'),
  answers: true,
  level: 1,
  custom,
});

/** Whether the API takes these options: its schema, then the generator's check (what pages answers 400 for). */
const accepted = (operations: readonly Operation[], custom: CustomOptions) =>
  CustomOptionsSchema.safeParse(custom).success && checkCustom(operations, custom).length === 0;

/**
 * How sparse a setting's draws are: `failed` for those whose situações-problema used to fail (4–5 digits sem reserva
 * or misturado, up to 7 % of seeds), `small` for small pools (até 10 or 20, a tabuada or a divisor alone), else none.
 */
function sparseness(setting: SurveySetting): 'failed' | 'small' | null {
  const c = setting.custom!;
  const addSub = c.add ?? c.sub;
  if (addSub) {
    if (addSub.numbers.kind === 'digits')
      return addSub.numbers.top >= 4 && addSub.numbers.bottom >= 4 && addSub.regrouping !== 'com'
        ? 'failed'
        : null;
    return addSub.numbers.max <= 20 ? 'small' : null;
  }
  if (c.mult)
    return c.mult.multiplier.kind === 'tables' && c.mult.multiplier.tables.length === 1 ? 'small' : null;
  return c.div!.divisor.kind === 'list' && c.div!.divisor.divisors.length === 1 ? 'small' : null;
}

/** Seeds a setting is drawn with, by format and sparseness. */
const SEEDS = {
  problemas: { failed: 1_000, small: 100, null: 12 },
  bare: { failed: 40, small: 40, null: 6 },
} as const;

interface Case {
  name: string;
  operations: Operation[];
  custom: CustomOptions;
  seeds: number;
}

function cases(): { accepted: Case[]; refused: number } {
  const list: Case[] = [];
  let refused = 0;
  const settings = [...addSubSettings('add'), ...addSubSettings('sub'), ...multSettings(), ...divSettings()];
  for (const setting of settings)
    for (const format of FORMATS)
      for (const size of SIZES) {
        const base = { ...setting.custom!, format, size } as CustomOptions;
        const count = Math.max(...allowedCounts(base));
        const custom = { ...base, count };
        const name = `${setting.name}, ${format}, ${size}, ${count}`;
        if (!accepted(setting.operations, custom)) {
          refused++;
          continue;
        }
        // Thousands of seeds where a draw used to fail (at the largest count: the most a page asks of a pool).
        const seeds = SEEDS[format === 'problemas' ? 'problemas' : 'bare'][`${sparseness(setting)}`];
        list.push({ name, operations: setting.operations, custom, seeds: Math.ceil(seeds * SCALE) });
        if (format !== 'problemas' || size !== 'normal') continue;
        // Each meaning alone that the setting's operation has, and duas etapas beside the defaults.
        const meanings: Meaning[][] = [
          ...MEANING_LIST.filter((m) => meaningOps(m).includes(setting.operations[0]!)).map((m) => [m]),
          [...DEFAULT_MEANINGS, 'duas-etapas'],
        ];
        for (const chosen of meanings) {
          const withMeanings = { ...custom, meanings: chosen };
          if (!accepted(setting.operations, withMeanings)) refused++;
          else
            list.push({
              name: `${name}, ${chosen.join('+')}`,
              operations: setting.operations,
              custom: withMeanings,
              seeds: Math.ceil(8 * SCALE),
            });
        }
      }
  // The tabuada em ordem: each tabuada 1–10 alone and four together, in a line and with the number missing.
  for (const tables of [[1], [2], [3], [4], [5], [6], [7], [8], [9], [10], [1, 2, 5, 10]])
    for (const format of ['linha', 'lacuna'] as const)
      for (const size of SIZES) {
        const custom: CustomOptions = {
          v: 1,
          mult: { multiplier: { kind: 'tables', tables }, multiplicand: 'ordem' },
          format,
          size,
          count: tables.length * 10,
        };
        if (accepted(['mult'], custom))
          list.push({
            name: `em ordem ${tables.join()} ${format} ${size}`,
            operations: ['mult'],
            custom,
            seeds: 2,
          });
        else refused++;
      }
  return { accepted: list, refused };
}

describe('every option set the API accepts draws its page', () => {
  const { accepted: all, refused } = cases();

  it('over every setting of one operation × format × size, the meanings one by one, and the tabuada em ordem', () => {
    const failures: string[] = [];
    let pages = 0;
    for (const { name, operations, custom, seeds } of all) {
      for (let seed = 0; seed < seeds; seed++) {
        pages++;
        try {
          const page = generatePage(`aceita-${name}-${seed}`, pageOptions(operations, custom));
          if (page.problems.length !== custom.count)
            failures.push(`${name} #${seed}: ${page.problems.length}`);
          if (custom.format === 'problemas' && page.words?.length !== custom.count)
            failures.push(`${name} #${seed}: ${page.words?.length} words`);
        } catch (error) {
          if (failures.length < 30) failures.push(`${name} #${seed}: ${(error as Error).message}`);
        }
      }
    }
    expect(failures).toEqual([]);
    // The sweep is what it says: thousands of settings, the refused ones left to the API's 400.
    expect(all.length).toBeGreaterThan(2_500);
    expect(pages).toBeGreaterThan(50_000 * Math.min(1, SCALE));
    expect(refused).toBeGreaterThan(0);
  });

  it('the tabuada em ordem prints N × 1 … N × 10 of each tabuada, from the smallest', () => {
    const custom: CustomOptions = {
      v: 1,
      mult: { multiplier: { kind: 'tables', tables: [7, 1] }, multiplicand: 'ordem' },
      format: 'linha',
      size: 'normal',
      count: 20,
    };
    expect(checkCustom(['mult'], custom)).toEqual([]);
    const page = generatePage('ordem', pageOptions(['mult'], custom));
    expect(page.problems.map(({ a, b, result }) => `${b}×${a}=${result}`)).toEqual([
      ...Array.from({ length: 10 }, (_, i) => `1×${i + 1}=${i + 1}`),
      ...Array.from({ length: 10 }, (_, i) => `7×${i + 1}=${7 * (i + 1)}`),
    ]);
    expect(page.bncc.length).toBeGreaterThan(0);
  });

  it('a page of more situações-problema than a sheet holds takes two', () => {
    const custom: CustomOptions = {
      v: 1,
      add: { numbers: { kind: 'digits', top: 3, bottom: 3 }, regrouping: 'misturado' },
      format: 'problemas',
      size: 'normal',
      count: 10,
    };
    expect(exercisePages(custom)).toBe(2);
    expect(exercisePages({ ...custom, count: 6 })).toBe(1);
    expect(exercisePages({ ...custom, format: 'armada', count: 20 })).toBe(1);
  });
});
