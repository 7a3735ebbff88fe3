import {
  PurchaseKeyReusedError,
  type BillingRepositories,
  type BillingStore,
  type CaptureResult,
  type CreditInput,
  type CreditResult,
  type HoldInput,
  type HoldResult,
  type HoldsRepository,
  type LastReversal,
  type RefundClaim,
  type ReversalInput,
  type ReversalResult,
  type LedgerRepository,
  type RefundsRepository,
  type TopUp,
  type TopUpsRepository,
} from '../../src/domain/ports.js';
import {
  PENDING_PAYMENT_STATUSES,
  reversalReasonOf,
  reversalReasonText,
  type StatementRow,
} from '../../src/domain/statement.js';
import type { HoldRow, LedgerEntryRow } from '../../src/persistence/entities.js';

/**
 * billing's storage in memory, for unit tests of the use cases. It keeps the rules the SQL store and its schema keep
 * (src/persistence/store.ts, migrations/), as the one specification (test/spec/billing-store.spec-suite.ts) checks against both: the balance moves only with the ledger entry that explains it; a
 * payment credits once (UNIQUE payment_id); a key is used once per user (UNIQUE (user_id, idempotency_key)), so a
 * refund state reverses once and a purchase key debits once; a reversal never takes back more than its credit; a
 * debit never takes the balance below zero, and only a reversal may; a user's open holds never add up to more than
 * the balance, one open hold per key and one open exclusive hold per user; a top-up is whole reais from R$ 5 to
 * R$ 20; the ledger is append-only. Every method reads and writes without awaiting in between, so calls made at the same time
 * run one after the other, as the row locks make them in Postgres.
 */
export class MemoryBillingStore implements BillingStore {
  private readonly topUpRows = new Map<string, TopUp>();
  private readonly entryRows: LedgerEntryRow[] = [];
  private readonly balances = new Map<string, number>();
  private readonly deletedAccounts = new Set<string>();
  private readonly refundClaims = new Map<string, RefundClaim>();
  private readonly holdRows: HoldRow[] = [];

  /** `now`: the database's clock (created_at, credited_at, checked_at and the reconciler's windows). */
  constructor(private readonly now: () => Date = () => new Date()) {}

  // ---------------- the port: the repositories and `transaction` ----------------

  readonly topUps: TopUpsRepository = bound(this, [
    'topUpsOf',
    'createTopUp',
    'attachPreference',
    'discardTopUp',
    'findTopUp',
    'recordPaymentStatus',
    'pendingTopUps',
    'markReturnAnnounced',
    'claimPendingTopUps',
    'claimCreditedTopUps',
    'stats',
  ]);
  readonly ledger: LedgerRepository = bound(this, [
    'balanceCents',
    'statementRows',
    'lastReversal',
    'creditPayment',
    'reversePayment',
  ]);
  readonly holds: HoldsRepository = bound(this, ['hold', 'capture', 'release']);
  readonly refunds: RefundsRepository = bound(this, ['markAccountDeleted', 'refundClaim', 'completeRefund']);

  private queue: Promise<unknown> = Promise.resolve();

