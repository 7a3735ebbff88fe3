import { IsNull, type DataSource, type EntityManager } from 'typeorm';
import { storeOver } from '@app/kit';
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
} from '../domain/ports.js';
import {
  PENDING_PAYMENT_STATUSES,
  reversalReasonOf,
  reversalReasonText,
  type LedgerKind,
  type StatementRow,
} from '../domain/statement.js';
import { TopUpEntity } from './entities.js';

/** billing's repositories over Postgres (kit `storeOver`: in a transaction or not). */
export const billingStore = (db: DataSource): BillingStore => storeOver(db, billingRepositories);

/** Every repository on one manager (the data source's, or a transaction's). */
const billingRepositories = (m: EntityManager): BillingRepositories => ({
  topUps: topUps(m),
  ledger: ledger(m),
  holds: holds(m),
  refunds: refunds(m),
});

/** The user's balance as `m` sees it (0 for a user who never had one). */
async function balanceOn(m: EntityManager, userId: string): Promise<number> {
  const rows: Array<{ balance_cents: number }> = await m.query(
    'SELECT balance_cents FROM billing.balances WHERE user_id = $1',
    [userId],
  );
  return rows[0]?.balance_cents ?? 0;
}

/** Payment attempts (see TopUpsRepository). */
const topUps = (m: EntityManager): TopUpsRepository => {
  const repo = m.getRepository(TopUpEntity);
  return {
    /** The user's top-ups (payment attempts), oldest first. */
    topUpsOf(userId: string): Promise<TopUp[]> {
      return repo.find({ where: { userId }, order: { createdAt: 'ASC', id: 'ASC' } });
    },

    async createTopUp(topUp: Pick<TopUp, 'id' | 'userId' | 'amountCents'>): Promise<void> {
      await repo.insert({ ...topUp, status: 'pending' });
    },

    async attachPreference(topUpId: string, preferenceId: string): Promise<void> {
      await repo.update({ id: topUpId }, { preferenceId });
    },

    /** A top-up whose preference could not be created never reached the payer: it is not a payment attempt. */
    async discardTopUp(topUpId: string): Promise<void> {
      await repo.delete({ id: topUpId, preferenceId: IsNull() });
    },

    findTopUp(topUpId: string): Promise<TopUp | null> {
      return repo.findOneBy({ id: topUpId });
    },

    async recordPaymentStatus(topUpId: string, status: string): Promise<boolean> {
      const changed: unknown[] = await m.query(
        `WITH changed AS (
           UPDATE billing.top_ups SET last_payment_status = $2
            WHERE id = $1 AND status = 'pending' AND last_payment_status IS DISTINCT FROM $2
           RETURNING id)
         SELECT id FROM changed`,
        [topUpId, status.slice(0, 40)],
      );
      return changed.length > 0;
    },

    pendingTopUps(userId: string, windowHours: number): Promise<TopUp[]> {
      return repo
        .createQueryBuilder('t')
        .where('t.user_id = :userId', { userId })
        .andWhere(`t.status = 'pending'`)
        .andWhere('t.last_payment_status IN (:...statuses)', { statuses: [...PENDING_PAYMENT_STATUSES] })
        .andWhere(`t.created_at > now() - :hours::float8 * interval '1 hour'`, { hours: windowHours })
        .orderBy('t.created_at', 'DESC')
        .getMany();
    },

    async markReturnAnnounced(topUpId: string): Promise<boolean> {
      const first: unknown[] = await m.query(
        `WITH marked AS (
           UPDATE billing.top_ups SET return_announced_at = now()
            WHERE id = $1 AND return_announced_at IS NULL
           RETURNING id)
         SELECT id FROM marked`,
        [topUpId],
      );
      return first.length > 0;
    },

    /**
     * Claims pending top-ups younger than the window and not looked at for `everyMs`, marking them checked now.
     * SKIP LOCKED lets replicas share the work instead of all asking Mercado Pago about the same top-ups.
     */
    claimPendingTopUps(opts: { windowHours: number; everyMs: number; limit: number }): Promise<TopUp[]> {
      return claimTopUps(m, {
        which: `status = 'pending' AND preference_id IS NOT NULL
                AND created_at > now() - $1::float8 * interval '1 hour'`,
        age: 'created_at',
        window: opts.windowHours,
        everyMs: opts.everyMs,
        limit: opts.limit,
      });
    },

    /**
     * Claims credited top-ups younger than `windowDays` (since their credit), not fully refunded or charged back and
     * not looked at for `everyMs`, for the reconciler to ask Mercado Pago about a later refund or chargeback.
     */
    claimCreditedTopUps(opts: { windowDays: number; everyMs: number; limit: number }): Promise<TopUp[]> {
      return claimTopUps(m, {
        which: `status = 'credited' AND credited_at > now() - $1::float8 * interval '1 day'
                AND coalesce(last_payment_status, '') NOT IN ('refunded', 'charged_back')`,
        age: 'credited_at',
        window: opts.windowDays,
        everyMs: opts.everyMs,
        limit: opts.limit,
      });
    },

    /** `reversed`: credited top-ups of which a refund or chargeback took back some or all. */
    async stats(): Promise<{ total: number; credited: number; reversed: number }> {
      const [row]: Array<{ total: string; credited: string; reversed: string }> = await m.query(
        `SELECT count(*) AS total, count(*) FILTER (WHERE status = 'credited') AS credited,
                (SELECT count(DISTINCT top_up_id) FROM billing.ledger_entries WHERE kind = 'reversal') AS reversed
           FROM billing.top_ups`,
      );
      return { total: Number(row!.total), credited: Number(row!.credited), reversed: Number(row!.reversed) };
    },
  };
};

