import { CustomOptionsSchema } from '@app/contracts';
import { LEVELS } from '@app/contracts/levels';
import { describe, expect, it } from 'vitest';
import {
  SHEET_PRESETS,
  allowedCounts,
  checkCustom,
  describeSheet,
  generatePage,
  sheetPreset,
  type Problem,
  type SheetPreset,
} from '../../src/index.js';

/**
 * The "Dinheiro e decimais" presets of the builder (custom/presets.ts): each is a page the API takes and the generator
 * draws with every seed, its contas are what its words promise, and its BNCC codes are those of what the page holds,
 * recomputed here from the problems alone: + and − em reais up to R$ 100,00 are the 3º ano's (EF03MA24), any other
 * conta em reais the 4º ano's (EF04MA25), other decimals the 5º ano's (EF05MA07 for + and −, EF05MA08 for × and ÷).
 */

const SEEDS = 5000;

const pageOptions = (preset: SheetPreset) => ({
  add: preset.operations.includes('add'),
  sub: preset.operations.includes('sub'),
  mult: preset.operations.includes('mult'),
  div: preset.operations.includes('div'),
  answers: true,
  level: preset.level,
  custom: preset.custom,
});

const isAddSub = (problem: Problem) => problem.op === 'add' || problem.op === 'sub';

/** The codes of a page of decimals, from its problems, by the skills' words (not by the generator's table). */
function codesOf(problems: readonly Problem[]): string[] {
  const codes = new Set<string>();
  const addSub = problems.filter(isAddSub);
  const multDiv = problems.filter((problem) => !isAddSub(problem));
  if (problems.every((problem) => problem.decimal?.reais === true)) {
    // Centavos: R$ 100,00 is 10 000.
    const upTo100 = addSub.every((p) => Math.max(p.a, p.b, p.result) <= 10_000);
    if (addSub.length > 0) codes.add(upTo100 ? 'EF03MA24' : 'EF04MA25');
    if (multDiv.length > 0) codes.add('EF04MA25');
  } else {
    if (addSub.length > 0) codes.add('EF05MA07');
    if (multDiv.length > 0) codes.add('EF05MA08');
  }
  return ['EF03MA24', 'EF04MA25', 'EF05MA07', 'EF05MA08'].filter((code) => codes.has(code));
}

/** The answer from the numbers alone, in integers of the conta's last casa. */
function answerOf(problem: Problem): number {
  switch (problem.op) {
    case 'add':
      return problem.a + problem.b;
    case 'sub':
      return problem.a - problem.b;
    case 'mult':
      return problem.a * problem.b;
    case 'div':
      return problem.a / problem.b;
  }
}

const PINNED: Record<SheetPreset['id'], { codes: string[]; sentence: string }> = {
  'reais-3-ano': {
    codes: ['EF03MA24'],
    sentence: '12 contas: adições até R$ 100 e subtrações até R$ 100 com reserva, armadas',
  },
  'reais-4-ano': {
    codes: ['EF04MA25'],
    sentence:
      '9 contas: adições de 3 e 2 algarismos em reais com reserva, subtrações de 3 e 2 algarismos em reais com reserva, multiplicações de 2 algarismos em reais vezes 2 a 9 e divisões de 2 algarismos por 2 a 9 em reais, armadas',
  },
  'decimais-5-ano': {
    codes: ['EF05MA07', 'EF05MA08'],
    sentence:
      '9 contas: adições de 2 algarismos com 1 casa decimal com reserva, subtrações de 2 algarismos com 2 casas decimais com reserva, multiplicações de 2 algarismos com 1 casa decimal vezes 2 a 9 e divisões de 2 algarismos por 2 a 9 com 2 casas decimais, armadas',
  },
};

describe('the sheet presets ("Dinheiro e decimais")', () => {
  it('are three, one a school year from the 3º to the 5º, each within its level’s years', () => {
    expect(SHEET_PRESETS.map((preset) => [preset.id, preset.ano])).toEqual([
      ['reais-3-ano', '3º ano'],
      ['reais-4-ano', '4º ano'],
      ['decimais-5-ano', '5º ano'],
    ]);
    for (const preset of SHEET_PRESETS) {
      expect(LEVELS[preset.level].grades).toContain(preset.ano.slice(0, 2));
      // The sheet's title line and the page's name on the site: a conta armada prints no "R$".
      expect(preset.custom.title).toBe(preset.words);
      expect(sheetPreset(preset.id)).toBe(preset);
    }
    expect(SHEET_PRESETS.map((preset) => preset.words)).toEqual([
      'Somar e dar troco até R$ 100',
      'As quatro operações em reais',
      'Decimais com 1 e 2 casas',
    ]);
  });

  for (const preset of SHEET_PRESETS) {
    describe(`${preset.ano}: ${preset.words}`, () => {
      it('is a new page the API takes: its schema, no refusal of checkCustom, a count its format holds', () => {
        expect(CustomOptionsSchema.safeParse(preset.custom).success).toBe(true);
        expect(checkCustom(preset.operations, preset.custom)).toEqual([]);
        expect(allowedCounts(preset.custom)).toContain(preset.custom.count);
        // The options of its operations and of no other, in the order + − × ÷.
        const ops = (['add', 'sub', 'mult', 'div'] as const).filter((op) => preset.custom[op] !== undefined);
        expect(ops).toEqual(preset.operations);
        expect(describeSheet(preset.operations, preset.custom)).toBe(PINNED[preset.id].sentence);
      });

      it(`draws ${SEEDS} pages of its contas, each with the BNCC codes of what it holds`, () => {
        for (let seed = 0; seed < SEEDS; seed++) {
          const page = generatePage(`preset-${preset.id}-${seed}`, pageOptions(preset));
          expect(page.problems).toHaveLength(preset.custom.count);
          expect(new Set(page.problems.map((problem) => problem.op))).toEqual(new Set(preset.operations));
          for (const problem of page.problems) {
            const casas = preset.custom[problem.op]!.casas;
            const line = JSON.stringify(problem);
            expect(problem.decimal?.casas, line).toBe(casas === 'reais' ? 2 : casas);
            expect(problem.decimal?.reais === true, line).toBe(casas === 'reais');
            expect(problem.remainder, line).toBe(0);
            expect(problem.result, line).toBe(answerOf(problem));
          }
          expect(page.bncc, page.problems.map((p) => JSON.stringify(p)).join('\n')).toEqual(
            codesOf(page.problems),
          );
          expect(page.bncc).toEqual(PINNED[preset.id].codes);
        }
      });
    });
  }
});
