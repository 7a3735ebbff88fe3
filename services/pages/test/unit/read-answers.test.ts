import { describe, expect, it } from 'vitest';
import { ErrorCode, Msg } from '@app/contracts';
import { generatePage, RULES_VERSION } from '@app/generator';
import { AppError } from '@app/kit';
import { missingNumberRequest, tabuadaDo7Request, wordProblemsRequest } from '@app/testing';
import { makePageSet } from '../../src/domain/create-page-set.js';
import { readAnswers } from '../../src/domain/read-answers.js';
import { memoryDeps } from '../fakes/memory-deps.js';

// The QR code is on the student's sheet, so the answers go to the account that bought the page and to the
// admin only; a page stored before rules versions answers with rules 1, as it was printed.

const easyDivision = { add: false, sub: false, mult: false, div: true, answers: false, level: 0 as const };
const ana = { userId: 'ana', role: 'user' as const };
const bia = { userId: 'bia', role: 'user' as const };
const admin = { userId: 'root', role: 'admin' as const };

async function boughtPage(rules: number | null) {
  const w = memoryDeps();
  await w.store.pages.insert({ code: 'folha', userId: 'ana', seed: 'semente', options: easyDivision, rules });
  await w.store.pages.markBought('folha', new Date());
  return w;
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (err: unknown) => err as AppError,
  );

