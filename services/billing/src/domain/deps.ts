import type { Logger } from '@app/kit';
import type { BillingConfig } from '../config.js';
import type { PaymentProvider } from './payment-provider.js';
import type { StatementRow } from './statement.js';

/** Which path wrote a credit or a reversal. */
export type SettlementSource = 'return' | 'webhook' | 'reconciler';

export type TopUpStatus = 'pending' | 'credited';

/** A payment attempt: a whole-reais amount a user asked to add, and what became of it. */
export interface TopUp {
  id: string;
  userId: string;
  amountCents: number;
  /** The Checkout Pro preference made for it; null until the provider made one. */
  preferenceId: string | null;
  status: TopUpStatus;
  /** The status of its payment when last seen (the provider's word, at most 40 characters). */
  lastPaymentStatus: string | null;
  /** When the reconciler last claimed it. */
  checkedAt: Date | null;
  creditedAt: Date | null;
  createdAt: Date;
  /** When a return of the payer (/pagamento-sucesso) was first answered 'approved' for it; null until then. */
  returnAnnouncedAt?: Date | null;
}

/** An approved payment to credit to its top-up's owner. */
export interface CreditInput {
  topUpId: string;
  userId: string;
  amountCents: number;
  paymentId: string;
  source: SettlementSource;
}

/**
 * `entryId`: the credit's ledger entry (the balance's version, issue 28); null when nothing was credited now.
 * `refundDue`: the top-up's owner deleted the account before the payment was credited (issue 23): nothing was credited,
 * and the payment is claimed for a refund (`refunds`) that the caller makes through the provider.
 */
export type CreditResult = {
  credited: boolean;
  balanceCents: number;
  entryId: string | null;
  refundDue?: boolean;
};

/** A payment of a deleted account claimed for a refund; `refundedAt` null until the provider made it. */
export interface RefundClaim {
  paymentId: string;
  topUpId: string;
  userId: string;
  amountCents: number;
  providerRefundId: string | null;
  refundedAt: Date | null;
}

/** What a refund or chargeback has taken back of a payment in all (`totalCents`), as the provider says now. */
export interface ReversalInput {
  topUpId: string;
  paymentId: string;
  totalCents: number;
  paymentStatus: string;
  source: SettlementSource;
}

/**
 * `reversedCents`: what this call took back (0 when the payment was never credited or the same or a larger
 * reversal was already recorded); `totalReversedCents`: what is reversed of the payment in all, after the call.
 */
export type ReversalResult =
  | { credited: false }
  | {
      credited: true;
      reversedCents: number;
      totalReversedCents: number;
      balanceCents: number;
      /** The reversal's ledger entry; null when nothing was reversed now. */
      entryId: string | null;
    };

/** Why a reversal took money back: a refund (estorno) or a chargeback (contestação). */
export type ReversalReason = 'refund' | 'chargeback';

/** The newest reversal of a user's top-ups: what explains a negative balance. */
export interface LastReversal {
  amountCents: number;
  reason: ReversalReason;
  at: Date;
}

/**
 * billing's storage as the use cases and routes see it (the SQL one is src/persistence/billing-store.ts). Whatever
 * implements it keeps the ledger's rules: a balance changes only with the ledger entry that explains it, a payment
 * credits at most once, and a refund state reverses at most once, never more than its payment credited.
 */
export interface BillingRepository {
  /** The user's balance (0 for a user who never had one); negative only after a reversal. */
  balanceCents(userId: string): Promise<number>;
  /** The user's newest `limit` ledger entries, newest first, each with the balance right after it. */
  statementRows(userId: string, limit: number): Promise<StatementRow[]>;
  /** The user's top-ups, oldest first. */
  topUpsOf(userId: string): Promise<TopUp[]>;
  /** Records a pending top-up of whole reais from R$ 5 to R$ 20 (refused otherwise). */
  createTopUp(topUp: Pick<TopUp, 'id' | 'userId' | 'amountCents'>): Promise<void>;
  attachPreference(topUpId: string, preferenceId: string): Promise<void>;
  /** Forgets a top-up that has no preference (it never reached the payer); one with a preference stays. */
  discardTopUp(topUpId: string): Promise<void>;
  findTopUp(topUpId: string): Promise<TopUp | null>;
  /**
   * Notes the status a pending top-up's payment was last seen in (a credited one keeps 'approved'); answers whether
   * it changed (the statement's pending list may have).
   */
  recordPaymentStatus(topUpId: string, status: string): Promise<boolean>;
  /**
   * The user's top-ups whose payment the provider last reported pending (Pix, boleto, under review) and that are
   * younger than `windowHours` (the reconciler's window: older ones are no longer looked up), newest first.
   */
  pendingTopUps(userId: string, windowHours: number): Promise<TopUp[]>;
  /** The user's newest reversal (refund or chargeback), or null. */
  lastReversal(userId: string): Promise<LastReversal | null>;
  /**
   * Marks that the payer's return was answered 'approved' for this top-up; answers whether this is the first time
   * (a reopened return link says the payment was already added).
   */
  markReturnAnnounced(topUpId: string): Promise<boolean>;
  /**
   * Credits an approved payment to the top-up's owner, once per payment however often it is asked. When the owner's
   * account is deleted and the payment not credited, claims it for a refund instead (`refundDue`), atomically with
   * the check (on the top-up's row lock), so a payment is either credited or refunded, never both.
   */
  creditPayment(input: CreditInput): Promise<CreditResult>;
  /** Records that auth deleted the user's account (a later payment of theirs is refunded). */
  markAccountDeleted(userId: string): Promise<void>;
  /** The refund claimed for a payment, or null. */
  refundClaim(paymentId: string): Promise<RefundClaim | null>;
  /** Records the provider's refund of a claimed payment; answers whether this call completed it (false: done before). */
  completeRefund(paymentId: string, providerRefundId: string): Promise<boolean>;
  /**
   * Brings what is reversed of a credited payment up to `totalCents` (capped at the credit), once per refund state;
   * the balance may go below zero. A payment that was never credited reverses nothing.
   */
  reversePayment(input: ReversalInput): Promise<ReversalResult>;
  /** Claims pending top-ups younger than the window and not looked at for `everyMs`, marking them checked now. */
  claimPendingTopUps(opts: { windowHours: number; everyMs: number; limit: number }): Promise<TopUp[]>;
  /** Claims credited top-ups younger than `windowDays`, not wholly reversed and not looked at for `everyMs`. */
  claimCreditedTopUps(opts: { windowDays: number; everyMs: number; limit: number }): Promise<TopUp[]>;
}

