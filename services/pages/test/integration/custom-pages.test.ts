import { describe, expect, inject, it } from 'vitest';
import { createPage, getMyPages, pageAnswers, type PageOptionsSchema } from '@app/contracts';
import { allowedCounts, generatePage, listWords, RULES_VERSION, rulesVersion } from '@app/generator';
import {
  buyPage,
  call,
  createActiveUser,
  defaultPageRequest,
  fundedMember,
  generatePageCode,
  missingNumberRequest,
  type PageRequest,
  sql,
  tabuadaDo7Request,
  userIdOf,
  waitForThumbnail,
  wordProblemsRequest,
} from '@app/testing';
import type { z } from 'zod';

// "Personalizar" on the server: the optional, versioned `custom` part of POST /api/page.

const stack = inject('stack');
const gw = stack.gatewayUrl;

type StoredOptions = z.infer<typeof PageOptionsSchema>;
const storedPage = async (code: string) =>
  (
    await sql<{ seed: string; options: StoredOptions; rules: number | null }>(
      stack,
      'SELECT seed, options, rules FROM pages.pages WHERE code = $1',
      [code],
    )
  )[0]!;
const pagesOf = async (userId: string) =>
  (
    await sql<{ n: number }>(stack, 'SELECT count(*)::int AS n FROM pages.pages WHERE user_id = $1', [userId])
  )[0]!.n;

interface Answers {
  title: string;
  format?: string;
  problems: Array<{
    op: string;
    a: number;
    b: number;
    result: number;
    blank?: 'a' | 'b';
    word?: {
      statement: string;
      answerSentence: string;
      steps?: Array<{ a: number; b: number; result: number }>;
    };
  }>;
}

/** The custom options of the tabuada do 7 page with one field changed (or added). */
const customWith = (change: Record<string, unknown>) => ({
  ...tabuadaDo7Request,
  custom: { ...tabuadaDo7Request.custom!, ...change },
});

