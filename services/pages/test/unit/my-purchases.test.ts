import { describe, expect, it } from 'vitest';
import { tabuadaDo7Request } from '@app/testing';
import { myPurchases } from '../../src/domain/my-purchases.js';

const page = (code: string, options: Parameters<typeof myPurchases>[0][number]['options']) => ({
  code,
  createdAt: new Date('2026-03-04T12:30:00Z'),
  options,
});

describe('Minhas Compras names each page by what it practises (issue 28)', () => {
  it('answers the title printed on the sheet, the level and the settings, beside spec §3’s code and created_at', () => {
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

  it('gives a custom page its custom options too, so "Gerar outra igual" opens the builder with them (issue 25)', () => {
    const [item] = myPurchases([page('jkl', tabuadaDo7Request)]);
    expect(item).toEqual({
      code: 'jkl',
      created_at: '2026-03-04T12:30:00.000Z',
      title: 'Tabuada do 7',
      level: 1,
      options: tabuadaDo7Request,
    });
  });
});
