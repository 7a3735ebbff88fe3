import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { Rpc } from '@app/contracts';

type HoldRequest = z.input<typeof Rpc.billingHold.request>;
type HoldReply = z.infer<typeof Rpc.billingHold.response>;
type CaptureReply = z.infer<typeof Rpc.billingCapture.response>;
type ReleaseReply = z.infer<typeof Rpc.billingRelease.response>;
type PurchaseRef = { userId: string; key: string };

/** What answers billing's purchase holds (`Rpc.billingHold`, `billingCapture`, `billingRelease`): billing's store, or a service's fake of billing. */
export interface BillingHoldSubject {
  /** Adds `cents` (whole reais from R$ 5 to R$ 20: a top-up) to the user's balance. */
  fund(userId: string, cents: number): Promise<void>;
  /** The hold as the RPC answers it; a key reused for another amount rejects. */
  hold(request: HoldRequest): Promise<HoldReply>;
  capture(request: PurchaseRef): Promise<CaptureReply>;
  release(request: PurchaseRef): Promise<ReleaseReply>;
  balanceCents(userId: string): Promise<number>;
}

/**
 * The money rules of a purchase (money before work), stated once: its price is held before any work, then
 * captured (its one debit) or released. billing runs them against its store (in memory and on Postgres,
 * services/billing/test/spec/billing-store.spec-suite.ts), and a service that fakes billing in its unit tests runs
 * them against its fake, so the fake cannot drift from billing.
 */
