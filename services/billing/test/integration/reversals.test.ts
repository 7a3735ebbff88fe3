import { createHmac, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Msg, processPayment, Rpc } from '@app/contracts';
import type { Bus } from '@app/kit';
import {
  balanceOf,
  buyPage,
  call,
  connectBus,
  createActiveUser,
  createTopUpPreference,
  drainMail,
  emailsTo,
  generatePageCode,
  payPreference,
  resendPaymentNotification,
  setPaymentStatus,
  type TestSession,
  topUp,
  userIdOf,
  waitForEmail,
  waitUntilConsumed,
} from '@app/testing';

const stack = inject('stack');
const db = new pg.Client({ connectionString: stack.databaseUrl });
let bus: Bus;

beforeAll(async () => {
  await db.connect();
  bus = await connectBus(stack, 'billing-reversals-test');
});
afterAll(async () => {
  await bus.drain();
  await db.end();
});

const CREDIT_SUBJECT = 'Saldo adicionado';
const REVERSAL_SUBJECT = 'Estorno de saldo';

const topUpOf = async (preferenceId: string) => {
  const { rows } = await db.query(`SELECT id, checked_at FROM billing.top_ups WHERE preference_id = $1`, [
    preferenceId,
  ]);
  return rows[0] as { id: string; checked_at: Date | null };
};

const checkedAt = async (preferenceId: string) => (await topUpOf(preferenceId)).checked_at?.getTime() ?? 0;

/**
 * Waits until a whole reconciler pass has run since this call, seen on a top-up it claims (pending, or credited and
 * not fully reversed): a pass claims it (checked_at = now()) before asking the provider, passes never overlap, so a
 * second claim seen here means the pass that made the first one has finished.
 */
async function reconcilerPassOver(preferenceId: string, timeout = 60_000) {
  const before = await checkedAt(preferenceId);
  await expect.poll(() => checkedAt(preferenceId), { timeout }).toBeGreaterThan(before);
  const first = await checkedAt(preferenceId);
  await expect.poll(() => checkedAt(preferenceId), { timeout }).toBeGreaterThan(first);
}

const creditOf = async (paymentId: string) => {
  const { rows } = await db.query(
    `SELECT amount_cents, source FROM billing.ledger_entries WHERE payment_id = $1 AND kind = 'credit'`,
    [paymentId],
  );
  return rows as Array<{ amount_cents: number; source: string }>;
};

const reversalsOf = async (paymentId: string) => {
  const { rows } = await db.query(
    `SELECT amount_cents, source, idempotency_key FROM billing.ledger_entries
      WHERE reversed_payment_id = $1 AND kind = 'reversal' ORDER BY id`,
    [paymentId],
  );
  return rows as Array<{ amount_cents: number; source: string; idempotency_key: string }>;
};

/** Every top-up email to `email` so far, once the mail pipeline has handled everything published until now. */
async function settledEmails(email: string, subject: string) {
  await waitUntilConsumed(stack, 'EVENTS', 'mail-topup-credited');
  await waitUntilConsumed(stack, 'EVENTS', 'mail-topup-reversed');
  await drainMail(stack);
  return (await emailsTo(stack.mailApiUrl, email)).filter((m) => m.subject.startsWith(subject));
}

/** A credited top-up of `reais`, through the payer's return (processPayment). */
async function creditedTopUp(session: TestSession, reais: number) {
  const preference = await createTopUpPreference(stack, session.token, reais);
  const { paymentId } = await payPreference(stack, preference.id, 'approved');
  const res = await call<{ balance: number }>(stack.gatewayUrl, processPayment, {
    token: session.token,
    body: { preferenceId: preference.id, paymentId },
  });
  expect(res.status).toBe(200);
  return { preference, paymentId };
}

const buyAs = (session: TestSession, code: string) => buyPage(stack, session.token, code);