describe('readAnswers', () => {
  it("gives the buyer and the admin the page's problems, drawn with its rules", async () => {
    const w = await boughtPage(2);
    const printed = generatePage('semente', easyDivision, 2).problems;
    expect(printed).toHaveLength(20);
    for (const identity of [ana, admin]) {
      const answers = await readAnswers(w.deps, identity, 'folha');
      expect(answers).toEqual({ title: 'Divisão exata — Fácil', level: 0, custom: false, problems: printed });
    }
  });

  it('refuses another account with a 403 that says to sign in with the buyer’s', async () => {
    const w = await boughtPage(2);
    const err = await failure(readAnswers(w.deps, bia, 'folha'));
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ statusCode: 403, code: ErrorCode.FORBIDDEN, message: Msg.answersBuyerOnly });
  });

  it('answers a page that was never bought like an unknown code, even to its own account', async () => {
    const w = memoryDeps();
    await w.store.pages.insert({
      code: 'folha',
      userId: 'ana',
      seed: 'semente',
      options: easyDivision,
      rules: 2,
    });
    for (const code of ['folha', 'outra']) {
      const err = await failure(readAnswers(w.deps, ana, code));
      expect(err).toMatchObject({ statusCode: 404, message: Msg.answersNotFound });
    }
  });

  it('answers a page stored before rules versions (none stored) with rules 1: 12 divisions in the chave', async () => {
    const w = await boughtPage(null);
    const answers = await readAnswers(w.deps, ana, 'folha');
    expect(answers.problems).toEqual(generatePage('semente', easyDivision, 1).problems);
    expect(answers.problems).toHaveLength(12);
  });

  it('says a custom page’s format and gives its problems as its own options draw them', async () => {
    for (const options of [tabuadaDo7Request, missingNumberRequest]) {
      const w = memoryDeps();
      await w.store.pages.insert({ code: 'folha', userId: 'ana', seed: 'semente', options, rules: 2 });
      await w.store.pages.markBought('folha', new Date());
      const answers = await readAnswers(w.deps, ana, 'folha');
      expect(answers.format).toBe(options.custom!.format);
      expect(answers.problems).toEqual(generatePage('semente', options, 2).problems);
    }
  });

  it('gives the tabuada do 7 page its 30 facts of the 7, and each missing-number problem its blank term', async () => {
    const w = memoryDeps();
    for (const [code, options] of [
      ['sete', tabuadaDo7Request],
      ['lacuna', missingNumberRequest],
    ] as const) {
      await w.store.pages.insert({ code, userId: 'ana', seed: 'semente', options, rules: 2 });
      await w.store.pages.markBought(code, new Date());
    }
    const seven = await readAnswers(w.deps, ana, 'sete');
    expect(seven.title).toBe('30 fatos de multiplicação em linha, tabuada do 7, letra grande');
    expect(seven.custom).toBe(true);
    expect(seven.problems).toHaveLength(30);
    expect(seven.problems.every((p) => p.op === 'mult' && p.b === 7 && p.result === p.a * 7)).toBe(true);
    expect(seven.problems.every((p) => !('blank' in p))).toBe(true);

    const blanks = (await readAnswers(w.deps, ana, 'lacuna')).problems.map((p) => p.blank);
    expect(blanks).toHaveLength(20);
    expect(new Set(blanks)).toEqual(new Set(['a', 'b']));
  });

  it('gives a decimal page each conta with its casas, its numbers in units of its last casa', async () => {
    const options = {
      ...missingNumberRequest,
      add: false,
      div: true,
      custom: {
        v: 1 as const,
        div: {
          divisor: { kind: 'list' as const, divisors: [2, 4, 5] },
          dividend: 2 as const,
          remainders: 'exata' as const,
          casas: 'reais' as const,
        },
        format: 'armada' as const,
        count: 12,
        size: 'normal' as const,
      },
    };
    const w = memoryDeps();
    await w.store.pages.insert({
      code: 'reais',
      userId: 'ana',
      seed: 'semente',
      options,
      rules: RULES_VERSION,
    });
    await w.store.pages.markBought('reais', new Date());
    const answers = await readAnswers(w.deps, ana, 'reais');
    expect(answers.problems).toEqual(generatePage('semente', options, RULES_VERSION).problems);
    for (const p of answers.problems) {
      expect(p.decimal).toEqual({ casas: 2, a: 2, b: 0, reais: true });
      // R$ 12,60 ÷ 3 = R$ 4,20: 1260 centavos ÷ 3 = 420 centavos, exact.
      expect([p.a, p.remainder]).toEqual([p.result * p.b, 0]);
    }
  });

  it("names a page by the teacher's title, and a class set's version by its place: 'Versão 2 de 3'", async () => {
    const w = memoryDeps();
    const titled = {
      ...tabuadaDo7Request,
      custom: { ...tabuadaDo7Request.custom!, title: 'Revisão do 3º B' },
    };
    const { code, codes } = await makePageSet(w.deps, 'ana', { ...titled, versions: 3 });
    await w.store.pages.markSetBought(code, new Date());
    const second = await readAnswers(w.deps, ana, codes[1]!);
    expect(second).toMatchObject({ title: 'Revisão do 3º B', custom: true, version: 'Versão 2 de 3' });
  });

  it('answers a preset page without a format or blanks, as before', async () => {
    const w = await boughtPage(2);
    const answers = await readAnswers(w.deps, ana, 'folha');
    expect(Object.keys(answers).sort()).toEqual(['custom', 'level', 'problems', 'title']);
    expect(answers.problems.every((p) => !('blank' in p))).toBe(true);
  });

  it('gives a page of situações-problema each problem’s text and answer sentence with its unit, and both contas of a two-step one', async () => {
    const options = {
      ...wordProblemsRequest,
      custom: {
        ...wordProblemsRequest.custom!,
        meanings: ['duas-etapas' as const, 'separar-retirar' as const],
      },
    };
    const w = memoryDeps();
    await w.store.pages.insert({ code: 'historias', userId: 'ana', seed: 'semente', options, rules: 3 });
    await w.store.pages.markBought('historias', new Date());
    const answers = await readAnswers(w.deps, ana, 'historias');
    const words = generatePage('semente', options, 3).words!;
    expect(answers.format).toBe('problemas');
    expect(answers.problems.map((p) => p.word?.answerSentence)).toEqual(words.map((w) => w.answerSentence));
    expect(answers.problems.map((p) => p.word?.statement)).toEqual(words.map((w) => w.statement));
    const twoSteps = answers.problems.filter((p) => p.word?.steps !== undefined);
    expect(twoSteps.length).toBeGreaterThan(0);
    for (const problem of twoSteps) {
      const [first, second] = problem.word!.steps!;
      expect(second).toEqual({
        op: problem.op,
        a: problem.a,
        b: problem.b,
        result: problem.result,
        remainder: problem.remainder,
      });
      expect([second!.a, second!.b]).toContain(first!.result);
    }
    // The page stored with rules 2 answers as it was printed: its words too.
    const old = memoryDeps();
    await old.store.pages.insert({
      code: 'antiga',
      userId: 'ana',
      seed: 'semente',
      options: wordProblemsRequest,
      rules: 2,
    });
    await old.store.pages.markBought('antiga', new Date());
    const before = generatePage('semente', wordProblemsRequest, 2).words!;
    expect((await readAnswers(old.deps, ana, 'antiga')).problems.map((p) => p.word?.answerSentence)).toEqual(
      before.map((w) => w.answerSentence),
    );
  });
});