export function billingHoldSpec(
  open: () => Promise<{ subject: BillingHoldSubject; close(): Promise<void> }>,
): void {
  let subject: BillingHoldSubject;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ subject, close } = await open());
  });
  afterAll(async () => {
    await close?.();
  });

  const newUser = () => `user-${randomUUID()}`;
  const newKey = (kind: 'page' | 'set' = 'page') => `${kind}:${randomUUID()}`;
  const hold = (userId: string, cents: number, key = newKey(), exclusive = false) =>
    subject.hold({ userId, key, cents, reason: 'Página de exercícios abc', exclusive });
  const capture = (userId: string, key: string) => subject.capture({ userId, key });
  const release = (userId: string, key: string) => subject.release({ userId, key });
  const heldId = (reply: HoldReply) => (reply.outcome === 'held' ? reply.holdId : null);

  describe("a purchase's hold: money before work", () => {
    it('holds the price without spending it; its capture spends it once', async () => {
      const userId = newUser();
      await subject.fund(userId, 1000);
      expect(await hold(userId, 50, 'page:abc')).toEqual({ outcome: 'held', holdId: expect.any(String) });
      expect(await subject.balanceCents(userId)).toBe(1000);
      expect(await capture(userId, 'page:abc')).toEqual({ outcome: 'captured', balanceCents: 950 });
      expect(await capture(userId, 'page:abc')).toEqual({ outcome: 'captured', balanceCents: 950 });
      // The purchase is paid: holding its key again answers so, and reserves nothing.
      expect(await hold(userId, 50, 'page:abc')).toEqual({ outcome: 'captured', balanceCents: 950 });
      expect(await subject.balanceCents(userId)).toBe(950);
    });

    it('a repeat of a hold answers the same hold and reserves once', async () => {
      const userId = newUser();
      await subject.fund(userId, 500);
      const first = await hold(userId, 300, 'page:abc');
      expect(await hold(userId, 300, 'page:abc')).toEqual(first);
      expect(await hold(userId, 300)).toEqual({ outcome: 'insufficient', availableCents: 200 });
      expect(await hold(userId, 200)).toMatchObject({ outcome: 'held' });
    });

    it('refuses a hold the available balance does not cover, reserving nothing', async () => {
      const userId = newUser();
      expect(await hold(userId, 50)).toEqual({ outcome: 'insufficient', availableCents: 0 });
      await subject.fund(userId, 500);
      expect(await hold(userId, 501)).toEqual({ outcome: 'insufficient', availableCents: 500 });
      expect(await hold(userId, 500)).toMatchObject({ outcome: 'held' });
      expect(await hold(userId, 50)).toEqual({ outcome: 'insufficient', availableCents: 0 });
    });

    it('never reserves more than the balance, however many holds come at once', async () => {
      const userId = newUser();
      await subject.fund(userId, 500);
      const keys = Array.from({ length: 14 }, () => newKey());
      const answers = await Promise.all(keys.map((key) => hold(userId, 50, key)));
      expect(answers.filter((a) => a.outcome === 'held')).toHaveLength(10);
      expect(answers.filter((a) => a.outcome === 'insufficient')).toHaveLength(4);
      const captured = await Promise.all(keys.map((key) => capture(userId, key)));
      expect(captured.filter((c) => c.outcome === 'captured')).toHaveLength(10);
      expect(await subject.balanceCents(userId)).toBe(0);
    });

    it('holds a key once when its repeats come at once, and debits it once when its captures do', async () => {
      const userId = newUser();
      await subject.fund(userId, 1000);
      const holds = await Promise.all(Array.from({ length: 6 }, () => hold(userId, 50, 'set:abc', true)));
      expect(new Set(holds.map(heldId)).size).toBe(1);
      expect(holds.every((h) => h.outcome === 'held')).toBe(true);
      const captures = await Promise.all(Array.from({ length: 6 }, () => capture(userId, 'set:abc')));
      expect(captures).toEqual(Array(6).fill({ outcome: 'captured', balanceCents: 950 }));
      expect(await subject.balanceCents(userId)).toBe(950);
    });

    it('a release frees the money; releasing again, or after the capture, changes nothing', async () => {
      const userId = newUser();
      await subject.fund(userId, 500);
      await hold(userId, 500, 'set:a');
      expect(await hold(userId, 50, 'page:b')).toEqual({ outcome: 'insufficient', availableCents: 0 });
      expect(await release(userId, 'set:a')).toEqual({ released: true });
      expect(await release(userId, 'set:a')).toEqual({ released: false });
      expect(await hold(userId, 50, 'page:b')).toMatchObject({ outcome: 'held' });
      expect(await capture(userId, 'page:b')).toEqual({ outcome: 'captured', balanceCents: 450 });
      expect(await release(userId, 'page:b')).toEqual({ released: false });
      expect(await subject.balanceCents(userId)).toBe(450);
    });

    it('nothing to capture without an open hold: never held, or released', async () => {
      const userId = newUser();
      await subject.fund(userId, 500);
      expect(await capture(userId, 'page:never')).toEqual({ outcome: 'not_held', balanceCents: 500 });
      await hold(userId, 50, 'page:gone');
      await release(userId, 'page:gone');
      expect(await capture(userId, 'page:gone')).toEqual({ outcome: 'not_held', balanceCents: 500 });
      expect(await subject.balanceCents(userId)).toBe(500);
    });

    it('a released purchase may be held again: a new hold', async () => {
      const userId = newUser();
      await subject.fund(userId, 500);
      const first = heldId(await hold(userId, 100, 'set:abc'));
      await release(userId, 'set:abc');
      const again = heldId(await hold(userId, 100, 'set:abc'));
      expect(again).not.toBeNull();
      expect(again).not.toBe(first);
      expect(await capture(userId, 'set:abc')).toEqual({ outcome: 'captured', balanceCents: 400 });
    });

    it('a capture and a release at once: one of them, never both', async () => {
      const userId = newUser();
      await subject.fund(userId, 500);
      await hold(userId, 100, 'set:abc');
      const [captured, released] = await Promise.all([
        capture(userId, 'set:abc'),
        release(userId, 'set:abc'),
      ]);
      if (captured.outcome === 'captured') {
        expect(released).toEqual({ released: false });
        expect(await subject.balanceCents(userId)).toBe(400);
      } else {
        expect([captured, released]).toEqual([
          { outcome: 'not_held', balanceCents: 500 },
          { released: true },
        ]);
        expect(await subject.balanceCents(userId)).toBe(500);
      }
    });

    it('one exclusive hold open at a time: another is busy until the first is captured or released', async () => {
      const userId = newUser();
      await subject.fund(userId, 2000);
      const first = await hold(userId, 500, 'set:a', true);
      expect(first).toMatchObject({ outcome: 'held' });
      expect(await hold(userId, 500, 'set:b', true)).toEqual({ outcome: 'busy' });
      // Its own repeat, and a hold that is not exclusive, pass.
      expect(await hold(userId, 500, 'set:a', true)).toEqual(first);
      expect(await hold(userId, 50, 'page:c')).toMatchObject({ outcome: 'held' });
      await capture(userId, 'set:a');
      expect(await hold(userId, 500, 'set:b', true)).toMatchObject({ outcome: 'held' });
      await release(userId, 'set:b');
      expect(await hold(userId, 500, 'set:d', true)).toMatchObject({ outcome: 'held' });
      // Busy says so before the balance is looked at.
      expect(await hold(userId, 5000, 'set:e', true)).toEqual({ outcome: 'busy' });
    });

    it('of exclusive holds asked at once, one is held', async () => {
      const userId = newUser();
      await subject.fund(userId, 2000);
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => hold(userId, 100, newKey('set'), true)),
      );
      expect(answers.filter((a) => a.outcome === 'held')).toHaveLength(1);
      expect(answers.filter((a) => a.outcome === 'busy')).toHaveLength(4);
    });

    it('refuses a purchase key reused for another amount, reserving and debiting nothing', async () => {
      const userId = newUser();
      await subject.fund(userId, 1000);
      await hold(userId, 50, 'page:abc');
      for (const cents of [49, 51]) await expect(hold(userId, cents, 'page:abc')).rejects.toThrow();
      expect(await capture(userId, 'page:abc')).toEqual({ outcome: 'captured', balanceCents: 950 });
      await expect(hold(userId, 60, 'page:abc')).rejects.toThrow();
      expect(await hold(userId, 950)).toMatchObject({ outcome: 'held' });
    });

    it("keys are each user's own", async () => {
      const ana = newUser();
      const bia = newUser();
      await subject.fund(ana, 1000);
      await subject.fund(bia, 1000);
      await hold(ana, 50, 'page:abc');
      expect(await hold(bia, 70, 'page:abc')).toMatchObject({ outcome: 'held' });
      expect(await capture(ana, 'page:abc')).toEqual({ outcome: 'captured', balanceCents: 950 });
      expect(await capture(bia, 'page:abc')).toEqual({ outcome: 'captured', balanceCents: 930 });
    });
  });
}