describe('POST /api/page with custom options', () => {
  it('stores the options with the page; its code reproduces it: the answers are what its options and seed draw', async () => {
    const user = await fundedMember(stack, 5);
    for (const request of [tabuadaDo7Request, missingNumberRequest]) {
      const code = await generatePageCode(stack, user.token, request);
      const row = await storedPage(code);
      expect(row.options).toEqual(request);
      expect((await waitForThumbnail(stack, user.token, code)).status).toBe(200);
      expect((await buyPage(stack, user.token, code)).status).toBe(200);

      const answers = await call<{ format?: string; problems: unknown[] }>(gw, pageAnswers, {
        query: { code },
        token: user.token,
      });
      expect(answers.status).toBe(200);
      const drawn = generatePage(row.seed, row.options, rulesVersion(row.rules));
      expect(answers.body.payload!.problems).toEqual(drawn.problems);
      expect(answers.body.payload!.format).toBe(request.custom!.format);
    }
    // What these two promise: the tabuada do 7 alone, 30 of it; a blank term in each missing number.
    const [seven, missing] = await Promise.all(
      [tabuadaDo7Request, missingNumberRequest].map(async (request) => {
        const mine = await call<Array<{ code: string; options: PageRequest }>>(gw, getMyPages, {
          token: user.token,
        });
        const { code } = mine.body.payload!.find((p) => p.options.custom!.format === request.custom!.format)!;
        return (await call<Answers>(gw, pageAnswers, { query: { code }, token: user.token })).body.payload!;
      }),
    );
    expect(seven!.title).toBe('30 fatos de multiplicação em linha, tabuada do 7, letra grande');
    expect(seven!.problems.map((p) => [p.op, p.b, p.result === p.a * 7])).toEqual(
      Array.from({ length: 30 }, () => ['mult', 7, true]),
    );
    expect(missing!.problems).toHaveLength(20);
    expect(missing!.problems.every((p) => p.blank === 'a' || p.blank === 'b')).toBe(true);
    // Minhas Compras carries each page's options, for "Gerar outra igual".
    const mine = await call<Array<{ options: PageRequest }>>(gw, getMyPages, { token: user.token });
    expect(mine.body.payload!.map((p) => p.options).sort((a, b) => Number(a.add) - Number(b.add))).toEqual([
      tabuadaDo7Request,
      missingNumberRequest,
    ]);
  });

  it("stores a page made with a preset page's body as before: no custom options, no format in its answers", async () => {
    const user = await fundedMember(stack, 5);
    const code = await generatePageCode(stack, user.token);
    const row = await storedPage(code);
    expect(row.options).toEqual(defaultPageRequest);
    await waitForThumbnail(stack, user.token, code);
    await buyPage(stack, user.token, code);
    const answers = await call<Record<string, unknown>>(gw, pageAnswers, {
      query: { code },
      token: user.token,
    });
    expect(Object.keys(answers.body.payload!).sort()).toEqual(['custom', 'level', 'problems', 'title']);
  });

  it('refuses unknown and out-of-range custom options with a 400 in the error envelope and a pt-BR message, recording nothing', async () => {
    const user = await createActiveUser(stack);
    const userId = await userIdOf(stack, user.token);
    const cases: Array<[string, object, string]> = [
      ['an unknown key', customWith({ cor: 'azul' }), 'Chave inválida: "cor"'],
      ['41 problems', customWith({ count: 41 }), 'Quantidade de contas: escolha de 1 a 40.'],
      [
        'the tabuada do 1',
        customWith({ mult: { multiplier: { kind: 'tables', tables: [1] }, multiplicand: 'fatos' } }),
        'A tabuada do 1 só na tabuada em ordem.',
      ],
      [
        'the tabuada do 11',
        customWith({ mult: { multiplier: { kind: 'tables', tables: [11] }, multiplicand: 'fatos' } }),
        'Tabuadas: escolha de 1 a 10.',
      ],
      ['an unknown meaning', customWith({ meanings: ['voar'] }), 'Significado desconhecido.'],
      [
        'meanings on a page of facts',
        customWith({ meanings: ['parcelas-iguais'] }),
        'Os significados são das situações-problema.',
      ],
      [
        '3-digit multiplications in a line',
        customWith({ mult: { multiplier: { kind: 'tables', tables: [7] }, multiplicand: 3 } }),
        'Em “Fatos em linha” e “Número que falta”, a multiplicação é de tabuadas: escolha multiplicando “fatos”.',
      ],
      [
        'the tabuada em ordem armada',
        customWith({
          mult: { multiplier: { kind: 'tables', tables: [7] }, multiplicand: 'ordem' },
          format: 'armada',
          size: 'normal',
          count: 10,
        }),
        'A tabuada em ordem é em “Fatos em linha” ou “Número que falta”.',
      ],
      [
        'a title with a line break',
        customWith({ title: 'Turma A\nTurma B' }),
        'O título deve ser uma linha de texto.',
      ],
      [
        'a title of 61 characters',
        customWith({ title: 'x'.repeat(61) }),
        'O título pode ter até 60 caracteres.',
      ],
      ['version 2', customWith({ v: 2 }), 'Versão das opções desconhecida.'],
      [
        'an unknown format',
        customWith({ format: 'grade' }),
        'Formato: escolha conta armada, arme e efetue, fatos em linha, número que falta ou situações-problema.',
      ],
      // What the shape cannot say: the generator's checkCustom, its first problem.
      [
        '16 facts in a line, grande',
        customWith({ count: 16 }),
        `Neste formato e tamanho, escolha ${listWords(allowedCounts(tabuadaDo7Request.custom!).map(String))} contas.`,
      ],
      ['× marked without its settings', { ...tabuadaDo7Request, add: true }, 'Escolha as opções da adição.'],
      [
        '÷ with restos as a missing number',
        {
          ...missingNumberRequest,
          div: true,
          custom: {
            ...missingNumberRequest.custom!,
            div: { divisor: { kind: 'list', divisors: [2, 3] }, dividend: 'fatos', remainders: 'resto' },
          },
        },
        'No formato “Número que falta”, a divisão precisa ser exata.',
      ],
    ];
    for (const [what, body, message] of cases) {
      const res = await call(gw, createPage, { body, token: user.token });
      expect([what, res.status]).toEqual([what, 400]);
      expect([what, res.body]).toEqual([
        what,
        { status: 'ERROR', message, payload: null, code: 'VALIDATION' },
      ]);
    }
    expect(await pagesOf(userId)).toBe(0);
    // A title of 60 characters, plain text, is a page.
    expect(
      await generatePageCode(stack, user.token, customWith({ title: 'Ç'.repeat(60) }) as PageRequest),
    ).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await pagesOf(userId)).toBe(1);
  });

  it('draws situações-problema in the meanings chosen, and answers each with its sentence and unit, both contas of a two-step one', async () => {
    const user = await fundedMember(stack, 5);
    const request = {
      ...wordProblemsRequest,
      custom: { ...wordProblemsRequest.custom!, count: 8, meanings: ['duas-etapas', 'inicio-desconhecido'] },
    } as PageRequest;
    const code = await generatePageCode(stack, user.token, request);
    const row = await storedPage(code);
    expect(row.options).toEqual(request);
    expect(row.rules).toBe(RULES_VERSION);
    await waitForThumbnail(stack, user.token, code);
    expect((await buyPage(stack, user.token, code)).status).toBe(200);
    const answers = await call<Answers>(gw, pageAnswers, { query: { code }, token: user.token });
    const words = generatePage(row.seed, row.options, 3).words!;
    expect(new Set(words.map((word) => word.kind))).toEqual(new Set(['duas-etapas', 'inicio-desconhecido']));
    expect(answers.body.payload!.problems.map((p) => p.word!.answerSentence)).toEqual(
      words.map((word) => word.answerSentence),
    );
    for (const problem of answers.body.payload!.problems.filter((p) => p.word!.steps)) {
      const [first, second] = problem.word!.steps!;
      expect([second!.a, second!.b]).toContain(first!.result);
      expect(problem.word!.answerSentence).toContain(String(problem.result % 1000));
    }
  });
});
