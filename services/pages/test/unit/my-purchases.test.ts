import { describe, expect, it } from 'vitest';
import { tabuadaDo7Request, wordProblemsRequest } from '@app/testing';
import { myPurchases } from '../../src/domain/my-purchases.js';

const page = (code: string, options: Parameters<typeof myPurchases>[0][number]['options']) => ({
  code,
  createdAt: new Date('2026-03-04T12:30:00Z'),
  options,
  setCode: null,
  setVersion: null,
});

describe('Minhas Compras names each page by what it practises', () => {
  it('answers the title printed on the sheet, the level and the settings, beside the code and created_at', () => {
    const easy = { add: false, sub: false, mult: true, div: false, answers: true, level: 0 as const };
    const medium = {
      add: true,
      sub: true,
      mult: false,
      div: false,
      answers: false,
      level: 1 as const,
      school: true,
    };
    const hard = { add: true, sub: true, mult: true, div: true, answers: true, level: 2 as const };
    expect(myPurchases([page('abc', easy), page('def', medium), page('ghi', hard)])).toEqual([
      {
        code: 'abc',
        created_at: '2026-03-04T12:30:00.000Z',
        title: 'Tabuadas do 2 ao 5 — Fácil',
        level: 0,
        options: easy,
      },
      {
        code: 'def',
        created_at: '2026-03-04T12:30:00.000Z',
        title: 'Adição e subtração — Médio',
        level: 1,
        options: medium,
      },
      {
        code: 'ghi',
        created_at: '2026-03-04T12:30:00.000Z',
        title: 'As quatro operações — Difícil',
        level: 2,
        options: hard,
      },
    ]);
  });

  it('gives a custom page its custom options too, so "Gerar outra igual" opens the builder with them', () => {
    const [item] = myPurchases([page('jkl', tabuadaDo7Request)]);
    expect(item).toEqual({
      code: 'jkl',
      created_at: '2026-03-04T12:30:00.000Z',
      // Named by what it practises, the panel's sentence (no level word: it has none).
      title: '30 fatos de multiplicação em linha, tabuada do 7, letra grande',
      level: 1,
      options: tabuadaDo7Request,
    });
  });

  it("names a custom page by the teacher's title, and two sheets of problems apart by what they hold", () => {
    const titled = {
      ...tabuadaDo7Request,
      custom: { ...tabuadaDo7Request.custom!, title: 'Revisão do 3º B' },
    };
    const stories = (meanings: Array<'juntar-acrescentar' | 'quantos-a-menos'>) => ({
      ...wordProblemsRequest,
      custom: { ...wordProblemsRequest.custom!, meanings },
    });
    const [mine, join, compare] = myPurchases([
      page('a', titled),
      page('b', stories(['juntar-acrescentar'])),
      page('c', stories(['quantos-a-menos'])),
    ]);
    expect(mine!.title).toBe('Revisão do 3º B');
    expect(join!.title).not.toBe(compare!.title);
    expect(join!.title).toMatch(/^\d+ situações-problema/);
  });

  it('shows a class set as ONE entry where it comes, named by version 1, with its code, count and codes', () => {
    const options = { add: true, sub: true, mult: false, div: false, answers: true, level: 1 as const };
    const at = (iso: string) => new Date(iso);
    const version = (code: string, setVersion: number) => ({
      code,
      createdAt: at('2026-03-05T10:00:00Z'),
      options,
      setCode: 'SET',
      setVersion,
    });
    const list = myPurchases([
      { ...page('newer', options), createdAt: at('2026-03-06T10:00:00Z') },
      // The rows of one set together, in any order: version 1 names the entry all the same.
      version('v2', 2),
      version('v1', 1),
      version('v3', 3),
      { ...page('older', options), createdAt: at('2026-03-01T10:00:00Z') },
    ]);
    expect(list.map((e) => e.code)).toEqual(['newer', 'v1', 'older']);
    expect(list[1]).toEqual({
      code: 'v1',
      created_at: '2026-03-05T10:00:00.000Z',
      title: 'Adição e subtração — Médio',
      level: 1,
      options,
      set: { code: 'SET', versions: 3, codes: ['v1', 'v2', 'v3'] },
    });
    expect(list[0]).not.toHaveProperty('set');
    expect(list[2]).not.toHaveProperty('set');
  });
});
