import type { Store } from '@app/kit';

/** What a ledger entry records: a top-up credited, a purchase debited, a refund or chargeback taken back. */
export type LedgerKind = 'credit' | 'debit' | 'reversal';

/** A ledger entry as the statement query reads it, with the balance right after it (a running sum). */
export interface StatementRow {
  id: string;
  kind: LedgerKind;
  amountCents: number;
  reason: string;
  createdAt: Date;
  balanceAfterCents: number;
}

/**
 * What billing's use cases, routes and NATS handlers need from storage, as interfaces (the port): the SQL lives in
 * src/persistence/store.ts, the in-memory fake in test/fakes/memory-store.ts, and one specification
 * (test/spec/billing-store.spec-suite.ts) runs against both. Whatever implements them keeps the ledger's rules: a
 * balance changes only with the ledger entry that explains it, in one transaction; a payment credits at most once; a
 * purchase key debits at most once per user, and its holds never reserve more than the balance; a refund state
 * reverses at most once, never more than its payment credited (docs/product-rules.md, "Money rules").
 */

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
 * `entryId`: the credit's ledger entry (the balance's version); null when nothing was credited now.
 * `refundDue`: the top-up's owner deleted the account before the payment was credited: nothing was credited,
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
 * A purchase's price to reserve before any work is done for it: `key` names the purchase (`page:<code>`,
 * `set:<setCode>`), `reason` is the ledger line its capture writes (Extrato: `Compra: <reason>`); an `exclusive` hold
 * is refused while the user has another exclusive hold open (one class set printing at a time).
 */
export interface HoldInput {
  userId: string;
  key: string;
  cents: number;
  reason: string;
  exclusive: boolean;
}

/**
 * `held`: the price is reserved (now, or by an earlier call with the same key), `holdId` names this hold; `captured`:
 * the purchase is paid already; `insufficient`: the available balance (`availableCents`: the balance less the open
 * holds) does not cover it; `busy`: another exclusive hold of the user is open. Nothing reserved but for `held`.
 */
export type HoldResult =
  | { outcome: 'held'; holdId: string }
  | { outcome: 'captured'; balanceCents: number }
  | { outcome: 'insufficient'; availableCents: number }
  | { outcome: 'busy' };

/**
 * `captured`: the hold became the purchase's debit (`entryId`, its ledger entry; null when an earlier call did it);
 * `not_held`: no hold of the key is open (never held, released or expired): nothing debited; `insufficient`: a
 * reversal took the balance below the hold meanwhile: the hold is released, nothing debited.
 */
export type CaptureResult =
  | { outcome: 'captured'; balanceCents: number; entryId: string | null }
  | { outcome: 'not_held' | 'insufficient'; balanceCents: number };

/**
 * A purchase key this user already used for another amount: not a repeat of that purchase, and not a new one either.
 * Thrown (nothing is reserved) because the hold's contract has no answer for it.
 */
export class PurchaseKeyReusedError extends Error {
  constructor(
    readonly userId: string,
    readonly key: string,
    readonly heldCents: number,
    readonly requestedCents: number,
  ) {
    super(`purchase key already used for ${heldCents} cents, now asked for ${requestedCents}`);
    this.name = 'PurchaseKeyReusedError';
  }
}

/** The payment attempts (top-ups) and what was last seen of their payments. */
export interface TopUpsRepository {
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
  /**
   * Marks that the payer's return was answered 'approved' for this top-up; answers whether this is the first time
   * (a reopened return link says the payment was already added).
   */
  markReturnAnnounced(topUpId: string): Promise<boolean>;
  /** Claims pending top-ups younger than the window and not looked at for `everyMs`, marking them checked now. */
  claimPendingTopUps(opts: { windowHours: number; everyMs: number; limit: number }): Promise<TopUp[]>;
  /** Claims credited top-ups younger than `windowDays`, not wholly reversed and not looked at for `everyMs`. */
  claimCreditedTopUps(opts: { windowDays: number; everyMs: number; limit: number }): Promise<TopUp[]>;
  /** The payment counts (admin-stats): `reversed` is credited top-ups of which a reversal took back some or all. */
  stats(): Promise<{ total: number; credited: number; reversed: number }>;
}

/** The balances and the append-only ledger that explains them: every change of money. */
export interface LedgerRepository {
  /** The user's balance (0 for a user who never had one); negative only after a reversal. */
  balanceCents(userId: string): Promise<number>;
  /** The user's newest `limit` ledger entries, newest first, each with the balance right after it. */
  statementRows(userId: string, limit: number): Promise<StatementRow[]>;
  /** The user's newest reversal (refund or chargeback), or null. */
  lastReversal(userId: string): Promise<LastReversal | null>;
  /**
   * Credits an approved payment to the top-up's owner, once per payment however often it is asked. When the owner's
   * account is deleted and the payment not credited, claims it for a refund instead (`refundDue`), atomically with
   * the check (on the top-up's row lock), so a payment is either credited or refunded, never both.
   */
  creditPayment(input: CreditInput): Promise<CreditResult>;
  /**
   * Brings what is reversed of a credited payment up to `totalCents` (capped at the credit), once per refund state;
   * the balance may go below zero. A payment that was never credited reverses nothing.
   */
  reversePayment(input: ReversalInput): Promise<ReversalResult>;
}

/**
 * Purchases' holds: money reserved before the work a purchase pays for, then debited (captured) when the
 * work is done, or given back (released) when it failed for good. The ledger and the balance change only at the
 * capture; a hold lowers only what further holds may reserve.
 */
export interface HoldsRepository {
  /**
   * Reserves `cents` for the purchase `key`, once however often and concurrently it is asked: the user's open holds
   * never add up to more than the balance. The user's open holds older than `maxAgeMs` expire first (their purchase's
   * service stopped before capturing or releasing them). A key the user already holds or paid for another amount
   * throws PurchaseKeyReusedError, reserving nothing.
   */
  hold(input: HoldInput, opts: { maxAgeMs: number }): Promise<HoldResult>;
  /** Turns the key's open hold into its debit: one ledger line, once; a repeat answers `captured` again. */
  capture(userId: string, key: string): Promise<CaptureResult>;
  /** Releases the key's open hold; answers whether there was one (a captured or released hold stays as it is). */
  release(userId: string, key: string): Promise<boolean>;
}

/** Deleted accounts and the refunds of payments approved after the deletion. */
export interface RefundsRepository {
  /** Records that auth deleted the user's account (a later payment of theirs is refunded). */
  markAccountDeleted(userId: string): Promise<void>;
  /** The refund claimed for a payment, or null. */
  refundClaim(paymentId: string): Promise<RefundClaim | null>;
  /** Records the provider's refund of a claimed payment; answers whether this call completed it (false: done before). */
  completeRefund(paymentId: string, providerRefundId: string): Promise<boolean>;
}

export interface BillingRepositories {
  topUps: TopUpsRepository;
  ledger: LedgerRepository;
  holds: HoldsRepository;
  refunds: RefundsRepository;
}

/** The repositories, each call on its own (each money change is its own transaction), and `transaction` (kit `Store`). */
export type BillingStore = Store<BillingRepositories>;
