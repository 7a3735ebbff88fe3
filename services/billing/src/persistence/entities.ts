import { EntitySchema } from 'typeorm';

/** billing's tables (schema `billing`). The ledger is append-only; `balances` caches its sum per user. */

export interface BalanceRow {
  userId: string;
  balanceCents: number;
  updatedAt: Date;
}

export type TopUpStatus = 'pending' | 'credited';

export interface TopUpRow {
  id: string;
  userId: string;
  amountCents: number;
  preferenceId: string | null;
  status: TopUpStatus;
  lastPaymentStatus: string | null;
  checkedAt: Date | null;
  creditedAt: Date | null;
  createdAt: Date;
}

export type LedgerKind = 'credit' | 'debit' | 'reversal';

/** Which path wrote a credit or a reversal. */
export type SettlementSource = 'return' | 'webhook' | 'reconciler';

export interface LedgerEntryRow {
  id: string;
  userId: string;
  kind: LedgerKind;
  /** Positive for a credit, negative for a debit or a reversal. */
  amountCents: number;
  topUpId: string | null;
  paymentId: string | null;
  /** The payment a reversal takes back (refund or chargeback). */
  reversedPaymentId: string | null;
  idempotencyKey: string | null;
  source: SettlementSource | null;
  reason: string;
  createdAt: Date;
}

export const BalanceEntity = new EntitySchema<BalanceRow>({
  name: 'Balance',
  tableName: 'balances',
  columns: {
    userId: { name: 'user_id', type: 'text', primary: true },
    balanceCents: { name: 'balance_cents', type: 'integer', default: 0 },
    updatedAt: { name: 'updated_at', type: 'timestamptz', default: () => 'now()' },
  },
});

export const TopUpEntity = new EntitySchema<TopUpRow>({
  name: 'TopUp',
  tableName: 'top_ups',
  columns: {
    id: { type: 'uuid', primary: true },
    userId: { name: 'user_id', type: 'text' },
    amountCents: { name: 'amount_cents', type: 'integer' },
    preferenceId: { name: 'preference_id', type: 'text', nullable: true, unique: true },
    status: { type: 'text', default: 'pending' },
    lastPaymentStatus: { name: 'last_payment_status', type: 'text', nullable: true },
    checkedAt: { name: 'checked_at', type: 'timestamptz', nullable: true },
    creditedAt: { name: 'credited_at', type: 'timestamptz', nullable: true },
    createdAt: { name: 'created_at', type: 'timestamptz', default: () => 'now()' },
  },
});

export const LedgerEntryEntity = new EntitySchema<LedgerEntryRow>({
  name: 'LedgerEntry',
  tableName: 'ledger_entries',
  columns: {
    id: { type: 'bigint', primary: true, generated: 'increment' },
    userId: { name: 'user_id', type: 'text' },
    kind: { type: 'text' },
    amountCents: { name: 'amount_cents', type: 'integer' },
    topUpId: { name: 'top_up_id', type: 'uuid', nullable: true },
    paymentId: { name: 'payment_id', type: 'text', nullable: true, unique: true },
    reversedPaymentId: { name: 'reversed_payment_id', type: 'text', nullable: true },
    idempotencyKey: { name: 'idempotency_key', type: 'text', nullable: true },
    source: { type: 'text', nullable: true },
    reason: { type: 'text' },
    createdAt: { name: 'created_at', type: 'timestamptz', default: () => 'now()' },
  },
});

export const billingEntities = [BalanceEntity, TopUpEntity, LedgerEntryEntity];