/**
 * The ledger and the balances (see LedgerRepository). The balance changes only here, always in the same transaction as the
 * ledger row that explains it; concurrent changes of one user's balance queue on that user's balance row lock.
 * (`UPDATE ... RETURNING` is wrapped in a CTE: TypeORM answers `[rows, count]` for a bare UPDATE, rows for a SELECT.)
 */
const ledger = (m: EntityManager): LedgerRepository => ({
  balanceCents: (userId) => balanceOn(m, userId),

  /**
   * The user's newest `limit` ledger entries, newest first, each with the balance right after it. The running sum is
   * taken over all the user's entries before the LIMIT applies (window functions run before it), and the ledger is
   * append-only from a zero balance, so the newest entry's balance is the cached balance.
   */
  async statementRows(userId: string, limit: number): Promise<StatementRow[]> {
    const rows: Array<{
      id: string;
      kind: LedgerKind;
      amount_cents: number;
      reason: string;
      created_at: Date;
      balance_after: string;
    }> = await m.query(
      `SELECT id, kind, amount_cents, reason, created_at,
              sum(amount_cents) OVER (ORDER BY id) AS balance_after
         FROM billing.ledger_entries
        WHERE user_id = $1
        ORDER BY id DESC
        LIMIT $2`,
      [userId, limit],
    );
    return rows.map((r) => ({
      id: String(r.id),
      kind: r.kind,
      amountCents: r.amount_cents,
      reason: r.reason,
      createdAt: r.created_at,
      balanceAfterCents: Number(r.balance_after),
    }));
  },

  async lastReversal(userId: string): Promise<LastReversal | null> {
    const [row]: Array<{ amount_cents: number; reason: string; created_at: Date }> = await m.query(
      `SELECT amount_cents, reason, created_at FROM billing.ledger_entries
        WHERE user_id = $1 AND kind = 'reversal' ORDER BY id DESC LIMIT 1`,
      [userId],
    );
    return row
      ? { amountCents: -row.amount_cents, reason: reversalReasonOf(row.reason), at: row.created_at }
      : null;
  },

  /**
   * Credits an approved payment to the top-up's owner. The UNIQUE payment_id makes a repeat (or a concurrent
   * twin) insert nothing, so a payment credits once however often and however concurrently it arrives.
   */
  creditPayment(input: CreditInput): Promise<CreditResult> {
    return m.transaction(async (tx) => {
      await tx.query('SELECT 1 FROM billing.top_ups WHERE id = $1 FOR UPDATE', [input.topUpId]);
      // A payment not credited yet whose payer deleted the account is claimed for a refund instead; under
      // the same row lock, so a payment is credited or refunded, never both.
      const [state]: Array<{ refunding: boolean; credited: boolean; deleted: boolean }> = await tx.query(
        `SELECT EXISTS (SELECT 1 FROM billing.refunds WHERE payment_id = $1) AS refunding,
                EXISTS (SELECT 1 FROM billing.ledger_entries WHERE payment_id = $1) AS credited,
                EXISTS (SELECT 1 FROM billing.deleted_accounts WHERE user_id = $2) AS deleted`,
        [input.paymentId, input.userId],
      );
      if (state!.refunding || (!state!.credited && state!.deleted)) {
        if (!state!.refunding)
          await tx.query(
            `INSERT INTO billing.refunds (payment_id, top_up_id, user_id, amount_cents, reason)
             VALUES ($1, $2, $3, $4, 'account_deleted')`,
            [input.paymentId, input.topUpId, input.userId, input.amountCents],
          );
        return {
          credited: false,
          balanceCents: await balanceOn(tx, input.userId),
          entryId: null,
          refundDue: true,
        };
      }
      const inserted: unknown[] = await tx.query(
        `INSERT INTO billing.ledger_entries (user_id, kind, amount_cents, top_up_id, payment_id, reason, source)
         VALUES ($1, 'credit', $2, $3, $4, 'Recarga via Mercado Pago', $5)
         ON CONFLICT (payment_id) DO NOTHING
         RETURNING id`,
        [input.userId, input.amountCents, input.topUpId, input.paymentId, input.source],
      );
      if (inserted.length === 0)
        return { credited: false, balanceCents: await balanceOn(tx, input.userId), entryId: null };
      const entryId = String((inserted[0] as { id: string | number }).id);
      const [balance]: Array<{ balance_cents: number }> = await tx.query(
        `INSERT INTO billing.balances (user_id, balance_cents) VALUES ($1, $2)
         ON CONFLICT (user_id) DO UPDATE
           SET balance_cents = billing.balances.balance_cents + EXCLUDED.balance_cents, updated_at = now()
         RETURNING balance_cents`,
        [input.userId, input.amountCents],
      );
      await tx.query(
        `UPDATE billing.top_ups
            SET status = 'credited', last_payment_status = 'approved', credited_at = coalesce(credited_at, now())
          WHERE id = $1`,
        [input.topUpId],
      );
      return { credited: true, balanceCents: balance!.balance_cents, entryId };
    });
  },

  /**
   * Brings what is reversed of a credited payment up to `totalCents` (the refunded or charged-back part, capped at
   * the credit): appends one 'reversal' entry for the difference and takes it from the balance, which may go below
   * zero. Keyed `reversal:<payment>:<totalCents>` (UNIQUE per user) and serialised on the top-up's row lock, so a
   * refund state reverses once however often and concurrently the webhook and the reconciler see it; a partial
   * refund followed by a full one makes two entries. A payment that was never credited reverses nothing.
   */
  reversePayment(input: ReversalInput): Promise<ReversalResult> {
    return m.transaction(async (tx) => {
      await tx.query('SELECT 1 FROM billing.top_ups WHERE id = $1 FOR UPDATE', [input.topUpId]);
      const [credit]: Array<{ user_id: string; amount_cents: number }> = await tx.query(
        `SELECT user_id, amount_cents FROM billing.ledger_entries
          WHERE payment_id = $1 AND kind = 'credit' AND top_up_id = $2`,
        [input.paymentId, input.topUpId],
      );
      if (!credit) return { credited: false };
      const target = Math.min(input.totalCents, credit.amount_cents);
      const [done]: Array<{ reversed: string }> = await tx.query(
        `SELECT coalesce(-sum(amount_cents), 0) AS reversed FROM billing.ledger_entries
          WHERE reversed_payment_id = $1 AND kind = 'reversal'`,
        [input.paymentId],
      );
      const already = Number(done!.reversed);
      const delta = target - already;
      if (delta <= 0) {
        return {
          credited: true,
          reversedCents: 0,
          totalReversedCents: already,
          balanceCents: await balanceOn(tx, credit.user_id),
          entryId: null,
        };
      }
      const reason = reversalReasonText[input.paymentStatus === 'charged_back' ? 'chargeback' : 'refund'];
      const inserted: unknown[] = await tx.query(
        `INSERT INTO billing.ledger_entries
           (user_id, kind, amount_cents, top_up_id, reversed_payment_id, idempotency_key, reason, source)
         VALUES ($1, 'reversal', $2, $3, $4, $5, $6, $7)
         ON CONFLICT (user_id, idempotency_key) DO NOTHING
         RETURNING id`,
        [
          credit.user_id,
          -delta,
          input.topUpId,
          input.paymentId,
          `reversal:${input.paymentId}:${target}`,
          reason,
          input.source,
        ],
      );
      if (inserted.length === 0) {
        return {
          credited: true,
          reversedCents: 0,
          totalReversedCents: already,
          balanceCents: await balanceOn(tx, credit.user_id),
          entryId: null,
        };
      }
      const [balance]: Array<{ balance_cents: number }> = await tx.query(
        `INSERT INTO billing.balances (user_id, balance_cents) VALUES ($1, $2)
         ON CONFLICT (user_id) DO UPDATE
           SET balance_cents = billing.balances.balance_cents + EXCLUDED.balance_cents, updated_at = now()
         RETURNING balance_cents`,
        [credit.user_id, -delta],
      );
      await tx.query(`UPDATE billing.top_ups SET last_payment_status = $2 WHERE id = $1`, [
        input.topUpId,
        input.paymentStatus.slice(0, 40),
      ]);
      return {
        credited: true,
        reversedCents: delta,
        totalReversedCents: target,
        balanceCents: balance!.balance_cents,
        entryId: String((inserted[0] as { id: string | number }).id),
      };
    });
  },
});

