import { describe, expect, it } from 'vitest';
import { Msg } from '@app/contracts';
import { describeEntry, toStatement, type StatementRow } from '../../src/domain/statement.js';

const row = (
  over: Partial<StatementRow> & Pick<StatementRow, 'id' | 'kind' | 'amountCents'>,
): StatementRow => ({
  reason: 'Recarga via Mercado Pago',
  createdAt: new Date('2025-03-04T12:00:00Z'),
  balanceAfterCents: 0,
  ...over,
});

describe('statement', () => {
  it('describes each kind in pt-BR: the page of a purchase, the refund or chargeback of a reversal', () => {
    expect(describeEntry('credit', 'Recarga via Mercado Pago')).toBe(Msg.statementTopUp);
    expect(describeEntry('debit', 'Página de exercícios abc123')).toBe('Compra: Página de exercícios abc123');
    expect(describeEntry('reversal', 'Estorno de recarga')).toBe('Estorno de recarga');
  });

  it('answers entries with ISO dates, kinds, signed cents and the balance after each', () => {
    const statement = toStatement(
      [
        row({
          id: '3',
          kind: 'reversal',
          amountCents: -500,
          reason: 'Estorno de recarga',
          balanceAfterCents: 450,
        }),
        row({
          id: '2',
          kind: 'debit',
          amountCents: -50,
          reason: 'Página de exercícios x1',
          balanceAfterCents: 950,
        }),
        row({ id: '1', kind: 'credit', amountCents: 1000, balanceAfterCents: 1000 }),
      ],
      10,
    );
    expect(statement).toEqual({
      hasOlder: false,
      pending: [],
      entries: [
        {
          id: '3',
          at: '2025-03-04T12:00:00.000Z',
          kind: 'reversal',
          description: 'Estorno de recarga',
          amountCents: -500,
          balanceAfterCents: 450,
        },
        {
          id: '2',
          at: '2025-03-04T12:00:00.000Z',
          kind: 'purchase',
          description: 'Compra: Página de exercícios x1',
          amountCents: -50,
          balanceAfterCents: 950,
        },
        {
          id: '1',
          at: '2025-03-04T12:00:00.000Z',
          kind: 'top_up',
          description: Msg.statementTopUp,
          amountCents: 1000,
          balanceAfterCents: 1000,
        },
      ],
    });
  });

  it('keeps the newest `limit` entries and says older ones exist when the query found one more', () => {
    const rows = [3, 2, 1].map((id) => row({ id: String(id), kind: 'credit', amountCents: 500 }));
    const statement = toStatement(rows, 2);
    expect(statement.entries.map((e) => e.id)).toEqual(['3', '2']);
    expect(statement.hasOlder).toBe(true);
    expect(toStatement(rows.slice(0, 2), 2).hasOlder).toBe(false);
  });

  it('lists the top-ups whose payment is pending apart, as pending, with their amount', () => {
    const pending = {
      id: 'topup-1',
      userId: 'ana',
      amountCents: 1000,
      preferenceId: 'pref-1',
      status: 'pending' as const,
      lastPaymentStatus: 'pending',
      checkedAt: null,
      creditedAt: null,
      createdAt: new Date('2025-03-04T13:00:00Z'),
    };
    expect(toStatement([], 10, [pending]).pending).toEqual([
      {
        id: 'topup-1',
        at: '2025-03-04T13:00:00.000Z',
        description: Msg.statementPendingTopUp,
        amountCents: 1000,
      },
    ]);
    expect(Msg.statementPendingTopUp).toBe('Recarga via Mercado Pago (aguardando confirmação)');
  });
});
