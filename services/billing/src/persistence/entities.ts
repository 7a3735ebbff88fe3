import { EntitySchema } from 'typeorm';
import type { SettlementSource, TopUp } from '../domain/ports.js';
import type { LedgerKind } from '../domain/statement.js';

/**
 * billing's tables (schema `billing`). The ledger is append-only; `balances` caches its sum per user. Described as
 * the migrations build them (indexes, checks, the foreign key), so that TypeORM would change nothing after them (the
 * persistence test); the triggers that keep the ledger append-only and the balance's rules are the migrations' alone.
 */

export interface BalanceRow {
  userId: string;
  balanceCents: number;
  updatedAt: Date;
}

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

export const TopUpEntity = new EntitySchema<TopUp>({
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
    returnAnnouncedAt: { name: 'return_announced_at', type: 'timestamptz', nullable: true },
  },
  indices: [
    { name: 'top_ups_user_idx', columns: ['userId'] },
    { name: 'top_ups_pending_idx', columns: ['createdAt'], where: `status = 'pending'` },
    { name: 'top_ups_credited_idx', columns: ['creditedAt'], where: `status = 'credited'` },
  ],
  checks: [
    {
      name: 'top_up_whole_reais_5_to_20',
      expression: 'amount_cents BETWEEN 500 AND 2000 AND amount_cents % 100 = 0',
    },
    { name: 'top_up_status', expression: `status IN ('pending', 'credited')` },
  ],
});

/**
 * The top-up a ledger entry belongs to, as a relation: only so that the entity describes the foreign key the
 * migration made (top_up_id REFERENCES top_ups). Never loaded; entries are written and read by `topUpId`.
 */
interface OfTopUp {
  topUp?: TopUp;
}

export const LedgerEntryEntity = new EntitySchema<LedgerEntryRow & OfTopUp>({
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
  relations: {
    topUp: {
      type: 'many-to-one',
      target: 'TopUp',
      joinColumn: { name: 'top_up_id', foreignKeyConstraintName: 'ledger_entries_top_up_id_fkey' },
    },
  },
  indices: [
    { name: 'ledger_entries_user_idx', columns: ['userId'] },
    {
      name: 'ledger_entries_reversed_payment_idx',
      columns: ['reversedPaymentId'],
      where: 'reversed_payment_id IS NOT NULL',
    },
  ],
  uniques: [{ name: 'debit_key_once_per_user', columns: ['userId', 'idempotencyKey'] }],
  checks: [
    { name: 'ledger_kind', expression: `kind IN ('credit', 'debit', 'reversal')` },
    { name: 'ledger_source', expression: `source IN ('return', 'webhook', 'reconciler')` },
    {
      name: 'credit_from_payment',
      expression: `kind <> 'credit' OR (amount_cents > 0 AND payment_id IS NOT NULL AND top_up_id IS NOT NULL)`,
    },
    {
      name: 'debit_with_key',
      expression: `kind <> 'debit' OR (amount_cents < 0 AND idempotency_key IS NOT NULL)`,
    },
    {
      name: 'reversal_of_payment',
      expression: `kind <> 'reversal' OR (amount_cents < 0 AND reversed_payment_id IS NOT NULL AND top_up_id IS NOT NULL AND idempotency_key IS NOT NULL)`,
    },
  ],
});

/** A user auth reported deleted: a payment approved for them later is refunded, not credited. */
export interface DeletedAccountRow {
  userId: string;
  deletedAt: Date;
}

export const DeletedAccountEntity = new EntitySchema<DeletedAccountRow>({
  name: 'DeletedAccount',
  tableName: 'deleted_accounts',
  columns: {
    userId: { name: 'user_id', type: 'text', primary: true },
    deletedAt: { name: 'deleted_at', type: 'timestamptz', default: () => 'now()' },
  },
});

/** A payment of a deleted account sent back through the provider's refund API, once. */
export interface RefundRow {
  paymentId: string;
  topUpId: string;
  userId: string;
  amountCents: number;
  reason: 'account_deleted';
  providerRefundId: string | null;
  claimedAt: Date;
  refundedAt: Date | null;
}

export const RefundEntity = new EntitySchema<RefundRow & OfTopUp>({
  name: 'Refund',
  tableName: 'refunds',
  columns: {
    paymentId: { name: 'payment_id', type: 'text', primary: true },
    topUpId: { name: 'top_up_id', type: 'uuid' },
    userId: { name: 'user_id', type: 'text' },
    amountCents: { name: 'amount_cents', type: 'integer' },
    reason: { type: 'text' },
    providerRefundId: { name: 'provider_refund_id', type: 'text', nullable: true },
    claimedAt: { name: 'claimed_at', type: 'timestamptz', default: () => 'now()' },
    refundedAt: { name: 'refunded_at', type: 'timestamptz', nullable: true },
  },
  relations: {
    topUp: {
      type: 'many-to-one',
      target: 'TopUp',
      joinColumn: { name: 'top_up_id', foreignKeyConstraintName: 'refunds_top_up_id_fkey' },
    },
  },
  checks: [
    { name: 'refund_amount_positive', expression: 'amount_cents > 0' },
    { name: 'refund_reason', expression: `reason IN ('account_deleted')` },
  ],
});

/** A purchase's price reserved before its work: held, then captured (its debit), released or expired. */
export interface HoldRow {
  id: string;
  userId: string;
  purchaseKey: string;
  cents: number;
  reason: string;
  exclusive: boolean;
  state: 'held' | 'captured' | 'released' | 'expired';
  /** The debit its capture wrote. */
  entryId: string | null;
  createdAt: Date;
  settledAt: Date | null;
}

/** The debit a hold's capture wrote, as a relation: only so that the entity describes the migration's foreign key. */
interface OfEntry {
  entry?: LedgerEntryRow;
}

export const HoldEntity = new EntitySchema<HoldRow & OfEntry>({
  name: 'Hold',
  tableName: 'holds',
  columns: {
    id: { type: 'bigint', primary: true, generated: 'increment' },
    userId: { name: 'user_id', type: 'text' },
    purchaseKey: { name: 'purchase_key', type: 'text' },
    cents: { type: 'integer' },
    reason: { type: 'text' },
    exclusive: { type: 'boolean' },
    state: { type: 'text', default: 'held' },
    entryId: { name: 'entry_id', type: 'bigint', nullable: true },
    createdAt: { name: 'created_at', type: 'timestamptz', default: () => 'now()' },
    settledAt: { name: 'settled_at', type: 'timestamptz', nullable: true },
  },
  relations: {
    entry: {
      type: 'many-to-one',
      target: 'LedgerEntry',
      joinColumn: { name: 'entry_id', foreignKeyConstraintName: 'holds_entry_id_fkey' },
    },
  },
  indices: [
    {
      name: 'holds_open_once_per_key',
      columns: ['userId', 'purchaseKey'],
      unique: true,
      where: `state = 'held'`,
    },
    {
      name: 'holds_one_exclusive_open',
      columns: ['userId'],
      unique: true,
      where: `state = 'held' AND exclusive`,
    },
  ],
  checks: [
    { name: 'hold_cents_positive', expression: 'cents > 0' },
    { name: 'hold_state', expression: `state IN ('held', 'captured', 'released', 'expired')` },
    { name: 'captured_with_entry', expression: `(state = 'captured') = (entry_id IS NOT NULL)` },
  ],
});

export const billingEntities = [
  BalanceEntity,
  TopUpEntity,
  LedgerEntryEntity,
  DeletedAccountEntity,
  RefundEntity,
  HoldEntity,
];
