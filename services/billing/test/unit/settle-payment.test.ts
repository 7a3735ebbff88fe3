import { randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { Events, type MessageDef } from '@app/contracts';
import { recordingBus } from '@app/testing';
import type { z } from 'zod';
import { settleKnownPayment, settlePayment } from '../../src/domain/settle-payment.js';
import { natsBillingEvents } from '../../src/nats/events.js';
import { memoryDeps } from '../fakes/memory-deps.js';

let w: ReturnType<typeof memoryDeps>;
beforeEach(() => {
  w = memoryDeps();
});

/** A pending top-up of `amountCents` with its preference, as createTopUp leaves it. */
async function topUpFor(userId: string, amountCents = 1000) {
  const id = randomUUID();
  await w.store.topUps.createTopUp({ id, userId, amountCents });
  await w.store.topUps.attachPreference(id, `pref-${id}`);
  return { id, userId, amountCents, claimant: { userId, preferenceId: `pref-${id}` } };
}

/** A top-up of R$ 10,00 paid and credited through the payer's return. */
async function creditedTopUp(userId = 'ana') {
  const topUp = await topUpFor(userId);
  const paymentId = w.provider.pay(topUp.id, topUp.amountCents, 'approved');
  expect(await settlePayment(w.deps, paymentId, 'return', topUp.claimant)).toMatchObject({
    outcome: 'credited',
  });
  return { topUp, paymentId };
}

const credits = () => w.store.entries().filter((e) => e.kind === 'credit');
const reversals = () =>
  w.store
    .entries()
    .filter((e) => e.kind === 'reversal')
    .map((e) => ({ amountCents: e.amountCents, key: e.idempotencyKey, source: e.source, reason: e.reason }));

describe('settlePayment: an approved payment', () => {
  it('credits its top-up once: a repeat answers the same balance and writes and announces nothing', async () => {
    const topUp = await topUpFor('ana');
    const paymentId = w.provider.pay(topUp.id, 1000, 'approved');

    const first = await settlePayment(w.deps, paymentId, 'return', topUp.claimant);
    expect(first).toEqual({
      outcome: 'credited',
      balanceCents: 1000,
      amountCents: 1000,
      topUpId: expect.any(String),
    });
    const again = await settlePayment(w.deps, paymentId, 'return', topUp.claimant);
    expect(again).toEqual({
      outcome: 'already_credited',
      balanceCents: 1000,
      amountCents: 1000,
      topUpId: expect.any(String),
    });

    expect(credits()).toEqual([
      expect.objectContaining({
        userId: 'ana',
        amountCents: 1000,
        topUpId: topUp.id,
        paymentId,
        source: 'return',
        reason: 'Recarga via Mercado Pago',
      }),
    ]);
    expect(await w.store.ledger.balanceCents('ana')).toBe(1000);
    expect(await w.store.topUps.findTopUp(topUp.id)).toMatchObject({
      status: 'credited',
      lastPaymentStatus: 'approved',
      creditedAt: expect.any(Date),
    });
    expect(w.events.credited).toEqual([
      { topUpId: topUp.id, userId: 'ana', amountCents: 1000, paymentId, balanceCents: 1000 },
    ]);
    expect(w.money.credited).toEqual([1000]);
    // The member's open screens are told once, with the ledger entry as the balance's version.
    expect(w.events.balance).toEqual([
      { userId: 'ana', cause: 'top_up', balanceCents: 1000, version: 1, changeId: 'entry:1' },
    ]);
  });

  it('credits once whichever path sees it first: the return, the webhook and the reconciler, even together', async () => {
    const topUp = await topUpFor('ana');
    const paymentId = w.provider.pay(topUp.id, 1000, 'approved');
    const outcomes = await Promise.all([
      settlePayment(w.deps, paymentId, 'webhook'),
      settlePayment(w.deps, paymentId, 'return', topUp.claimant),
      settlePayment(w.deps, paymentId, 'reconciler'),
      settlePayment(w.deps, paymentId, 'webhook'),
    ]);
    expect(outcomes.map((o) => o.outcome).sort()).toEqual([
      'already_credited',
      'already_credited',
      'already_credited',
      'credited',
    ]);
    for (const o of outcomes) expect(o).toMatchObject({ balanceCents: 1000, amountCents: 1000 });
    expect(credits()).toEqual([expect.objectContaining({ paymentId, source: 'webhook' })]);
    expect(w.events.credited).toHaveLength(1);
  });

  it('adds to what the user already had, and credits two payments of two top-ups separately', async () => {
    await creditedTopUp('ana');
    const second = await topUpFor('ana', 500);
    const paymentId = w.provider.pay(second.id, 500, 'approved');
    expect(await settlePayment(w.deps, paymentId, 'webhook')).toEqual({
      outcome: 'credited',
      balanceCents: 1500,
      amountCents: 500,
      topUpId: expect.any(String),
    });
    expect(credits()).toHaveLength(2);
    expect(w.events.credited.map((e) => e.balanceCents)).toEqual([1000, 1500]);
  });

  it('still credits when its event cannot be announced', async () => {
    const topUp = await topUpFor('ana');
    const paymentId = w.provider.pay(topUp.id, 1000, 'approved');
    w.events.failing = true;
    expect(await settlePayment(w.deps, paymentId, 'webhook')).toMatchObject({ outcome: 'credited' });
    expect(await w.store.ledger.balanceCents('ana')).toBe(1000);
  });
});

describe('settlePayment: payments that credit nothing', () => {
  it.each(['pending', 'in_process', 'authorized', 'in_mediation'])(
    'a %s payment waits: nothing credited, its status noted; approved later, it credits',
    async (status) => {
      const topUp = await topUpFor('ana');
      const paymentId = w.provider.pay(topUp.id, 1000, status);
      expect(await settlePayment(w.deps, paymentId, 'return', topUp.claimant)).toEqual({
        outcome: 'pending',
      });
      expect(w.store.entries()).toEqual([]);
      expect(await w.store.topUps.findTopUp(topUp.id)).toMatchObject({
        status: 'pending',
        lastPaymentStatus: status,
      });
      expect(w.events.credited).toEqual([]);

      w.provider.update(paymentId, { status: 'approved' });
      expect(await settlePayment(w.deps, paymentId, 'reconciler')).toMatchObject({ outcome: 'credited' });
      expect(credits()).toEqual([expect.objectContaining({ paymentId, source: 'reconciler' })]);
    },
  );

  it('a payment seen pending tells the open statement once, and lists its top-up as pending until it settles', async () => {
    const topUp = await topUpFor('ana');
    const paymentId = w.provider.pay(topUp.id, 1000, 'pending');
    await settlePayment(w.deps, paymentId, 'webhook');
    await settlePayment(w.deps, paymentId, 'reconciler');
    expect(w.events.balance).toEqual([
      {
        userId: 'ana',
        cause: 'payment_status',
        balanceCents: null,
        version: null,
        changeId: `status:${topUp.id}:pending`,
      },
    ]);
    expect((await w.store.topUps.pendingTopUps('ana', 24)).map((t) => t.id)).toEqual([topUp.id]);

    w.provider.update(paymentId, { status: 'approved' });
    await settlePayment(w.deps, paymentId, 'webhook');
    expect(await w.store.topUps.pendingTopUps('ana', 24)).toEqual([]);
    expect(w.events.balance.map((e) => e.cause)).toEqual(['payment_status', 'top_up']);
  });

  it('a pending payment refused later leaves the pending list, and says so', async () => {
    const topUp = await topUpFor('ana');
    const paymentId = w.provider.pay(topUp.id, 1000, 'in_process');
    await settlePayment(w.deps, paymentId, 'webhook');
    w.provider.update(paymentId, { status: 'rejected' });
    await settlePayment(w.deps, paymentId, 'webhook');
    expect(await w.store.topUps.pendingTopUps('ana', 24)).toEqual([]);
    expect(w.events.balance.map((e) => e.changeId)).toEqual([
      `status:${topUp.id}:in_process`,
      `status:${topUp.id}:rejected`,
    ]);
  });

  it.each(['rejected', 'cancelled'])('a %s payment is refused, and stays refused', async (status) => {
    const topUp = await topUpFor('ana');
    const paymentId = w.provider.pay(topUp.id, 1000, status);
    expect(await settlePayment(w.deps, paymentId, 'return', topUp.claimant)).toEqual({ outcome: 'rejected' });
    expect(await settlePayment(w.deps, paymentId, 'reconciler')).toEqual({ outcome: 'rejected' });
    expect(w.store.entries()).toEqual([]);
    expect(await w.store.ledger.balanceCents('ana')).toBe(0);
    expect(await w.store.topUps.findTopUp(topUp.id)).toMatchObject({
      status: 'pending',
      lastPaymentStatus: status,
    });
    expect(w.events.credited).toEqual([]);
  });

  it.each([
    ['another amount', { amountCents: 500 }],
    ['another currency', { currencyId: 'USD' }],
  ])('an approved payment of %s than its top-up is a mismatch', async (_label, over) => {
    const topUp = await topUpFor('ana');
    const paymentId = w.provider.pay(topUp.id, 1000, 'approved', over);
    expect(await settlePayment(w.deps, paymentId, 'return', topUp.claimant)).toEqual({ outcome: 'mismatch' });
    expect(await settlePayment(w.deps, paymentId, 'webhook')).toEqual({ outcome: 'mismatch' });
    expect(w.store.entries()).toEqual([]);
    expect(await w.store.topUps.findTopUp(topUp.id)).toMatchObject({
      status: 'pending',
      lastPaymentStatus: null,
    });
    expect(w.events.credited).toEqual([]);
  });

  it("another user's payment, or one claimed with another preference, is foreign; its owner still gets it", async () => {
    const topUp = await topUpFor('ana');
    const intruder = await topUpFor('bruno');
    const paymentId = w.provider.pay(topUp.id, 1000, 'approved');
    for (const claimant of [
      intruder.claimant,
      { userId: 'bruno', preferenceId: topUp.claimant.preferenceId },
      { userId: 'ana', preferenceId: intruder.claimant.preferenceId },
    ]) {
      expect(await settlePayment(w.deps, paymentId, 'return', claimant)).toEqual({ outcome: 'foreign' });
    }
    expect(w.store.entries()).toEqual([]);
    expect(await w.store.ledger.balanceCents('bruno')).toBe(0);

    expect(await settlePayment(w.deps, paymentId, 'webhook')).toMatchObject({ outcome: 'credited' });
    expect(await w.store.ledger.balanceCents('ana')).toBe(1000);
    expect(await w.store.ledger.balanceCents('bruno')).toBe(0);
  });

  it('a payment the provider does not know, or that names no top-up of ours, is not found', async () => {
    await topUpFor('ana');
    expect(await settlePayment(w.deps, '999999', 'return')).toEqual({ outcome: 'not_found' });
    for (const reference of [null, 'not-a-uuid', randomUUID()]) {
      const paymentId = w.provider.pay(reference, 1000, 'approved');
      expect(await settlePayment(w.deps, paymentId, 'webhook')).toEqual({ outcome: 'not_found' });
    }
    expect(w.store.entries()).toEqual([]);
  });

  it('a provider that cannot be reached fails the call and changes nothing', async () => {
    const topUp = await topUpFor('ana');
    const paymentId = w.provider.pay(topUp.id, 1000, 'approved');
    w.provider.down = true;
    await expect(settlePayment(w.deps, paymentId, 'return', topUp.claimant)).rejects.toThrow('provider down');
    expect(w.store.entries()).toEqual([]);
  });
});

describe('settlePayment: refunds and chargebacks take the credit back, once', () => {
  it('a full refund reverses the whole credit once; repeats from every path change nothing', async () => {
    const { topUp, paymentId } = await creditedTopUp('ana');
    w.provider.update(paymentId, { status: 'refunded', refundedCents: 1000 });

    expect(await settlePayment(w.deps, paymentId, 'webhook')).toEqual({
      outcome: 'reversed',
      balanceCents: 0,
    });
    for (const source of ['webhook', 'reconciler'] as const)
      expect(await settlePayment(w.deps, paymentId, source)).toEqual({
        outcome: 'already_reversed',
        balanceCents: 0,
      });
    expect(await settlePayment(w.deps, paymentId, 'return', topUp.claimant)).toEqual({
      outcome: 'already_reversed',
      balanceCents: 0,
    });

    expect(reversals()).toEqual([
      {
        amountCents: -1000,
        key: `reversal:${paymentId}:1000`,
        source: 'webhook',
        reason: 'Estorno de recarga',
      },
    ]);
    expect(credits()).toHaveLength(1);
    expect(await w.store.ledger.balanceCents('ana')).toBe(0);
    expect(await w.store.topUps.findTopUp(topUp.id)).toMatchObject({
      status: 'credited',
      lastPaymentStatus: 'refunded',
    });
    expect(w.events.reversed).toEqual([
      {
        topUpId: topUp.id,
        userId: 'ana',
        paymentId,
        amountCents: 1000,
        totalReversedCents: 1000,
        balanceCents: 0,
        reason: 'refund',
      },
    ]);
    expect(w.money.reversed).toEqual([1000]);
  });

  it('a partial refund (still approved) takes back its part once; a further refund to the whole takes the rest', async () => {
    const { topUp, paymentId } = await creditedTopUp('ana');

    w.provider.update(paymentId, { refundedCents: 300 });
    for (let i = 0; i < 2; i++)
      expect(await settlePayment(w.deps, paymentId, 'webhook')).toEqual({
        outcome: 'already_credited',
        balanceCents: 700,
        amountCents: 1000,
        topUpId: expect.any(String),
      });
    expect(reversals()).toEqual([
      {
        amountCents: -300,
        key: `reversal:${paymentId}:300`,
        source: 'webhook',
        reason: 'Estorno de recarga',
      },
    ]);

    w.provider.update(paymentId, { status: 'refunded', refundedCents: 1000 });
    expect(await settlePayment(w.deps, paymentId, 'reconciler')).toEqual({
      outcome: 'reversed',
      balanceCents: 0,
    });
    expect(await settlePayment(w.deps, paymentId, 'webhook')).toEqual({
      outcome: 'already_reversed',
      balanceCents: 0,
    });
    expect(reversals()).toEqual([
      {
        amountCents: -300,
        key: `reversal:${paymentId}:300`,
        source: 'webhook',
        reason: 'Estorno de recarga',
      },
      {
        amountCents: -700,
        key: `reversal:${paymentId}:1000`,
        source: 'reconciler',
        reason: 'Estorno de recarga',
      },
    ]);
    expect(
      w.events.reversed.map(({ amountCents, totalReversedCents, balanceCents, topUpId }) => ({
        amountCents,
        totalReversedCents,
        balanceCents,
        topUpId,
      })),
    ).toEqual([
      { amountCents: 300, totalReversedCents: 300, balanceCents: 700, topUpId: topUp.id },
      { amountCents: 700, totalReversedCents: 1000, balanceCents: 0, topUpId: topUp.id },
    ]);
    expect(w.money.reversed).toEqual([300, 700]);
  });

  it('a payment first seen already partly refunded is credited and reversed in one call', async () => {
    const topUp = await topUpFor('ana');
    const paymentId = w.provider.pay(topUp.id, 1000, 'approved', { refundedCents: 250 });
    expect(await settlePayment(w.deps, paymentId, 'return', topUp.claimant)).toEqual({
      outcome: 'credited',
      balanceCents: 750,
      amountCents: 1000,
      topUpId: expect.any(String),
    });
    expect(w.events.credited).toEqual([expect.objectContaining({ paymentId, balanceCents: 1000 })]);
    expect(w.events.reversed).toEqual([
      expect.objectContaining({ paymentId, amountCents: 250, totalReversedCents: 250, balanceCents: 750 }),
    ]);
    expect(
      w.events.balance.map(({ cause, balanceCents, version }) => ({ cause, balanceCents, version })),
    ).toEqual([
      { cause: 'top_up', balanceCents: 1000, version: 1 },
      { cause: 'reversal', balanceCents: 750, version: 2 },
    ]);
  });

  it('a refund reported above the credit takes back the credit and no more', async () => {
    const { paymentId } = await creditedTopUp('ana');
    w.provider.update(paymentId, { refundedCents: 5000 });
    expect(await settlePayment(w.deps, paymentId, 'webhook')).toMatchObject({ balanceCents: 0 });
    w.provider.update(paymentId, { status: 'refunded', refundedCents: 5000 });
    expect(await settlePayment(w.deps, paymentId, 'webhook')).toEqual({
      outcome: 'already_reversed',
      balanceCents: 0,
    });
    expect(reversals().map((r) => r.amountCents)).toEqual([-1000]);
  });

  it('a chargeback after spending leaves a negative balance, said to be a chargeback', async () => {
    const { topUp, paymentId } = await creditedTopUp('ana');
    await w.store.holds.hold(
      { userId: 'ana', key: 'page:x', cents: 450, reason: 'Página de exercícios x', exclusive: false },
      { maxAgeMs: 60_000 },
    );
    expect(await w.store.holds.capture('ana', 'page:x')).toEqual({
      outcome: 'captured',
      balanceCents: 550,
      entryId: '2',
    });
    w.provider.update(paymentId, { status: 'charged_back' });

    expect(await settlePayment(w.deps, paymentId, 'webhook')).toEqual({
      outcome: 'reversed',
      balanceCents: -450,
    });
    expect(reversals()).toEqual([
      {
        amountCents: -1000,
        key: `reversal:${paymentId}:1000`,
        source: 'webhook',
        reason: 'Contestação (chargeback) de recarga',
      },
    ]);
    expect(w.events.reversed).toEqual([
      expect.objectContaining({
        topUpId: topUp.id,
        amountCents: 1000,
        balanceCents: -450,
        reason: 'chargeback',
      }),
    ]);
  });

  it.each(['refunded', 'charged_back'])(
    'a %s payment that was never credited reverses nothing: it is refused',
    async (status) => {
      const topUp = await topUpFor('ana');
      const paymentId = w.provider.pay(topUp.id, 1000, status, { refundedCents: 1000 });
      expect(await settlePayment(w.deps, paymentId, 'webhook')).toEqual({ outcome: 'rejected' });
      expect(w.store.entries()).toEqual([]);
      expect(await w.store.topUps.findTopUp(topUp.id)).toMatchObject({
        status: 'pending',
        lastPaymentStatus: status,
      });
      expect(w.events.reversed).toEqual([]);
    },
  );

  it('still reverses when its event cannot be announced', async () => {
    const { paymentId } = await creditedTopUp('ana');
    w.provider.update(paymentId, { status: 'refunded' });
    w.events.failing = true;
    expect(await settlePayment(w.deps, paymentId, 'webhook')).toEqual({
      outcome: 'reversed',
      balanceCents: 0,
    });
  });
});

describe("settlement's events on the bus", () => {
  it('are named by the payment, and a reversal by its ledger key: a repeat is dropped by JetStream', async () => {
    const bus = recordingBus();
    const deps = { ...w.deps, events: natsBillingEvents(bus) };
    const topUp = await topUpFor('ana');
    const paymentId = w.provider.pay(topUp.id, 1000, 'approved', { refundedCents: 400 });
    const payment = (await w.provider.getPayment(paymentId))!;
    await settleKnownPayment(deps, payment, 'reconciler');
    await settleKnownPayment(deps, payment, 'reconciler');

    const credited = `${Events.topupCredited.subject}:${paymentId}`;
    const reversed = `${Events.topupReversed.subject}:${paymentId}:400`;
    const all = (bus.publish.mock.calls as Array<[MessageDef<z.ZodType>, unknown, { msgID: string }]>).map(
      ([def, payload, { msgID }]) => ({
        subject: def.subject,
        payload: def.payload.parse(payload),
        msgID,
      }),
    );
    // The balance's announcements are named by their ledger entry, so a repeat is dropped too.
    expect(all.filter((e) => e.subject === Events.balanceChanged.subject).map((e) => e.msgID)).toEqual([
      `${Events.balanceChanged.subject}:entry:1`,
      `${Events.balanceChanged.subject}:entry:2`,
    ]);
    const published = all.filter((e) => e.subject !== Events.balanceChanged.subject);
    expect(published).toEqual([
      {
        subject: Events.topupCredited.subject,
        msgID: credited,
        payload: {
          eventId: credited,
          at: expect.any(String),
          topUpId: topUp.id,
          userId: 'ana',
          paymentId,
          amountCents: 1000,
          balanceCents: 1000,
        },
      },
      {
        subject: Events.topupReversed.subject,
        msgID: reversed,
        payload: {
          eventId: reversed,
          at: expect.any(String),
          topUpId: topUp.id,
          userId: 'ana',
          paymentId,
          amountCents: 400,
          totalReversedCents: 400,
          balanceCents: 600,
          reason: 'refund',
        },
      },
    ]);
  });
});
