import { describe, expect, it } from 'vitest';
import { Msg, type Statement } from '@app/contracts';
import { statementRows } from '../../src/routes/member/statementRows';

/** A top-up spent on a class set and a page, then refunded: the balance goes below zero (newest first, as billing answers). */
const statement: Statement = {
  pending: [
    {
      id: 'p-1',
      at: '2026-11-29T13:00:00Z',
      description: 'Recarga via Mercado Pago (aguardando confirmação)',
      amountCents: 2000,
    },
  ],
  entries: [
    {
      id: 'e-4',
      at: '2026-11-29T12:00:00Z',
      kind: 'reversal',
      description: 'Estorno de recarga',
      amountCents: -2000,
      balanceAfterCents: -1550,
    },
    {
      id: 'e-3',
      at: '2026-11-29T11:00:00Z',
      kind: 'purchase',
      description: Msg.statementPurchase('Página de exercícios xyz'),
      amountCents: -50,
      balanceAfterCents: 450,
    },
    {
      id: 'e-2',
      at: '2026-11-29T10:30:00Z',
      kind: 'purchase',
      description: Msg.statementPurchase('Conjunto de 30 versões abc'),
      amountCents: -1500,
      balanceAfterCents: 500,
    },
    {
      id: 'e-1',
      at: '2026-11-29T10:00:00Z',
      kind: 'top_up',
      description: Msg.statementTopUp,
      amountCents: 2000,
      balanceAfterCents: 2000,
    },
  ],
  hasOlder: false,
};

describe('Extrato', () => {
  const rows = statementRows(statement);

  it('writes purchases, reversals and top-ups with one sign each way: − (U+2212) and a space, or +', () => {
    expect(rows.map(({ kind, amount, balance, tone }) => ({ kind, amount, balance, tone }))).toEqual([
      { kind: 'pending', amount: '+ R$ 20,00', balance: null, tone: 'pending' },
      { kind: 'reversal', amount: '\u2212 R$ 20,00', balance: '\u2212 R$ 15,50', tone: 'out' },
      { kind: 'purchase', amount: '\u2212 R$ 0,50', balance: 'R$ 4,50', tone: 'out' },
      { kind: 'purchase', amount: '\u2212 R$ 15,00', balance: 'R$ 5,00', tone: 'out' },
      { kind: 'top_up', amount: '+ R$ 20,00', balance: 'R$ 20,00', tone: 'in' },
    ]);
  });

  it('never writes a hyphen as a sign, in the amounts nor in the running balance', () => {
    const money = rows.flatMap((row) => (row.balance === null ? [row.amount] : [row.amount, row.balance]));
    expect(money).toHaveLength(9);
    for (const text of money) {
      expect(text).not.toContain('-');
      expect(text).toMatch(/^((\+|\u2212) )?R\$ \d/);
    }
    // Every amount below zero, a movement or a balance, reads the same way.
    const negatives = money.filter((text) => text.startsWith('\u2212'));
    expect(negatives).toHaveLength(4);
    for (const text of negatives) expect(text).toMatch(/^\u2212 R\$ \d{1,3}(\.\d{3})*,\d{2}$/);
  });

  it('keeps the dates and descriptions as billing answers them, in São Paulo time', () => {
    expect(rows[0]).toMatchObject({ key: 'pending-p-1', date: '29/11/2026 10:00' });
    expect(rows[3]).toMatchObject({
      key: 'e-2',
      date: '29/11/2026 07:30',
      description: 'Compra: Conjunto de 30 versões abc',
    });
  });
});