/** A purchase to take from a user's balance; `idempotencyKey` makes a repeat of it debit nothing more. */
export interface DebitInput {
  userId: string;
  cents: number;
  reason: string;
  idempotencyKey: string;
}

/** `entryId`: the debit's ledger entry; null when the key had already debited (a repeat). */
export type DebitResult =
  | { ok: true; balanceCents: number; entryId: string | null }
  | { ok: false; reason: 'insufficient'; balanceCents: number };

/**
 * A debit key this user already spent on another amount: not a repeat of that debit, and not a new one either.
 * Thrown (nothing is debited) because the debit contract answers only ok or insufficient.
 */
export class DebitKeyReusedError extends Error {
  constructor(
    readonly userId: string,
    readonly idempotencyKey: string,
    readonly debitedCents: number,
    readonly requestedCents: number,
  ) {
    super(`debit key already used for ${debitedCents} cents, now asked for ${requestedCents}`);
    this.name = 'DebitKeyReusedError';
  }
}

/**
 * billing's whole storage as its NATS handlers see it: the use cases' port, and the debits of purchases (pages) and
 * the payment counts (admin-stats) that the handlers answer directly.
 */
export interface BillingLedger extends BillingRepository {
  /**
   * Takes `cents` from the user's balance once per idempotency key; a balance that does not cover it is left alone.
   * The same key for another amount throws DebitKeyReusedError, debiting nothing.
   */
  debit(input: DebitInput): Promise<DebitResult>;
  stats(): Promise<{ total: number; credited: number; reversed: number }>;
}

/** What billing announces to the rest of the system (implemented over NATS in src/nats/events.ts). */
export interface BillingEvents {
  topUpCreated(e: { topUpId: string; userId: string; amountCents: number }): Promise<void>;
  topUpCredited(e: {
    topUpId: string;
    userId: string;
    amountCents: number;
    paymentId: string;
    balanceCents: number;
  }): Promise<void>;
  /** A refund or chargeback took back `amountCents` of a credited payment (`totalReversedCents` in all). */
  topUpReversed(e: {
    topUpId: string;
    userId: string;
    paymentId: string;
    amountCents: number;
    totalReversedCents: number;
    balanceCents: number;
    reason: ReversalReason;
  }): Promise<void>;
  /** A payment approved for a deleted account was refunded through the provider (issue 23), once per payment. */
  topUpRefunded(e: {
    topUpId: string;
    userId: string;
    paymentId: string;
    amountCents: number;
    refundId: string;
    reason: 'account_deleted';
  }): Promise<void>;
  /**
   * The member's money view changed (issue 28): every gateway tells that member's open screens. `version` is the
   * ledger entry behind `balanceCents`; both null for `payment_status` (a pending payment's status changed).
   */
  balanceChanged(e: {
    userId: string;
    cause: 'top_up' | 'purchase' | 'reversal' | 'payment_status';
    balanceCents: number | null;
    version: number | null;
    /** Names the change once (the event's business id): a repeat is dropped. */
    changeId: string;
  }): Promise<void>;
}

export interface BillingDeps {
  store: BillingRepository;
  provider: PaymentProvider;
  events: BillingEvents;
  logger: Logger;
  /** The money moved, for Prometheus (src/metrics.ts); absent where nobody counts (unit tests). */
  money?: MoneyCounters;
}

export interface MoneyCounters {
  credited(amountCents: number): void;
  reversed(amountCents: number): void;
}

/**
 * What billing's routes and NATS handlers are built with (src/service.ts): the use cases' deps, the settings, and the
 * work started after an HTTP answer (the webhook's settlement), which shutdown waits for.
 */
export interface BillingServiceDeps extends BillingDeps {
  store: BillingLedger;
  config: BillingConfig;
  background: { run(name: string, fn: () => Promise<unknown>): void };
}
