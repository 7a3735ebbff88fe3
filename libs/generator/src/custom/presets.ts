import type { CustomOptions, DivOptions, MultOptions } from '@app/contracts/custom-shape';
import type { Level, Operation } from '../types.js';

/**
 * "Dinheiro e decimais": ready sheets a teacher finds next to the levels in the builder, each the custom options of
 * one page ("Personalizar") for one school year. Their BNCC codes are not written here: a custom page's codes are
 * computed from the problems it holds (`contentBncc`), and the unit test pins what they come to (3º ano EF03MA24,
 * 4º ano EF04MA25, 5º ano EF05MA07 and EF05MA08). Every preset passes `checkCustom` as a new page.
 *
 * The options are version 1 of the custom options: a preset changed later makes new pages differently, while a page
 * made from it keeps its own options (stored with the page).
 */
export interface SheetPreset {
  /** Stable: the builder and the samples name a preset by it. */
  readonly id: 'reais-3-ano' | 'reais-4-ano' | 'decimais-5-ano';
  /** The school year, as the builder shows it: "3º ano". */
  readonly ano: string;
  /**
   * What the sheet practises, as the builder shows it beside its ano; the sheet prints it as its title line (`custom`'s
   * `title`: a conta armada shows no "R$", the line says the numbers are reais) and the site names the page by it.
   */
  readonly words: string;
  /** The level whose school years hold the ano (the page's level in the body; a custom page prints none). */
  readonly level: Level;
  /** The operations of the page, in the order + − × ÷. */
  readonly operations: readonly Operation[];
  readonly custom: CustomOptions;
}

export type SheetPresetId = SheetPreset['id'];

const TABLES_2_TO_9: MultOptions['multiplier'] = { kind: 'tables', tables: [2, 3, 4, 5, 6, 7, 8, 9] };
const DIVISORS_2_TO_9: DivOptions['divisor'] = { kind: 'list', divisors: [2, 3, 4, 5, 6, 7, 8, 9] };

/**
 * The presets, in the order of the school years. The counts are the format's (`allowedCounts`): a division in reais
 * or of 2 casas with a dividend of 2 algarismos has 4 digits in all and takes the widest cells (6 or 9 contas).
 *
 * - 3º ano: + and − em reais up to R$ 100 (EF03MA24: compra, venda e troco), + with or without reserva, − with it.
 * - 4º ano: the four operations em reais (EF04MA25). The first term of + and − has 3 algarismos (R$ 100,00 to
 *   R$ 999,99), so a sum always passes R$ 100 and the page is never the 3º ano's as well.
 * - 5º ano: decimals of 1 and 2 casas in the four operations, a natural multiplier and divisor (EF05MA07, EF05MA08).
 */
export const SHEET_PRESETS: readonly SheetPreset[] = [
  {
    id: 'reais-3-ano',
    ano: '3º ano',
    words: 'Somar e dar troco até R$ 100',
    level: 1,
    operations: ['add', 'sub'],
    custom: {
      v: 1,
      add: { numbers: { kind: 'max', max: 100 }, regrouping: 'misturado', casas: 'reais' },
      sub: { numbers: { kind: 'max', max: 100 }, regrouping: 'com', casas: 'reais' },
      format: 'armada',
      count: 12,
      size: 'normal',
      title: 'Somar e dar troco até R$ 100',
    },
  },
  {
    id: 'reais-4-ano',
    ano: '4º ano',
    words: 'As quatro operações em reais',
    level: 2,
    operations: ['add', 'sub', 'mult', 'div'],
    custom: {
      v: 1,
      add: { numbers: { kind: 'digits', top: 3, bottom: 2 }, regrouping: 'com', casas: 'reais' },
      sub: { numbers: { kind: 'digits', top: 3, bottom: 2 }, regrouping: 'com', casas: 'reais' },
      mult: { multiplier: TABLES_2_TO_9, multiplicand: 2, casas: 'reais' },
      div: { divisor: DIVISORS_2_TO_9, dividend: 2, remainders: 'exata', casas: 'reais' },
      format: 'armada',
      count: 9,
      size: 'normal',
      title: 'As quatro operações em reais',
    },
  },
  {
    id: 'decimais-5-ano',
    ano: '5º ano',
    words: 'Decimais com 1 e 2 casas',
    level: 2,
    operations: ['add', 'sub', 'mult', 'div'],
    custom: {
      v: 1,
      add: { numbers: { kind: 'digits', top: 2, bottom: 2 }, regrouping: 'com', casas: 1 },
      sub: { numbers: { kind: 'digits', top: 2, bottom: 2 }, regrouping: 'com', casas: 2 },
      mult: { multiplier: TABLES_2_TO_9, multiplicand: 2, casas: 1 },
      div: { divisor: DIVISORS_2_TO_9, dividend: 2, remainders: 'exata', casas: 2 },
      format: 'armada',
      count: 9,
      size: 'normal',
      title: 'Decimais com 1 e 2 casas',
    },
  },
];

/** The preset of an id; throws on an unknown one (ids are written in code, never typed by a user). */
export function sheetPreset(id: SheetPresetId): SheetPreset {
  const preset = SHEET_PRESETS.find((candidate) => candidate.id === id);
  if (preset === undefined) throw new Error(`unknown sheet preset ${String(id)}`);
  return preset;
}
