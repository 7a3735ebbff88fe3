import { describe, expect, it } from 'vitest';
import { myPurchases } from '../../src/domain/my-purchases.js';

const page = (code: string, options: Parameters<typeof myPurchases>[0][number]['options']) => ({
  code,
  createdAt: new Date('2026-03-04T12:30:00Z'),
  options,
});

describe('Minhas Compras names each page by what it practises (issue 28)', () => {
  it('answers the title printed on the sheet and the level, beside spec §3’s code and created_at', () => {
    expect(
      myPurchases([
        page('abc', { add: false, sub: false, mult: true, div: false, answers: true, level: 0 }),
        page('def', {
          add: true,
          sub: true,
          mult: false,
          div: false,
          answers: false,
          level: 1,
          school: true,
        }),
        page('ghi', { add: true, sub: true, mult: true, div: true, answers: true, level: 2 }),
      ]),
    ).toEqual([
      { code: 'abc', created_at: '2026-03-04T12:30:00.000Z', title: 'Tabuadas do 2 ao 5 — Fácil', level: 0 },
      { code: 'def', created_at: '2026-03-04T12:30:00.000Z', title: 'Adição e subtração — Médio', level: 1 },
      {
        code: 'ghi',
        created_at: '2026-03-04T12:30:00.000Z',
        title: 'As quatro operações — Difícil',
        level: 2,
      },
    ]);
  });
});
