import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { billingHoldSpec, storeUnderSpec, type OpenStore } from '@app/testing';
import { PurchaseKeyReusedError, type BillingStore, type SettlementSource } from '../../src/domain/ports.js';

/**
 * The one specification of billing's storage (src/domain/ports.ts): every money rule is stated here, once, and this
 * suite runs in the unit tier against the in-memory fake (test/unit/billing-store.spec.test.ts) and in the
 * integration tier against Postgres (test/integration/billing-store.spec.test.ts). A fake that disagrees with
 * Postgres fails here.
 *
 * `open` makes a store the suite may write to as it likes; its tests use ids of their own, so they share it. What
 * the whole table answers (payment counts, claims) is stated as a difference or about the suite's own rows.
 */
export function billingStoreSpec(open: OpenStore<BillingStore>): void {
  const store = storeUnderSpec(open);

  const newUser = () => `user-${randomUUID()}`;

  /** A pending top-up of the user, with a preference unless told otherwise. */
  async function pendingTopUp(userId: string, amountCents = 1000, preference = true) {
    const id = randomUUID();
    await store.topUps.createTopUp({ id, userId, amountCents });
    if (preference) await store.topUps.attachPreference(id, `pref-${id}`);
    return id;
  }

  const credit = (topUpId: string, userId: string, amountCents = 1000, paymentId = `pay-${randomUUID()}`) =>
    store.ledger.creditPayment({ topUpId, userId, amountCents, paymentId, source: 'webhook' });

  /** A top-up of the user credited by its payment. */
  async function creditedTopUp(userId: string, amountCents = 1000) {
    const topUpId = await pendingTopUp(userId, amountCents);
    const paymentId = `pay-${randomUUID()}`;
    const credited = await credit(topUpId, userId, amountCents, paymentId);
    expect(credited.credited).toBe(true);
    return { topUpId, paymentId };
  }

  const reverse = (
    c: { topUpId: string; paymentId: string },
    totalCents: number,
    paymentStatus = 'refunded',
    source: SettlementSource = 'webhook',
  ) => store.ledger.reversePayment({ ...c, totalCents, paymentStatus, source });

  /** How long a hold may stay open in these tests, unless one says otherwise. */
  const HOUR_MS = 3600_000;
  const hold = (userId: string, cents: number, key: string, maxAgeMs = HOUR_MS) =>
    store.holds.hold(
      { userId, key, cents, reason: 'Página de exercícios abc', exclusive: false },
      { maxAgeMs },
    );
  /** A purchase paid the way pages pays for one: its price held, then captured. */
  async function purchase(userId: string, cents: number, key = `page:${randomUUID()}`) {
    const held = await hold(userId, cents, key);
    return held.outcome === 'held' ? store.holds.capture(userId, key) : held;
  }

  const kindsOf = async (userId: string) =>
    (await store.ledger.statementRows(userId, 100)).map((r) => r.kind);

  describe('top-ups', () => {
    it('records a pending top-up of whole reais from R$ 5 to R$ 20 and refuses any other amount', async () => {
      const userId = newUser();
      const five = randomUUID();
      await store.topUps.createTopUp({ id: five, userId, amountCents: 500 });
      await store.topUps.createTopUp({ id: randomUUID(), userId, amountCents: 2000 });
      for (const amountCents of [0, 400, 550, 2100, -500])
        await expect(store.topUps.createTopUp({ id: randomUUID(), userId, amountCents })).rejects.toThrow();
      expect(await store.topUps.findTopUp(five)).toMatchObject({
        id: five,
        userId,
        amountCents: 500,
        preferenceId: null,
        status: 'pending',
        lastPaymentStatus: null,
        checkedAt: null,
        creditedAt: null,
        createdAt: expect.any(Date),
      });
      expect((await store.topUps.topUpsOf(userId)).map((t) => t.amountCents).sort((a, b) => a - b)).toEqual([
        500, 2000,
      ]);
      expect(await store.topUps.topUpsOf(newUser())).toEqual([]);
      expect(await store.topUps.findTopUp(randomUUID())).toBeNull();
    });

    it('discards a top-up that never got a preference; one with a preference stays', async () => {
      const userId = newUser();
      const bare = await pendingTopUp(userId, 1000, false);
      const withPreference = await pendingTopUp(userId);
      await store.topUps.discardTopUp(bare);
      await store.topUps.discardTopUp(withPreference);
      expect(await store.topUps.findTopUp(bare)).toBeNull();
      expect(await store.topUps.findTopUp(withPreference)).toMatchObject({
        preferenceId: `pref-${withPreference}`,
      });
    });

    it('notes a pending payment status when it changes; a credited top-up keeps "approved"', async () => {
      const userId = newUser();
      const topUpId = await pendingTopUp(userId);
      expect(await store.topUps.recordPaymentStatus(topUpId, 'in_process')).toBe(true);
      expect(await store.topUps.recordPaymentStatus(topUpId, 'in_process')).toBe(false);
      expect((await store.topUps.pendingTopUps(userId, 24)).map((t) => t.id)).toEqual([topUpId]);
      expect(await store.topUps.recordPaymentStatus(topUpId, 'rejected')).toBe(true);
      expect(await store.topUps.pendingTopUps(userId, 24)).toEqual([]);

      await credit(topUpId, userId);
      expect(await store.topUps.recordPaymentStatus(topUpId, 'pending')).toBe(false);
      expect(await store.topUps.findTopUp(topUpId)).toMatchObject({
        status: 'credited',
        lastPaymentStatus: 'approved',
      });
      expect(await store.topUps.pendingTopUps(userId, 24)).toEqual([]);
    });

    it('answers "first time" once for the return of a top-up', async () => {
      const topUpId = await pendingTopUp(newUser());
      expect(await store.topUps.markReturnAnnounced(topUpId)).toBe(true);
      expect(await store.topUps.markReturnAnnounced(topUpId)).toBe(false);
      expect(await store.topUps.markReturnAnnounced(randomUUID())).toBe(false);
    });

    it('claims a pending top-up with a preference once per interval; one without a preference never', async () => {
      const userId = newUser();
      const pending = await pendingTopUp(userId);
      const bare = await pendingTopUp(userId, 1000, false);
      const claim = async () =>
        (await store.topUps.claimPendingTopUps({ windowHours: 24, everyMs: 3600_000, limit: 10_000 })).map(
          (t) => t.id,
        );
      const first = await claim();
      expect(first).toContain(pending);
      expect(first).not.toContain(bare);
      expect(await store.topUps.findTopUp(pending)).toMatchObject({ checkedAt: expect.any(Date) });
      expect(await claim()).not.toContain(pending);
    });

    it('claims a credited top-up once per interval until it is wholly refunded', async () => {
      const userId = newUser();
      const kept = await creditedTopUp(userId);
      const refunded = await creditedTopUp(userId);
      await reverse(refunded, 1000, 'refunded');
      const claim = async () =>
        (await store.topUps.claimCreditedTopUps({ windowDays: 30, everyMs: 3600_000, limit: 10_000 })).map(
          (t) => t.id,
        );
      const first = await claim();
      expect(first).toContain(kept.topUpId);
      expect(first).not.toContain(refunded.topUpId);
      expect(await claim()).not.toContain(kept.topUpId);
    });

    it('counts the top-ups, the credited ones and those a reversal took from', async () => {
      const before = await store.topUps.stats();
      const userId = newUser();
      await pendingTopUp(userId);
      await creditedTopUp(userId);
      const reversed = await creditedTopUp(userId);
      await reverse(reversed, 300, 'approved');
      await reverse(reversed, 1000, 'refunded');
      const after = await store.topUps.stats();
      expect({
        total: after.total - before.total,
        credited: after.credited - before.credited,
        reversed: after.reversed - before.reversed,
      }).toEqual({ total: 3, credited: 2, reversed: 1 });
    });
  });

  describe('credits: a payment credits its top-up once', () => {
    it('credits once: a repeat answers the same balance, with no entry, and changes nothing', async () => {
      const userId = newUser();
      const topUpId = await pendingTopUp(userId);
      const paymentId = `pay-${randomUUID()}`;
      expect(await credit(topUpId, userId, 1000, paymentId)).toEqual({
        credited: true,
        balanceCents: 1000,
        entryId: expect.any(String),
      });
      expect(await credit(topUpId, userId, 1000, paymentId)).toEqual({
        credited: false,
        balanceCents: 1000,
        entryId: null,
      });
      expect(await store.ledger.balanceCents(userId)).toBe(1000);
      expect(await kindsOf(userId)).toEqual(['credit']);
      expect(await store.topUps.findTopUp(topUpId)).toMatchObject({
        status: 'credited',
        lastPaymentStatus: 'approved',
        creditedAt: expect.any(Date),
      });
    });

    it('credits once when the same payment arrives many times at once', async () => {
      const userId = newUser();
      const topUpId = await pendingTopUp(userId);
      const paymentId = `pay-${randomUUID()}`;
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => credit(topUpId, userId, 1000, paymentId)),
      );
      expect(answers.filter((a) => a.credited)).toHaveLength(1);
      expect(answers.map((a) => a.balanceCents)).toEqual(Array(6).fill(1000));
      expect(await store.ledger.balanceCents(userId)).toBe(1000);
      expect(await kindsOf(userId)).toEqual(['credit']);
    });

    it('adds payments of two top-ups; the statement is newest first with the balance after each entry', async () => {
      const userId = newUser();
      await creditedTopUp(userId, 1000);
      await creditedTopUp(userId, 1500);
      expect(await store.ledger.balanceCents(userId)).toBe(2500);
      const rows = await store.ledger.statementRows(userId, 10);
      expect(rows.map((r) => [r.kind, r.amountCents, r.balanceAfterCents, r.reason])).toEqual([
        ['credit', 1500, 2500, 'Recarga via Mercado Pago'],
        ['credit', 1000, 1000, 'Recarga via Mercado Pago'],
      ]);
      expect((await store.ledger.statementRows(userId, 1)).map((r) => r.balanceAfterCents)).toEqual([2500]);
    });

    it('refuses a credit for a top-up it does not know', async () => {
      await expect(credit(randomUUID(), newUser())).rejects.toThrow();
    });

    it('claims, instead of crediting, a payment of a deleted account: once, and the refund completes once', async () => {
      const userId = newUser();
      const topUpId = await pendingTopUp(userId);
      const paymentId = `pay-${randomUUID()}`;
      await store.refunds.markAccountDeleted(userId);
      await store.refunds.markAccountDeleted(userId);
      const due = { credited: false, balanceCents: 0, entryId: null, refundDue: true };
      expect(await credit(topUpId, userId, 1000, paymentId)).toEqual(due);
      expect(await credit(topUpId, userId, 1000, paymentId)).toEqual(due);
      expect(await store.ledger.balanceCents(userId)).toBe(0);
      expect(await kindsOf(userId)).toEqual([]);
      expect(await store.refunds.refundClaim(paymentId)).toEqual({
        paymentId,
        topUpId,
        userId,
        amountCents: 1000,
        providerRefundId: null,
        refundedAt: null,
      });
      expect(await store.refunds.completeRefund(paymentId, 'refund-1')).toBe(true);
      expect(await store.refunds.completeRefund(paymentId, 'refund-2')).toBe(false);
      expect(await store.refunds.refundClaim(paymentId)).toMatchObject({
        providerRefundId: 'refund-1',
        refundedAt: expect.any(Date),
      });
      expect(await store.refunds.refundClaim(`pay-${randomUUID()}`)).toBeNull();
    });

    it('keeps a payment credited before the account was deleted: its repeat is neither credited nor refunded', async () => {
      const userId = newUser();
      const c = await creditedTopUp(userId);
      await store.refunds.markAccountDeleted(userId);
      expect(await credit(c.topUpId, userId, 1000, c.paymentId)).toEqual({
        credited: false,
        balanceCents: 1000,
        entryId: null,
      });
      expect(await store.refunds.refundClaim(c.paymentId)).toBeNull();
    });
  });

  describe('reversals: a refund or chargeback never takes back more than was credited', () => {
    it('reverses nothing of a payment that was never credited', async () => {
      const userId = newUser();
      const topUpId = await pendingTopUp(userId);
      expect(await reverse({ topUpId, paymentId: `pay-${randomUUID()}` }, 1000)).toEqual({ credited: false });
      const c = await creditedTopUp(userId);
      const other = await pendingTopUp(userId);
      expect(await reverse({ topUpId: other, paymentId: c.paymentId }, 1000)).toEqual({ credited: false });
      expect(await store.ledger.balanceCents(userId)).toBe(1000);
    });

    it('takes back a partial refund once, then the rest of a full one once', async () => {
      const userId = newUser();
      const c = await creditedTopUp(userId);
      expect(await reverse(c, 300, 'approved')).toEqual({
        credited: true,
        reversedCents: 300,
        totalReversedCents: 300,
        balanceCents: 700,
        entryId: expect.any(String),
      });
      const nothing = (total: number, balance: number) => ({
        credited: true,
        reversedCents: 0,
        totalReversedCents: total,
        balanceCents: balance,
        entryId: null,
      });
      expect(await reverse(c, 300, 'approved', 'reconciler')).toEqual(nothing(300, 700));
      expect(await reverse(c, 1000, 'refunded')).toMatchObject({
        reversedCents: 700,
        totalReversedCents: 1000,
        balanceCents: 0,
      });
      expect(await reverse(c, 1000, 'refunded', 'return')).toEqual(nothing(1000, 0));
      // A smaller total seen late gives nothing back.
      expect(await reverse(c, 300, 'approved')).toEqual(nothing(1000, 0));
      expect(await store.ledger.balanceCents(userId)).toBe(0);
      const rows = await store.ledger.statementRows(userId, 10);
      expect(rows.map((r) => [r.kind, r.amountCents, r.balanceAfterCents, r.reason])).toEqual([
        ['reversal', -700, 0, 'Estorno de recarga'],
        ['reversal', -300, 700, 'Estorno de recarga'],
        ['credit', 1000, 1000, 'Recarga via Mercado Pago'],
      ]);
      expect(await store.ledger.lastReversal(userId)).toEqual({
        amountCents: 700,
        reason: 'refund',
        at: expect.any(Date),
      });
      expect(await store.topUps.findTopUp(c.topUpId)).toMatchObject({ lastPaymentStatus: 'refunded' });
    });

    it('caps a reversal reported above the credit at the credit', async () => {
      const userId = newUser();
      await creditedTopUp(userId, 500);
      const c = await creditedTopUp(userId, 1000);
      expect(await reverse(c, 5000)).toMatchObject({
        reversedCents: 1000,
        totalReversedCents: 1000,
        balanceCents: 500,
      });
      expect(await reverse(c, 6000)).toMatchObject({
        reversedCents: 0,
        totalReversedCents: 1000,
        balanceCents: 500,
      });
      expect(await store.ledger.balanceCents(userId)).toBe(500);
    });

    it('takes one refund state back once when it is seen many times at once', async () => {
      const userId = newUser();
      const c = await creditedTopUp(userId);
      const answers = await Promise.all(Array.from({ length: 6 }, () => reverse(c, 1000)));
      expect(answers.map((a) => (a.credited ? a.reversedCents : -1)).sort((x, y) => y - x)).toEqual([
        1000, 0, 0, 0, 0, 0,
      ]);
      expect(await store.ledger.balanceCents(userId)).toBe(0);
      expect(await kindsOf(userId)).toEqual(['reversal', 'credit']);
    });

    it('may take the balance below zero after spending; a chargeback says so, and the debt covers no debit', async () => {
      const userId = newUser();
      const c = await creditedTopUp(userId);
      expect(await purchase(userId, 600)).toMatchObject({ outcome: 'captured', balanceCents: 400 });
      expect(await reverse(c, 1000, 'charged_back')).toMatchObject({
        reversedCents: 1000,
        balanceCents: -600,
      });
      expect(await store.ledger.balanceCents(userId)).toBe(-600);
      expect(await store.ledger.lastReversal(userId)).toMatchObject({
        amountCents: 1000,
        reason: 'chargeback',
      });
      expect((await store.ledger.statementRows(userId, 1))[0]).toMatchObject({
        kind: 'reversal',
        reason: 'Contestação (chargeback) de recarga',
        balanceAfterCents: -600,
      });
      expect(await hold(userId, 50, 'page:abc')).toEqual({ outcome: 'insufficient', availableCents: -600 });
    });

    it('a reversal that leaves less than an open hold: its capture releases it and debits nothing', async () => {
      const userId = newUser();
      await creditedTopUp(userId, 500);
      const c = await creditedTopUp(userId, 1000);
      expect(await hold(userId, 1200, 'set:abc')).toMatchObject({ outcome: 'held' });
      await reverse(c, 1000);
      expect(await store.holds.capture(userId, 'set:abc')).toEqual({
        outcome: 'insufficient',
        balanceCents: 500,
      });
      expect(await store.holds.capture(userId, 'set:abc')).toEqual({
        outcome: 'not_held',
        balanceCents: 500,
      });
      expect(await kindsOf(userId)).toEqual(['reversal', 'credit', 'credit']);
    });
  });

  // A purchase's money rules (its hold never reserves more than the balance, its capture charges once, a release
  // frees it, one exclusive hold at a time) are stated once, in @app/testing's billingHoldSpec, which pages runs
  // against its fake of billing too.
  billingHoldSpec(async () => ({
    subject: {
      fund: async (userId, cents) => void (await creditedTopUp(userId, cents)),
      hold: (request) =>
        // As the hold's handler asks it (src/nats/handlers.ts).
        store.holds.hold({ ...request, exclusive: request.exclusive ?? false }, { maxAgeMs: HOUR_MS }),
      async capture({ userId, key }) {
        const { outcome, balanceCents } = await store.holds.capture(userId, key);
        return { outcome, balanceCents };
      },
      release: async ({ userId, key }) => ({ released: await store.holds.release(userId, key) }),
      balanceCents: (userId) => store.ledger.balanceCents(userId),
    },
    close: async () => {},
  }));

  describe('holds: what the store adds to the rules', () => {
    it("a capture writes one ledger line with the hold's reason and key, and answers its entry once", async () => {
      const userId = newUser();
      await creditedTopUp(userId);
      await hold(userId, 50, 'page:abc');
      expect(await store.holds.capture(userId, 'page:abc')).toEqual({
        outcome: 'captured',
        balanceCents: 950,
        entryId: expect.any(String),
      });
      expect(await store.holds.capture(userId, 'page:abc')).toEqual({
        outcome: 'captured',
        balanceCents: 950,
        entryId: null,
      });
      const rows = await store.ledger.statementRows(userId, 10);
      expect(rows.map((r) => [r.kind, r.amountCents, r.reason])).toEqual([
        ['debit', -50, 'Página de exercícios abc'],
        ['credit', 1000, 'Recarga via Mercado Pago'],
      ]);
      const reused = hold(userId, 60, 'page:abc');
      await expect(reused).rejects.toBeInstanceOf(PurchaseKeyReusedError);
      await expect(reused).rejects.toMatchObject({ heldCents: 50, requestedCents: 60, key: 'page:abc' });
    });

    it('a hold older than its bound expires at the next hold of its user: its money is free, nothing to capture', async () => {
      const userId = newUser();
      await creditedTopUp(userId, 500);
      await hold(userId, 500, 'set:stuck');
      expect(await hold(userId, 500, 'set:next')).toEqual({ outcome: 'insufficient', availableCents: 0 });
      expect(await hold(userId, 500, 'set:next', 0)).toMatchObject({ outcome: 'held' });
      expect(await store.holds.capture(userId, 'set:stuck')).toEqual({
        outcome: 'not_held',
        balanceCents: 500,
      });
      expect(await store.holds.release(userId, 'set:stuck')).toBe(false);
      expect(await store.holds.capture(userId, 'set:next')).toMatchObject({
        outcome: 'captured',
        balanceCents: 0,
      });
    });
  });

  describe('transactions', () => {
    it('keeps nothing of a transaction that rejects, and all of one that resolves', async () => {
      const userId = newUser();
      const { topUpId } = await creditedTopUp(userId);
      await expect(
        store.transaction(async (tx) => {
          await tx.holds.hold(
            { userId, key: 'page:k1', cents: 100, reason: 'Página de exercícios abc', exclusive: false },
            { maxAgeMs: HOUR_MS },
          );
          await tx.holds.capture(userId, 'page:k1');
          await tx.topUps.markReturnAnnounced(topUpId);
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      expect(await store.ledger.balanceCents(userId)).toBe(1000);
      expect(await store.topUps.markReturnAnnounced(topUpId)).toBe(true);
      await store.transaction(async (tx) => {
        await tx.holds.hold(
          { userId, key: 'page:k1', cents: 100, reason: 'Página de exercícios abc', exclusive: false },
          { maxAgeMs: HOUR_MS },
        );
        await tx.holds.capture(userId, 'page:k1');
      });
      expect(await store.ledger.balanceCents(userId)).toBe(900);
    });
  });
}