/**
 * Purchases' holds (see HoldsRepository). Every change of a user's holds that can reserve or spend money runs on
 * that user's balance row lock, as every change of the balance does, so concurrent holds add up under one lock: what
 * is available is the balance less the open holds, read inside the lock. A user without a balance row has nothing to
 * hold. The unique indexes back the rules should this code be wrong: one open hold per key, one open exclusive hold.
 */
const holds = (m: EntityManager): HoldsRepository => ({
  hold(input: HoldInput, { maxAgeMs }: { maxAgeMs: number }): Promise<HoldResult> {
    return m.transaction(async (tx) => {
      await tx.query('SELECT 1 FROM billing.balances WHERE user_id = $1 FOR UPDATE', [input.userId]);
      await tx.query(
        `UPDATE billing.holds SET state = 'expired', settled_at = now()
          WHERE user_id = $1 AND state = 'held' AND created_at <= now() - $2::float8 * interval '1 millisecond'`,
        [input.userId, maxAgeMs],
      );
      const [paid]: Array<{ amount_cents: number }> = await tx.query(
        'SELECT amount_cents FROM billing.ledger_entries WHERE user_id = $1 AND idempotency_key = $2',
        [input.userId, input.key],
      );
      if (paid) {
        if (-paid.amount_cents !== input.cents)
          throw new PurchaseKeyReusedError(input.userId, input.key, -paid.amount_cents, input.cents);
        return { outcome: 'captured', balanceCents: await balanceOn(tx, input.userId) };
      }
      const open: Array<{ id: string | number; cents: number; exclusive: boolean; purchase_key: string }> =
        await tx.query(
          `SELECT id, cents, exclusive, purchase_key FROM billing.holds WHERE user_id = $1 AND state = 'held'`,
          [input.userId],
        );
      const same = open.find((h) => h.purchase_key === input.key);
      if (same) {
        if (same.cents !== input.cents)
          throw new PurchaseKeyReusedError(input.userId, input.key, same.cents, input.cents);
        return { outcome: 'held', holdId: String(same.id) };
      }
      if (input.exclusive && open.some((h) => h.exclusive)) return { outcome: 'busy' };
      const availableCents = (await balanceOn(tx, input.userId)) - open.reduce((sum, h) => sum + h.cents, 0);
      if (availableCents < input.cents) return { outcome: 'insufficient', availableCents };
      const [created]: Array<{ id: string | number }> = await tx.query(
        `INSERT INTO billing.holds (user_id, purchase_key, cents, reason, exclusive)
         VALUES ($1, $2, $3, $4, $5) RETURNING id`,
        [input.userId, input.key, input.cents, input.reason, input.exclusive],
      );
      return { outcome: 'held', holdId: String(created!.id) };
    });
  },

  /**
   * The open hold's row is locked too, so a release running at the same moment waits and then finds it captured. A
   * balance that a reversal took below the hold meanwhile covers nothing: the hold is released instead (the
   * `debit_never_below_zero` trigger backs "a debit never takes the balance below zero").
   */
  capture(userId: string, key: string): Promise<CaptureResult> {
    return m.transaction(async (tx) => {
      const locked: Array<{ balance_cents: number }> = await tx.query(
        'SELECT balance_cents FROM billing.balances WHERE user_id = $1 FOR UPDATE',
        [userId],
      );
      const balanceCents = locked[0]?.balance_cents ?? 0;
      const [hold]: Array<{ id: string | number; cents: number; reason: string }> = await tx.query(
        `SELECT id, cents, reason FROM billing.holds
          WHERE user_id = $1 AND purchase_key = $2 AND state = 'held' FOR UPDATE`,
        [userId, key],
      );
      if (!hold) {
        const [paid]: unknown[] = await tx.query(
          'SELECT 1 FROM billing.ledger_entries WHERE user_id = $1 AND idempotency_key = $2',
          [userId, key],
        );
        return paid
          ? { outcome: 'captured', balanceCents, entryId: null }
          : { outcome: 'not_held', balanceCents };
      }
      if (balanceCents < hold.cents) {
        await tx.query(`UPDATE billing.holds SET state = 'released', settled_at = now() WHERE id = $1`, [
          hold.id,
        ]);
        return { outcome: 'insufficient', balanceCents };
      }
      const [entry]: Array<{ id: string | number }> = await tx.query(
        `INSERT INTO billing.ledger_entries (user_id, kind, amount_cents, idempotency_key, reason)
         VALUES ($1, 'debit', $2, $3, $4)
         RETURNING id`,
        [userId, -hold.cents, key, hold.reason],
      );
      const [after]: Array<{ balance_cents: number }> = await tx.query(
        `WITH debited AS (
           UPDATE billing.balances SET balance_cents = balance_cents - $2, updated_at = now()
            WHERE user_id = $1 RETURNING balance_cents)
         SELECT balance_cents FROM debited`,
        [userId, hold.cents],
      );
      await tx.query(
        `UPDATE billing.holds SET state = 'captured', entry_id = $2, settled_at = now() WHERE id = $1`,
        [hold.id, entry!.id],
      );
      return { outcome: 'captured', balanceCents: after!.balance_cents, entryId: String(entry!.id) };
    });
  },

  async release(userId: string, key: string): Promise<boolean> {
    const released: unknown[] = await m.query(
      `WITH released AS (
         UPDATE billing.holds SET state = 'released', settled_at = now()
          WHERE user_id = $1 AND purchase_key = $2 AND state = 'held' RETURNING id)
       SELECT id FROM released`,
      [userId, key],
    );
    return released.length > 0;
  },
});

