import { describe, expect, it } from 'vitest';
import { EXPORT_MAX_ENTRIES, exportUserData } from '../../src/domain/export-user-data.js';
import type { StatementRow } from '../../src/domain/statement.js';
import type { TopUp } from '../../src/domain/ports.js';

const at = new Date('2025-03-04T12:00:00Z');
const topUp: TopUp = {
  id: 't1',
  userId: 'u1',
  amountCents: 1000,
  preferenceId: 'pref-1',
  status: 'credited',
  lastPaymentStatus: 'approved',
  checkedAt: null,
  creditedAt: at,
  createdAt: at,
};

const fakeStore = (rows: StatementRow[], topUps: TopUp[] = [topUp]) => {
  const asked: Array<[string, number]> = [];
  return {
    asked,
    store: {
      ledger: {
        statementRows: async (userId: string, limit: number) => {
          asked.push([userId, limit]);
          return rows.slice(0, limit);
        },
      },
      topUps: { topUpsOf: async (userId: string) => topUps.filter((t) => t.userId === userId) },
    },
  };
};

describe("billing's part of a data export", () => {
  it('answers the statement oldest first and the payments, without provider ids', async () => {
    const { store, asked } = fakeStore([
      {
        id: '2',
        kind: 'debit',
        amountCents: -50,
        reason: 'Página de exercícios x',
        createdAt: at,
        balanceAfterCents: 950,
      },
      {
        id: '1',
        kind: 'credit',
        amountCents: 1000,
        reason: 'Recarga via Mercado Pago',
        createdAt: at,
        balanceAfterCents: 1000,
      },
    ]);
    const result = await exportUserData(store, 'u1');
    expect(asked).toEqual([['u1', EXPORT_MAX_ENTRIES + 1]]);
    expect(result.statement.map((e) => [e.id, e.kind, e.balanceAfterCents])).toEqual([
      ['1', 'top_up', 1000],
      ['2', 'purchase', 950],
    ]);
    expect(result.statementHasOlder).toBe(false);
    expect(result.payments).toEqual([
      {
        topUpId: 't1',
        amountCents: 1000,
        status: 'credited',
        paymentStatus: 'approved',
        createdAt: at.toISOString(),
        creditedAt: at.toISOString(),
      },
    ]);
  });

  it('says when older entries lie beyond the bound', async () => {
    const rows = Array.from({ length: EXPORT_MAX_ENTRIES + 1 }, (_, i) => ({
      id: String(EXPORT_MAX_ENTRIES + 1 - i),
      kind: 'credit' as const,
      amountCents: 500,
      reason: 'Recarga via Mercado Pago',
      createdAt: at,
      balanceAfterCents: 500 * (EXPORT_MAX_ENTRIES + 1 - i),
    }));
    const result = await exportUserData(fakeStore(rows, []).store, 'u1');
    expect(result.statement).toHaveLength(EXPORT_MAX_ENTRIES);
    expect(result.statement[0]!.id).toBe('2');
    expect(result.statementHasOlder).toBe(true);
  });
});