describe("Mercado Pago's documented notification, built by hand", () => {
  it('is accepted by the gateway and credits the payment at once (the webhook, not the reconciler)', async () => {
    const session = await createActiveUser(stack);
    const preference = await createTopUpPreference(stack, session.token, 10);
    // Keep the reconciler off this top-up (it claims only top-ups not looked at for an interval), and let any pass
    // already in flight finish (seen on a second, ordinary pending top-up): only the webhook can credit it now.
    await db.query(
      `UPDATE billing.top_ups SET checked_at = now() + interval '1 day' WHERE preference_id = $1`,
      [preference.id],
    );
    const sentinel = await createTopUpPreference(stack, session.token, 5);
    await reconcilerPassOver(sentinel.id);
    // Paid on the stand-in without its own notification.
    const { paymentId } = await payPreference(stack, preference.id, 'approved', { notify: false });

    // Mercado Pago's documentation: POST <notification_url>?data.id=123456&type=payment with `x-request-id` and
    // `x-signature: ts=1704908010,v1=<hex>`; v1 = HMAC-SHA256(secret, "id:<data.id>;request-id:<x-request-id>;ts:<ts>;"),
    // ts in Unix seconds. The same, with this payment's id and the current second.
    const ts = String(Math.floor(Date.now() / 1000));
    const requestId = randomUUID();
    const v1 = createHmac('sha256', stack.secrets.MP_WEBHOOK_SECRET)
      .update(`id:${paymentId};request-id:${requestId};ts:${ts};`)
      .digest('hex');
    const res = await fetch(
      `${stack.gatewayUrl}/api/webhooks/mercadopago?data.id=${paymentId}&type=payment`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-request-id': requestId,
          'x-signature': `ts=${ts},v1=${v1}`,
        },
        body: JSON.stringify({
          action: 'payment.updated',
          api_version: 'v1',
          data: { id: paymentId },
          date_created: new Date().toISOString(),
          id: 123456,
          live_mode: false,
          type: 'payment',
          user_id: 724484980,
        }),
      },
    );
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'SUCCESS', message: Msg.webhookReceived });

    await expect.poll(() => balanceOf(stack, session.token), { timeout: 15_000 }).toBe(10);
    expect(await creditOf(paymentId)).toEqual([{ amount_cents: 1000, source: 'webhook' }]);

    // One email for the credit, with the amount and the new balance.
    const mail = await waitForEmail(stack.mailApiUrl, session.email, (m) =>
      m.subject.startsWith(CREDIT_SUBJECT),
    );
    expect(mail.text).toContain('adicionamos R$ 10,00 ao seu saldo');
    expect(mail.text).toContain('Seu saldo agora é R$ 10,00.');
    expect(await settledEmails(session.email, CREDIT_SUBJECT)).toHaveLength(1);
  });
});

