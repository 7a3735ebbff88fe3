import { describe, expect, it } from 'vitest';
import { RULES_VERSION } from '@app/generator';
import { missingNumberRequest, wordProblemsRequest, type PageRequest } from '@app/testing';
import { correctionSheets } from '../../src/domain/correction-sheets.js';
import { makePageSet } from '../../src/domain/create-page-set.js';
import { drawnPage, pageProblems } from '../../src/domain/page-rules.js';
import { memoryDeps } from '../fakes/memory-deps.js';

// pages.v1.correctionSheets: what classroom's Correção rápida is told a bought page or set asked.

const subtraction = { add: false, sub: true, mult: false, div: false, answers: true, level: 2 as const };

describe('the sheets to correct', () => {
  it("answers a bought set's versions with each problem's expected answer, also asked by a version's code", async () => {
    const w = memoryDeps();
    const { code, codes } = await makePageSet(w.deps, 'ana', { ...subtraction, versions: 3 });
    expect(await correctionSheets(w.deps, 'ana', code)).toBeNull();
    await w.store.pages.markSetBought(code, new Date());

    const sheets = (await correctionSheets(w.deps, 'ana', code))!;
    expect(sheets.code).toBe(code);
    // When it was bought orders a turma's sheets in the progress of a term; this set was made for no turma.
    expect(sheets.boughtAt).toBe((await w.store.pages.findSet(code))!.boughtAt!.toISOString());
    expect(sheets.turmaId).toBeUndefined();
    expect(sheets.sheets.map((s) => [s.n, s.code, s.label])).toEqual([
      [1, codes[0], 'Versão 1 de 3'],
      [2, codes[1], 'Versão 2 de 3'],
      [3, codes[2], 'Versão 3 de 3'],
    ]);
    for (const [i, sheet] of sheets.sheets.entries()) {
      const page = (await w.store.pages.findByCode(codes[i]!))!;
      const drawn = pageProblems(page);
      expect(sheet.problems).toEqual(
        drawn.map(({ op, a, b, result, remainder }) => ({ op, a, b, result, remainder })),
      );
      // The skills the sheet prints (a Difícil subtraction: 4º and 5º anos), for the report's view per skill.
      expect(sheet.bncc).toEqual(drawnPage(page).bncc);
      expect(sheet.bncc).toEqual(['EF04MA03', 'EF05MA07']);
    }
    expect(await correctionSheets(w.deps, 'ana', codes[2]!)).toEqual(sheets);
  });

  it("marks a lacuna's blank term and a situação-problema, and answers null for another member's page", async () => {
    const w = memoryDeps();
    for (const [code, options] of [
      ['lacuna', missingNumberRequest],
      ['problemas', wordProblemsRequest],
    ] as const) {
      await w.store.pages.insert({ code, userId: 'ana', seed: 'semente', options, rules: RULES_VERSION });
      await w.store.pages.markBought(code, new Date());
    }
    const lacuna = (await correctionSheets(w.deps, 'ana', 'lacuna'))!;
    expect(lacuna.sheets).toHaveLength(1);
    expect(lacuna.sheets[0]!.label).toBeNull();
    expect(lacuna.sheets[0]!.problems.every((p) => p.blank === 'a' || p.blank === 'b')).toBe(true);
    const problemas = (await correctionSheets(w.deps, 'ana', 'problemas'))!;
    expect(problemas.sheets[0]!.problems.every((p) => p.word === true)).toBe(true);
    expect(await correctionSheets(w.deps, 'bia', 'lacuna')).toBeNull();
    expect(await correctionSheets(w.deps, 'ana', 'desconhecido')).toBeNull();
  });

  it('says the number a situação-problema asks when it is not its conta’s result: how many cédulas e moedas', async () => {
    const w = memoryDeps();
    const options: PageRequest = {
      ...wordProblemsRequest,
      custom: {
        ...wordProblemsRequest.custom!,
        add: { numbers: { kind: 'max', max: 100 }, regrouping: 'misturado', casas: 'reais' },
        sub: { numbers: { kind: 'max', max: 100 }, regrouping: 'com', casas: 'reais' },
        count: 4,
        meanings: ['separar-retirar', 'cedulas-moedas'],
      },
    };
    await w.store.pages.insert({
      code: 'troco',
      userId: 'ana',
      seed: 'semente',
      options,
      rules: RULES_VERSION,
    });
    await w.store.pages.markBought('troco', new Date());
    const [sheet] = (await correctionSheets(w.deps, 'ana', 'troco'))!.sheets;
    const words = drawnPage((await w.store.pages.findByCode('troco'))!).words!;
    expect(words.some((word) => word.pieces) && words.some((word) => !word.pieces)).toBe(true);
    sheet!.problems.forEach((p, i) => {
      const word = words[i]!;
      expect(p.word).toBe(true);
      // How many cédulas and moedas; a troco em reais is its conta's result, in centavos.
      expect(p.answer).toBe(
        word.pieces ? word.pieces.reduce((sum, piece) => sum + piece.count, 0) : undefined,
      );
    });
  });

  it('says the casas of a decimal conta, whose numbers (and expected answer) are units of its last casa', async () => {
    const w = memoryDeps();
    const options: PageRequest = {
      ...missingNumberRequest,
      custom: {
        ...missingNumberRequest.custom!,
        add: {
          numbers: { kind: 'max', max: 100 },
          regrouping: 'misturado',
          casas: 1,
        },
        format: 'armada',
      },
    };
    await w.store.pages.insert({
      code: 'decimal',
      userId: 'ana',
      seed: 'semente',
      options,
      rules: RULES_VERSION,
    });
    await w.store.pages.markBought('decimal', new Date());
    const [sheet] = (await correctionSheets(w.deps, 'ana', 'decimal'))!.sheets;
    const drawn = pageProblems((await w.store.pages.findByCode('decimal'))!);
    expect(sheet!.problems).toEqual(
      drawn.map(({ op, a, b, result, remainder, decimal }) => ({ op, a, b, result, remainder, decimal })),
    );
    for (const p of sheet!.problems) {
      expect(p.decimal?.casas).toBe(1);
      expect(p.result).toBe(p.a + p.b);
    }
  });
});