  /** Transactions run one at a time; one that rejects puts back everything as it was when it began. */
  transaction<T>(work: (tx: BillingRepositories) => Promise<T>): Promise<T> {
    const run = this.queue.then(async () => {
      const before = structuredClone({
        topUps: this.topUpRows,
        entries: this.entryRows,
        balances: this.balances,
        deleted: this.deletedAccounts,
        refunds: this.refundClaims,
        holds: this.holdRows,
      });
      try {
        return await work({
          topUps: this.topUps,
          ledger: this.ledger,
          holds: this.holds,
          refunds: this.refunds,
        });
      } catch (err) {
        refill(this.topUpRows, before.topUps);
        this.entryRows.splice(0, this.entryRows.length, ...before.entries);
        refill(this.balances, before.balances);
        this.deletedAccounts.clear();
        for (const u of before.deleted) this.deletedAccounts.add(u);
        refill(this.refundClaims, before.refunds);
        this.holdRows.splice(0, this.holdRows.length, ...before.holds);
        throw err;
      }
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  // ---------------- what the repositories do ----------------

  async balanceCents(userId: string): Promise<number> {
    return this.balances.get(userId) ?? 0;
  }

  async statementRows(userId: string, limit: number): Promise<StatementRow[]> {
    let balance = 0;
    const rows = this.entryRows
      .filter((e) => e.userId === userId)
      .map((e) => {
        balance += e.amountCents;
        return {
          id: e.id,
          kind: e.kind,
          amountCents: e.amountCents,
          reason: e.reason,
          createdAt: e.createdAt,
          balanceAfterCents: balance,
        };
      });
    return rows.reverse().slice(0, limit);
  }

  async topUpsOf(userId: string): Promise<TopUp[]> {
    return [...this.topUpRows.values()]
      .filter((t) => t.userId === userId)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))
      .map(copy);
  }

  async createTopUp(topUp: Pick<TopUp, 'id' | 'userId' | 'amountCents'>): Promise<void> {
    // CHECK top_up_whole_reais_5_to_20, and the primary key.
    const cents = topUp.amountCents;
    if (!Number.isInteger(cents) || cents < 500 || cents > 2000 || cents % 100 !== 0)
      throw new Error(`top-up of ${cents} cents violates check constraint "top_up_whole_reais_5_to_20"`);
    if (this.topUpRows.has(topUp.id)) throw new Error(`duplicate top-up id ${topUp.id}`);
    this.topUpRows.set(topUp.id, {
      ...topUp,
      preferenceId: null,
      status: 'pending',
      lastPaymentStatus: null,
      checkedAt: null,
      creditedAt: null,
      createdAt: this.now(),
    });
  }

  async attachPreference(topUpId: string, preferenceId: string): Promise<void> {
    const topUp = this.topUpRows.get(topUpId);
    if (!topUp) return;
    // UNIQUE preference_id.
    if ([...this.topUpRows.values()].some((t) => t.id !== topUpId && t.preferenceId === preferenceId))
      throw new Error(`duplicate preference id ${preferenceId}`);
    topUp.preferenceId = preferenceId;
  }

  async discardTopUp(topUpId: string): Promise<void> {
    if (this.topUpRows.get(topUpId)?.preferenceId === null) this.topUpRows.delete(topUpId);
  }

  async findTopUp(topUpId: string): Promise<TopUp | null> {
    const topUp = this.topUpRows.get(topUpId);
    return topUp ? copy(topUp) : null;
  }

  async recordPaymentStatus(topUpId: string, status: string): Promise<boolean> {
    const topUp = this.topUpRows.get(topUpId);
    const next = status.slice(0, 40);
    if (topUp?.status !== 'pending' || topUp.lastPaymentStatus === next) return false;
    topUp.lastPaymentStatus = next;
    return true;
  }

  async pendingTopUps(userId: string, windowHours: number): Promise<TopUp[]> {
    const since = this.now().getTime() - windowHours * 3600_000;
    const pending: readonly string[] = PENDING_PAYMENT_STATUSES;
    return [...this.topUpRows.values()]
      .filter(
        (t) =>
          t.userId === userId &&
          t.status === 'pending' &&
          pending.includes(t.lastPaymentStatus ?? '') &&
          t.createdAt.getTime() > since,
      )
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      .map(copy);
  }

  async lastReversal(userId: string): Promise<LastReversal | null> {
    const last = this.entryRows.filter((e) => e.userId === userId && e.kind === 'reversal').at(-1);
    return last
      ? { amountCents: -last.amountCents, reason: reversalReasonOf(last.reason), at: last.createdAt }
      : null;
  }

  async markReturnAnnounced(topUpId: string): Promise<boolean> {
    const topUp = this.topUpRows.get(topUpId);
    if (!topUp || topUp.returnAnnouncedAt) return false;
    topUp.returnAnnouncedAt = this.now();
    return true;
  }

  async creditPayment(input: CreditInput): Promise<CreditResult> {
    const topUp = this.topUpRows.get(input.topUpId);
    // The ledger's top_up_id references a top-up; a credit is positive (CHECK credit_from_payment).
    if (!topUp) throw new Error(`credit for unknown top-up ${input.topUpId}`);
    if (input.amountCents <= 0) throw new Error('a credit must be positive');
    const credited = this.entryRows.some((e) => e.paymentId === input.paymentId);
    // An uncredited payment of a deleted account is claimed for a refund instead (never both).
    if (this.refundClaims.has(input.paymentId) || (!credited && this.deletedAccounts.has(input.userId))) {
      if (!this.refundClaims.has(input.paymentId))
        this.refundClaims.set(input.paymentId, {
          paymentId: input.paymentId,
          topUpId: input.topUpId,
          userId: input.userId,
          amountCents: input.amountCents,
          providerRefundId: null,
          refundedAt: null,
        });
      return {
        credited: false,
        balanceCents: await this.balanceCents(input.userId),
        entryId: null,
        refundDue: true,
      };
    }
    // ON CONFLICT (payment_id) DO NOTHING.
    if (credited)
      return { credited: false, balanceCents: await this.balanceCents(input.userId), entryId: null };
    const entryId = this.append({
      userId: input.userId,
      kind: 'credit',
      amountCents: input.amountCents,
      topUpId: input.topUpId,
      paymentId: input.paymentId,
      source: input.source,
      reason: 'Recarga via Mercado Pago',
    });
    topUp.status = 'credited';
    topUp.lastPaymentStatus = 'approved';
    topUp.creditedAt ??= this.now();
    return { credited: true, balanceCents: await this.balanceCents(input.userId), entryId };
  }

  async markAccountDeleted(userId: string): Promise<void> {
    this.deletedAccounts.add(userId);
  }

  async refundClaim(paymentId: string): Promise<RefundClaim | null> {
    const claim = this.refundClaims.get(paymentId);
    return claim ? { ...claim } : null;
  }

  async completeRefund(paymentId: string, providerRefundId: string): Promise<boolean> {
    const claim = this.refundClaims.get(paymentId);
    if (!claim || claim.refundedAt) return false;
    claim.providerRefundId = providerRefundId;
    claim.refundedAt = this.now();
    return true;
  }

  async reversePayment(input: ReversalInput): Promise<ReversalResult> {
    const credit = this.entryRows.find(
      (e) => e.paymentId === input.paymentId && e.kind === 'credit' && e.topUpId === input.topUpId,
    );
    if (!credit) return { credited: false };
    const target = Math.min(input.totalCents, credit.amountCents);
    const already = -this.entryRows
      .filter((e) => e.reversedPaymentId === input.paymentId && e.kind === 'reversal')
      .reduce((sum, e) => sum + e.amountCents, 0);
    const delta = target - already;
    const key = `reversal:${input.paymentId}:${target}`;
    // Nothing more to take back, or this refund state was already reversed (UNIQUE (user_id, idempotency_key)).
    if (delta <= 0 || this.keyUsed(credit.userId, key)) {
      return {
        credited: true,
        reversedCents: 0,
        totalReversedCents: already,
        balanceCents: await this.balanceCents(credit.userId),
        entryId: null,
      };
    }
    const entryId = this.append({
      userId: credit.userId,
      kind: 'reversal',
      amountCents: -delta,
      topUpId: input.topUpId,
      reversedPaymentId: input.paymentId,
      idempotencyKey: key,
      source: input.source,
      reason: reversalReasonText[input.paymentStatus === 'charged_back' ? 'chargeback' : 'refund'],
    });
    this.topUpRows.get(input.topUpId)!.lastPaymentStatus = input.paymentStatus.slice(0, 40);
    return {
      credited: true,
      reversedCents: delta,
      totalReversedCents: target,
      balanceCents: await this.balanceCents(credit.userId),
      entryId,
    };
  }

  async claimPendingTopUps(opts: { windowHours: number; everyMs: number; limit: number }): Promise<TopUp[]> {
    const since = this.now().getTime() - opts.windowHours * 3600_000;
    return this.claim(
      (t) => t.status === 'pending' && t.preferenceId !== null && t.createdAt.getTime() > since,
      (t) => t.createdAt,
      opts,
    );
  }

  async claimCreditedTopUps(opts: { windowDays: number; everyMs: number; limit: number }): Promise<TopUp[]> {
    const since = this.now().getTime() - opts.windowDays * 86_400_000;
    return this.claim(
      (t) =>
        t.status === 'credited' &&
        t.creditedAt !== null &&
        t.creditedAt.getTime() > since &&
        !['refunded', 'charged_back'].includes(t.lastPaymentStatus ?? ''),
      (t) => t.creditedAt!,
      opts,
    );
  }

  async hold(input: HoldInput, { maxAgeMs }: { maxAgeMs: number }): Promise<HoldResult> {
    const now = this.now();
    for (const h of this.openHolds(input.userId))
      if (h.createdAt.getTime() <= now.getTime() - maxAgeMs)
        Object.assign(h, { state: 'expired', settledAt: now });
    const paid = this.entryRows.find((e) => e.userId === input.userId && e.idempotencyKey === input.key);
    if (paid) {
      if (-paid.amountCents !== input.cents)
        throw new PurchaseKeyReusedError(input.userId, input.key, -paid.amountCents, input.cents);
      return { outcome: 'captured', balanceCents: this.balances.get(input.userId) ?? 0 };
    }
    const open = this.openHolds(input.userId);
    const same = open.find((h) => h.purchaseKey === input.key);
    if (same) {
      if (same.cents !== input.cents)
        throw new PurchaseKeyReusedError(input.userId, input.key, same.cents, input.cents);
      return { outcome: 'held', holdId: same.id };
    }
    if (input.exclusive && open.some((h) => h.exclusive)) return { outcome: 'busy' };
    const availableCents = (this.balances.get(input.userId) ?? 0) - open.reduce((sum, h) => sum + h.cents, 0);
    if (availableCents < input.cents) return { outcome: 'insufficient', availableCents };
    // CHECK hold_cents_positive.
    if (input.cents <= 0) throw new Error('a hold must be positive');
    const id = String(this.holdRows.length + 1);
    this.holdRows.push({
      id,
      userId: input.userId,
      purchaseKey: input.key,
      cents: input.cents,
      reason: input.reason,
      exclusive: input.exclusive,
      state: 'held',
      entryId: null,
      createdAt: now,
      settledAt: null,
    });
    return { outcome: 'held', holdId: id };
  }

  async capture(userId: string, key: string): Promise<CaptureResult> {
    const balanceCents = this.balances.get(userId) ?? 0;
    const hold = this.openHolds(userId).find((h) => h.purchaseKey === key);
    if (!hold)
      return this.keyUsed(userId, key)
        ? { outcome: 'captured', balanceCents, entryId: null }
        : { outcome: 'not_held', balanceCents };
    if (balanceCents < hold.cents) {
      Object.assign(hold, { state: 'released', settledAt: this.now() });
      return { outcome: 'insufficient', balanceCents };
    }
    const entryId = this.append({
      userId,
      kind: 'debit',
      amountCents: -hold.cents,
      idempotencyKey: key,
      reason: hold.reason,
    });
    Object.assign(hold, { state: 'captured', entryId, settledAt: this.now() });
    return { outcome: 'captured', balanceCents: this.balances.get(userId) ?? 0, entryId };
  }

  async release(userId: string, key: string): Promise<boolean> {
    const hold = this.openHolds(userId).find((h) => h.purchaseKey === key);
    if (hold) Object.assign(hold, { state: 'released', settledAt: this.now() });
    return hold !== undefined;
  }

  /** `reversed`: credited top-ups of which a refund or chargeback took back some or all. */
  async stats(): Promise<{ total: number; credited: number; reversed: number }> {
    const topUps = [...this.topUpRows.values()];
    return {
      total: topUps.length,
      credited: topUps.filter((t) => t.status === 'credited').length,
      reversed: new Set(this.entryRows.filter((e) => e.kind === 'reversal').map((e) => e.topUpId)).size,
    };
  }

  // ---------------- for the tests' eyes ----------------

  /** Every ledger entry, oldest first (copies). */
  entries(): LedgerEntryRow[] {
    return this.entryRows.map((e) => ({ ...e }));
  }

  /** Every top-up, in creation order (copies). */
  allTopUps(): TopUp[] {
    return [...this.topUpRows.values()].map(copy);
  }

  // ---------------- the schema's rules ----------------

  private openHolds(userId: string): HoldRow[] {
    return this.holdRows.filter((h) => h.userId === userId && h.state === 'held');
  }

  private keyUsed(userId: string, key: string): boolean {
    return this.entryRows.some((e) => e.userId === userId && e.idempotencyKey === key);
  }

  /**
   * Appends an entry and moves the balance by its amount, as one: the ledger is append-only and the balance is its
   * sum. Refused, changing nothing, as the schema refuses it: a key used twice by one user, a payment credited twice,
   * a balance taken below zero (or further below) by anything but a reversal.
   */
  private append(
    entry: Pick<LedgerEntryRow, 'userId' | 'kind' | 'amountCents' | 'reason'> & Partial<LedgerEntryRow>,
  ): string {
    if (entry.idempotencyKey && this.keyUsed(entry.userId, entry.idempotencyKey))
      throw new Error('duplicate key violates unique constraint "debit_key_once_per_user"');
    if (entry.paymentId && this.entryRows.some((e) => e.paymentId === entry.paymentId))
      throw new Error('duplicate payment_id');
    const before = this.balances.get(entry.userId) ?? 0;
    const after = before + entry.amountCents;
    if (after < 0 && after < before && entry.kind !== 'reversal')
      throw new Error('balance_never_negative: only a reversal may take the balance below zero');
    const id = String(this.entryRows.length + 1);
    this.entryRows.push({
      topUpId: null,
      paymentId: null,
      reversedPaymentId: null,
      idempotencyKey: null,
      source: null,
      ...entry,
      id,
      createdAt: this.now(),
    });
    this.balances.set(entry.userId, after);
    return id;
  }

  /** Marks as checked now, and answers, up to `limit` top-ups `which` picks, least recently checked first. */
  private claim(
    which: (t: TopUp) => boolean,
    age: (t: TopUp) => Date,
    opts: { everyMs: number; limit: number },
  ): TopUp[] {
    const now = this.now();
    const staleBefore = now.getTime() - opts.everyMs;
    const claimed = [...this.topUpRows.values()]
      .filter((t) => which(t) && (t.checkedAt === null || t.checkedAt.getTime() < staleBefore))
      .sort(
        (a, b) =>
          (a.checkedAt === null ? -Infinity : a.checkedAt.getTime()) -
            (b.checkedAt === null ? -Infinity : b.checkedAt.getTime()) || age(a).getTime() - age(b).getTime(),
      )
      .slice(0, opts.limit);
    for (const t of claimed) t.checkedAt = now;
    return claimed.map(copy);
  }
}

const copy = (t: TopUp): TopUp => ({ ...t });

/** The named methods of `store`, bound to it: one repository of the port. */
function bound<K extends keyof MemoryBillingStore>(
  store: MemoryBillingStore,
  names: K[],
): Pick<MemoryBillingStore, K> {
  return Object.fromEntries(
    names.map((n) => [n, (store[n] as (...args: unknown[]) => unknown).bind(store)]),
  ) as Pick<MemoryBillingStore, K>;
}

function refill<K, V>(map: Map<K, V>, from: Map<K, V>): void {
  map.clear();
  for (const [k, v] of from) map.set(k, v);
}
