import { Msg, type PendingTopUp, type Statement, type StatementKind } from '@app/contracts';
import type { LedgerKind, ReversalReason, StatementRow, TopUp } from './ports.js';

export type { LedgerKind, StatementRow } from './ports.js';

const kindOf: Record<LedgerKind, StatementKind> = {
  credit: 'top_up',
  debit: 'purchase',
  reversal: 'reversal',
};

/**
 * What the member reads for an entry. A purchase names its page (the debit's reason, written by pages); a reversal
 * says refund or chargeback (its reason, written by billing).
 */
export function describeEntry(kind: LedgerKind, reason: string): string {
  switch (kind) {
    case 'credit':
      return Msg.statementTopUp;
    case 'debit':
      return Msg.statementPurchase(reason);
    case 'reversal':
      return reason;
  }
}

/** The reason a reversal's ledger row records (the member reads it in Extrato); its reason is read back from it. */
export const reversalReasonText: Readonly<Record<ReversalReason, string>> = {
  refund: 'Estorno de recarga',
  chargeback: 'Contestação (chargeback) de recarga',
};

export const reversalReasonOf = (text: string): ReversalReason =>
  text === reversalReasonText.chargeback ? 'chargeback' : 'refund';

/** Payment statuses Mercado Pago reports while a payment may still be approved (judge-payment's 'pending'). */
export const PENDING_PAYMENT_STATUSES = ['pending', 'authorized', 'in_process', 'in_mediation'] as const;

/** A top-up whose payment is still pending, as Extrato lists it apart from the ledger (not in the balance yet). */
export const toPendingEntry = (topUp: TopUp): PendingTopUp => ({
  id: topUp.id,
  at: topUp.createdAt.toISOString(),
  description: Msg.statementPendingTopUp,
  amountCents: topUp.amountCents,
});

/**
 * The statement of the newest rows (newest first); `rows` holds one more than `limit` when older entries exist,
 * which is how the caller tells "there is more" without counting.
 */
export function toStatement(rows: StatementRow[], limit: number, pending: TopUp[] = []): Statement {
  return {
    pending: pending.map(toPendingEntry),
    entries: rows.slice(0, limit).map((row) => ({
      id: row.id,
      at: row.createdAt.toISOString(),
      kind: kindOf[row.kind],
      description: describeEntry(row.kind, row.reason),
      amountCents: row.amountCents,
      balanceAfterCents: row.balanceAfterCents,
    })),
    hasOlder: rows.length > limit,
  };
}