describe('refunds and chargebacks reverse the credit, once', () => {
  it('a full refund, notified like Mercado Pago: the credit is taken back once; replays and passes change nothing', async () => {
    const session = await createActiveUser(stack);
    const { preference, paymentId } = await creditedTopUp(session, 10);
    // The webhook and the reconciler's re-check race to see the refund: either may write its one reversal.
    const path = expect.stringMatching(/^(webhook|reconciler)$/);
    expect(await balanceOf(stack, session.token)).toBe(10);
    const before = await bus.request(Rpc.billingStats, {});

    await setPaymentStatus(stack, paymentId, 'refunded');
    await expect.poll(() => balanceOf(stack, session.token), { timeout: 15_000 }).toBe(0);
    expect(await reversalsOf(paymentId)).toEqual([
      { amount_cents: -1000, source: path, idempotency_key: `reversal:${paymentId}:1000` },
    ]);

    // The same notification again, the payer's return with the same payment, and reconciler passes.
    expect((await resendPaymentNotification(stack, paymentId)).delivered).toBe(true);
    const again = await call(stack.gatewayUrl, processPayment, {
      token: session.token,
      body: { preferenceId: preference.id, paymentId },
    });
    expect(again.status).toBe(402);
    const sentinel = await createTopUpPreference(stack, session.token, 5);
    await reconcilerPassOver(sentinel.id);
    expect(await balanceOf(stack, session.token)).toBe(0);
    expect(await reversalsOf(paymentId)).toHaveLength(1);
    expect(await creditOf(paymentId)).toHaveLength(1);

    const after = await bus.request(Rpc.billingStats, {});
    expect(after.paymentsReversed - before.paymentsReversed).toBe(1);

    const reversal = await waitForEmail(stack.mailApiUrl, session.email, (m) =>
      m.subject.startsWith(REVERSAL_SUBJECT),
    );
    expect(reversal.subject).toContain('R$ 10,00');
    expect(reversal.text).toContain('foi estornado, e por isso retiramos R$ 10,00 do seu saldo');
    expect(reversal.text).toContain('Seu saldo agora é R$ 0,00.');
    expect(await settledEmails(session.email, REVERSAL_SUBJECT)).toHaveLength(1);
    expect(await settledEmails(session.email, CREDIT_SUBJECT)).toHaveLength(1);
  }, 120_000);

  it('a partial refund, then a further refund to the full amount: two reversals, each once', async () => {
    const session = await createActiveUser(stack);
    const { preference, paymentId } = await creditedTopUp(session, 10);

    // Mercado Pago keeps a partially refunded payment 'approved' and reports transaction_amount_refunded.
    // The webhook and the reconciler's re-check race to see each refund state: either may write its one reversal.
    const path = expect.stringMatching(/^(webhook|reconciler)$/);
    await setPaymentStatus(stack, paymentId, 'approved', true, 3);
    await expect.poll(() => balanceOf(stack, session.token), { timeout: 15_000 }).toBe(7);
    // Still credited and not wholly reversed, the top-up stays under the reconciler's eye: its passes (and a
    // replayed notification) find the same refund state and reverse nothing more.
    expect((await resendPaymentNotification(stack, paymentId)).delivered).toBe(true);
    await reconcilerPassOver(preference.id);
    expect(await balanceOf(stack, session.token)).toBe(7);
    expect(await reversalsOf(paymentId)).toEqual([
      { amount_cents: -300, source: path, idempotency_key: `reversal:${paymentId}:300` },
    ]);

    await setPaymentStatus(stack, paymentId, 'refunded', true, 10);
    await expect.poll(() => balanceOf(stack, session.token), { timeout: 15_000 }).toBe(0);
    expect((await resendPaymentNotification(stack, paymentId)).delivered).toBe(true);
    expect(await reversalsOf(paymentId)).toEqual([
      { amount_cents: -300, source: path, idempotency_key: `reversal:${paymentId}:300` },
      { amount_cents: -700, source: path, idempotency_key: `reversal:${paymentId}:1000` },
    ]);

    await waitForEmail(stack.mailApiUrl, session.email, (m) => m.subject.includes('R$ 7,00'));
    const emails = await settledEmails(session.email, REVERSAL_SUBJECT);
    expect(emails.map((m) => m.subject).sort()).toEqual([
      `${REVERSAL_SUBJECT}: R$ 3,00 — Exercícios de Matemática`,
      `${REVERSAL_SUBJECT}: R$ 7,00 — Exercícios de Matemática`,
    ]);
    expect(emails.find((m) => m.subject.includes('R$ 3,00'))!.text).toContain('Seu saldo agora é R$ 7,00.');
    expect(emails.find((m) => m.subject.includes('R$ 7,00'))!.text).toContain('Seu saldo agora é R$ 0,00.');
  }, 120_000);

  it('a refund whose notification never arrives is reversed by the reconciler, once', async () => {
    const session = await createActiveUser(stack);
    const { preference, paymentId } = await creditedTopUp(session, 5);
    await setPaymentStatus(stack, paymentId, 'refunded', false);
    await expect.poll(() => balanceOf(stack, session.token), { timeout: 60_000 }).toBe(0);
    expect(await reversalsOf(paymentId)).toEqual([
      { amount_cents: -500, source: 'reconciler', idempotency_key: `reversal:${paymentId}:500` },
    ]);
    // Wholly refunded: later passes no longer claim it (a sentinel shows they ran).
    const before = await checkedAt(preference.id);
    const sentinel = await createTopUpPreference(stack, session.token, 5);
    await reconcilerPassOver(sentinel.id);
    expect(await checkedAt(preference.id)).toBe(before);
    expect(await reversalsOf(paymentId)).toHaveLength(1);
    expect(await balanceOf(stack, session.token)).toBe(0);
  }, 120_000);

  it('a chargeback after spending leaves a negative balance: buying is refused until a top-up covers it', async () => {
    const session = await createActiveUser(stack);
    const userId = await userIdOf(stack, session.token);
    const { paymentId } = await creditedTopUp(session, 5);
    // Spends R$ 4,50 of the R$ 5,00.
    const key = `set:${randomUUID()}`;
    await bus.request(Rpc.billingHold, { userId, key, cents: 450, reason: 'test: spend R$ 4,50' });
    const spent = await bus.request(Rpc.billingCapture, { userId, key });
    expect(spent).toEqual({ outcome: 'captured', balanceCents: 50 });

    // The webhook and the reconciler's re-check race to see the chargeback: either may write its one reversal.
    const path = expect.stringMatching(/^(webhook|reconciler)$/);
    await setPaymentStatus(stack, paymentId, 'charged_back');
    await expect.poll(() => balanceOf(stack, session.token), { timeout: 15_000 }).toBe(-4.5);
    expect(await reversalsOf(paymentId)).toEqual([
      { amount_cents: -500, source: path, idempotency_key: `reversal:${paymentId}:500` },
    ]);
    const mail = await waitForEmail(stack.mailApiUrl, session.email, (m) =>
      m.subject.startsWith(REVERSAL_SUBJECT),
    );
    expect(mail.text).toContain('chargeback');
    expect(mail.text).toContain('Seu saldo agora é \u2212 R$ 4,50.');

    const code = await generatePageCode(stack, session.token);
    const refused = await buyAs(session, code);
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({
      status: 'ERROR',
      message: 'Saldo insuficiente para comprar esta página',
    });
    expect(await balanceOf(stack, session.token)).toBe(-4.5);

    // R$ 5,00 brings it to R$ 0,50: exactly one page.
    expect(await topUp(stack, session.token, 5)).toBe(0.5);
    const bought = await buyAs(session, code);
    expect(bought.status).toBe(200);
    expect(await balanceOf(stack, session.token)).toBe(0);
    expect(await settledEmails(session.email, REVERSAL_SUBJECT)).toHaveLength(1);
    expect(await settledEmails(session.email, CREDIT_SUBJECT)).toHaveLength(2);
  }, 120_000);

  it('the database refuses a debit that would take the balance below zero, but not a reversal', async () => {
    const session = await createActiveUser(stack);
    const userId = await userIdOf(stack, session.token);
    await creditedTopUp(session, 5);
    // Bypassing the code: a debit entry and its balance change in one transaction, leaving − R$ 1,00.
    await db.query('BEGIN');
    await db.query(
      `INSERT INTO billing.ledger_entries (user_id, kind, amount_cents, idempotency_key, reason)
       VALUES ($1, 'debit', -600, $2, 'test: overdraw')`,
      [userId, randomUUID()],
    );
    await db.query(`UPDATE billing.balances SET balance_cents = balance_cents - 600 WHERE user_id = $1`, [
      userId,
    ]);
    await expect(db.query('COMMIT')).rejects.toThrow(/below zero/);
    expect(await balanceOf(stack, session.token)).toBe(5);
    // A purchase's hold answers insufficient for it, as before.
    expect(
      await bus.request(Rpc.billingHold, { userId, key: `page:${randomUUID()}`, cents: 600, reason: 'test' }),
    ).toEqual({ outcome: 'insufficient', availableCents: 500 });
  });
});
