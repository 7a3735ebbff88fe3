import type { Statement, StatementKind } from '@app/contracts';
import { formatCents, formatDateTime, formatSignedCents } from '@app/contracts/format';

/** One line of Extrato as the screen writes it: every text of its cells, and how its amount is coloured. */
export interface StatementRow {
  key: string;
  kind: StatementKind | 'pending';
  date: string;
  description: string;
  /** The movement, signed: `+ R$ 10,00`, `− R$ 0,50` (U+2212). */
  amount: string;
  tone: 'in' | 'out' | 'pending';
  /** The balance right after it (`R$ 9,50`, below zero `− R$ 0,50`, the same sign); null for a pending top-up. */
  balance: string | null;
}

/**
 * Extrato's lines: the pending top-ups first (not in the balance yet), then every movement, newest first. Every amount
 * below zero, a movement or a balance, is written by @app/contracts/format with the one minus sign (U+2212 and a
 * space: `− R$ 0,50`), never Intl's hyphen.
 */
export function statementRows(statement: Statement): StatementRow[] {
  return [
    ...statement.pending.map((topUp): StatementRow => ({
      key: `pending-${topUp.id}`,
      kind: 'pending',
      date: formatDateTime(topUp.at),
      description: topUp.description,
      amount: formatSignedCents(topUp.amountCents),
      tone: 'pending',
      balance: null,
    })),
    ...statement.entries.map((entry): StatementRow => ({
      key: entry.id,
      kind: entry.kind,
      date: formatDateTime(entry.at),
      description: entry.description,
      amount: formatSignedCents(entry.amountCents),
      tone: entry.amountCents < 0 ? 'out' : 'in',
      balance: formatCents(entry.balanceAfterCents),
    })),
  ];
}