/** Deleted accounts and their refunds (see RefundsRepository). */
const refunds = (m: EntityManager): RefundsRepository => ({
  async markAccountDeleted(userId: string): Promise<void> {
    await m.query(
      `INSERT INTO billing.deleted_accounts (user_id) VALUES ($1) ON CONFLICT (user_id) DO NOTHING`,
      [userId],
    );
  },

  async refundClaim(paymentId: string): Promise<RefundClaim | null> {
    const rows: Array<{
      payment_id: string;
      top_up_id: string;
      user_id: string;
      amount_cents: number;
      provider_refund_id: string | null;
      refunded_at: Date | null;
    }> = await m.query(
      `SELECT payment_id, top_up_id, user_id, amount_cents, provider_refund_id, refunded_at
         FROM billing.refunds WHERE payment_id = $1`,
      [paymentId],
    );
    const r = rows[0];
    return r
      ? {
          paymentId: r.payment_id,
          topUpId: r.top_up_id,
          userId: r.user_id,
          amountCents: r.amount_cents,
          providerRefundId: r.provider_refund_id,
          refundedAt: r.refunded_at,
        }
      : null;
  },

  async completeRefund(paymentId: string, providerRefundId: string): Promise<boolean> {
    // In a CTE: a bare UPDATE ... RETURNING answers [rows, count], which is never empty (a repeat looked new).
    const rows: unknown[] = await m.query(
      `WITH completed AS (
         UPDATE billing.refunds SET provider_refund_id = $2, refunded_at = now()
          WHERE payment_id = $1 AND refunded_at IS NULL RETURNING payment_id)
       SELECT payment_id FROM completed`,
      [paymentId, providerRefundId],
    );
    return rows.length > 0;
  },
});

/**
 * Marks as checked now, and answers, up to `limit` top-ups matching `which` ($1 is `window`) that were not looked
 * at for `everyMs`, the least recently checked first. `which` and `age` are fixed SQL of this file, never input.
 */
async function claimTopUps(
  m: EntityManager,
  q: {
    which: string;
    age: 'created_at' | 'credited_at';
    window: number;
    everyMs: number;
    limit: number;
  },
): Promise<TopUp[]> {
  const rows: Array<{ id: string }> = await m.query(
    `WITH claimed AS (
     UPDATE billing.top_ups SET checked_at = now()
      WHERE id IN (
        SELECT id FROM billing.top_ups
         WHERE ${q.which}
           AND (checked_at IS NULL OR checked_at < now() - $2::float8 * interval '1 millisecond')
         ORDER BY checked_at NULLS FIRST, ${q.age}
         LIMIT $3
         FOR UPDATE SKIP LOCKED)
      RETURNING id)
     SELECT id FROM claimed`,
    [q.window, q.everyMs, q.limit],
  );
  if (rows.length === 0) return [];
  return m.getRepository(TopUpEntity).findBy(rows.map((r) => ({ id: r.id })));
}
