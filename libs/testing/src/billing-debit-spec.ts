import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { Rpc } from '@app/contracts';

type DebitRequest = z.infer<typeof Rpc.billingDebit.request>;
type DebitReply = z.infer<typeof Rpc.billingDebit.response>;

/** What answers billing's debit (`Rpc.billingDebit`): billing's store, or a service's fake of billing. */
export interface BillingDebitSubject {
  /** Adds `cents` (whole reais from R$ 5 to R$ 20: a top-up) to the user's balance. */
  fund(userId: string, cents: number): Promise<void>;
  /** The debit as the RPC answers it; a key reused for another amount rejects. */
  debit(request: DebitRequest): Promise<DebitReply>;
  balanceCents(userId: string): Promise<number>;
}

/**
 * The money rules of a purchase's debit, stated once: billing runs them against its store (in memory and on
 * Postgres, services/billing/test/spec/billing-store.spec-suite.ts), and a service that fakes billing's debit in its
 * unit tests runs them against its fake, so the fake cannot drift from billing.
 */
export function billingDebitSpec(
  open: () => Promise<{ subject: BillingDebitSubject; close(): Promise<void> }>,
): void {
  let subject: BillingDebitSubject;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ subject, close } = await open());
  });
  afterAll(async () => {
    await close?.();
  });

  const newUser = () => `user-${randomUUID()}`;
  const debit = (userId: string, cents: number, idempotencyKey: string = randomUUID()) =>
    subject.debit({ userId, cents, reason: 'Página de exercícios abc', idempotencyKey });

  describe('the debit of a purchase: a key charges once', () => {
    it('debits once per key: a repeat answers the same outcome and debits nothing', async () => {
      const userId = newUser();
      await subject.fund(userId, 1000);
      expect(await debit(userId, 50, 'page-abc')).toEqual({ ok: true, balanceCents: 950 });
      expect(await debit(userId, 50, 'page-abc')).toEqual({ ok: true, balanceCents: 950 });
      expect(await subject.balanceCents(userId)).toBe(950);
    });

    it('refuses the same key for another amount, debiting nothing; the same amount is still a repeat', async () => {
      const userId = newUser();
      await subject.fund(userId, 1000);
      await debit(userId, 50, 'page-abc');
      for (const cents of [49, 51, 10_000]) await expect(debit(userId, cents, 'page-abc')).rejects.toThrow();
      expect(await debit(userId, 50, 'page-abc')).toEqual({ ok: true, balanceCents: 950 });
      expect(await subject.balanceCents(userId)).toBe(950);
    });

    it('leaves a balance that does not cover the amount alone, and the key unspent', async () => {
      const userId = newUser();
      expect(await debit(userId, 50, 'page-abc')).toEqual({
        ok: false,
        reason: 'insufficient',
        balanceCents: 0,
      });
      await subject.fund(userId, 500);
      expect(await debit(userId, 501, 'page-abc')).toEqual({
        ok: false,
        reason: 'insufficient',
        balanceCents: 500,
      });
      expect(await debit(userId, 500, 'page-abc')).toEqual({ ok: true, balanceCents: 0 });
      expect(await subject.balanceCents(userId)).toBe(0);
    });

    it("keys are each user's own", async () => {
      const ana = newUser();
      const bia = newUser();
      await subject.fund(ana, 1000);
      await subject.fund(bia, 1000);
      expect(await debit(ana, 50, 'page-abc')).toEqual({ ok: true, balanceCents: 950 });
      expect(await debit(bia, 70, 'page-abc')).toEqual({ ok: true, balanceCents: 930 });
    });

    it('never takes the balance below zero, however many debits come at once', async () => {
      const userId = newUser();
      await subject.fund(userId, 500);
      const answers = await Promise.all(Array.from({ length: 14 }, () => debit(userId, 50)));
      expect(answers.filter((a) => a.ok)).toHaveLength(10);
      expect(answers.filter((a) => !a.ok).every((a) => a.balanceCents === 0)).toBe(true);
      expect(await subject.balanceCents(userId)).toBe(0);
    });

    it('debits a key once when its repeats come at once', async () => {
      const userId = newUser();
      await subject.fund(userId, 1000);
      const answers = await Promise.all(Array.from({ length: 6 }, () => debit(userId, 50, 'page-abc')));
      expect(answers).toEqual(Array(6).fill({ ok: true, balanceCents: 950 }));
      expect(await subject.balanceCents(userId)).toBe(950);
    });
  });
}
