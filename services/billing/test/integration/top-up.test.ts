import { createHmac, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createPreference, ErrorCode, mercadoPagoWebhook, Msg, processPayment, Rpc } from '@app/contracts';
import type { Bus } from '@app/kit';
import {
  balanceOf,
  call,
  connectBus,
  createActiveUser,
  createTopUpPreference,
  payPreference,
  resendPaymentNotification,
  setPaymentStatus,
  topUp,
  type TestSession,
  userIdOf,
} from '@app/testing';

const stack = inject('stack');
const db = new pg.Client({ connectionString: stack.databaseUrl });
let bus: Bus;

beforeAll(async () => {
  await db.connect();
  bus = await connectBus(stack, 'billing-top-up-test');
});
afterAll(async () => {
  await bus.drain();
  await db.end();
});

const pay = (token: string, preferenceId: string, paymentId: string) =>
  call<{ credited: boolean; balance: number }>(stack.gatewayUrl, processPayment, {
    token,
    body: { preferenceId, paymentId },
  });

const creditsOf = async (paymentId: string) =>
  Number(
    (await db.query(`SELECT count(*) AS n FROM billing.ledger_entries WHERE payment_id = $1`, [paymentId]))
      .rows[0].n,
  );

/** When the reconciler last claimed the top-up of a preference (ms since the epoch; 0 if never). */
const checkedAt = async (preferenceId: string) => {
  const { rows } = await db.query(`SELECT checked_at FROM billing.top_ups WHERE preference_id = $1`, [
    preferenceId,
  ]);
  return (rows[0]?.checked_at as Date | null)?.getTime() ?? 0;
};

/**
 * Waits until a whole reconciler pass has run since this call, seen on a pending top-up: a pass claims it
 * (checked_at = now()) before asking the provider, passes never overlap and claim a top-up again only a full
 * interval later, so a second claim seen here means the pass that made the first one has finished.
 */
async function reconcilerPassOver(preferenceId: string) {
  const before = await checkedAt(preferenceId);
  await expect.poll(() => checkedAt(preferenceId), { timeout: 30_000 }).toBeGreaterThan(before);
  const first = await checkedAt(preferenceId);
  await expect.poll(() => checkedAt(preferenceId), { timeout: 30_000 }).toBeGreaterThan(first);
}

/** Now in Unix seconds: what Mercado Pago puts in the signature's `ts`. */
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Signs a notification as Mercado Pago does (ts in Unix seconds, now unless told), with the stack's webhook secret. */
function signedWebhook(
  dataId: string,
  {
    secret = stack.secrets.MP_WEBHOOK_SECRET,
    ts = String(nowSeconds()),
  }: { secret?: string; ts?: string } = {},
) {
  const requestId = randomUUID();
  const v1 = createHmac('sha256', secret)
    .update(`id:${dataId};request-id:${requestId};ts:${ts};`)
    .digest('hex');
  return { 'x-request-id': requestId, 'x-signature': `ts=${ts},v1=${v1}` };
}

const postWebhook = (
  dataId: string,
  headers: Record<string, string>,
  body: unknown = { type: 'payment', data: { id: dataId } },
) =>
  call(stack.gatewayUrl, mercadoPagoWebhook, {
    query: { 'data.id': dataId, type: 'payment' },
    headers,
    body,
  });

describe('top-up through Mercado Pago (the stand-in)', () => {
  let user: TestSession;
  beforeAll(async () => {
    user = await createActiveUser(stack);
  });

  it.each([
    ['4', 4],
    ['21', 21],
    ['10.5', 10.5],
    ['"10" (a string)', '10'],
    ['[10] (an array)', [10]],
    ['null', null],
  ])('refuses the amount %s with the pt-BR message and creates nothing', async (_label, amount) => {
    const res = await call(stack.gatewayUrl, createPreference, { token: user.token, body: { amount } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      status: 'ERROR',
      message: Msg.invalidAmount,
      code: ErrorCode.VALIDATION,
    });
  });

  it('refuses a missing amount and an anonymous caller', async () => {
    const missing = await call(stack.gatewayUrl, createPreference, { token: user.token, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe(Msg.invalidAmount);
    const anonymous = await call(stack.gatewayUrl, createPreference, { body: { amount: 10 } });
    expect(anonymous.status).toBe(401);
  });

  it('a full top-up of R$ 10,00: preference, checkout page, approved payment, processPayment, balance', async () => {
    const session = await createActiveUser(stack);
    expect(await balanceOf(stack, session.token)).toBe(0);
    const preference = await createTopUpPreference(stack, session.token, 10);
    expect(preference.init_point.startsWith(stack.devProvidersUrl)).toBe(true);

    const checkout = await (await fetch(preference.init_point)).text();
    expect(checkout).toContain('Aprovar pagamento');
    expect(checkout).toContain('Recusar pagamento');
    expect(checkout).toMatch(/R\$\s10,00/);
    expect(checkout).toContain(Msg.topUpItemTitle);

    const { paymentId, redirectUrl } = await payPreference(stack, preference.id, 'approved');
    const back = new URL(redirectUrl!);
    expect(`${back.origin}${back.pathname}`).toBe(`${stack.gatewayUrl}/pagamento-sucesso`);
    expect(back.searchParams.get('payment_id')).toBe(paymentId);
    expect(back.searchParams.get('preference_id')).toBe(preference.id);
    expect(back.searchParams.get('status')).toBe('approved');
    expect(back.searchParams.get('collection_status')).toBe('approved');

    const res = await pay(session.token, preference.id, paymentId);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('SUCCESS');
    expect(res.body.payload!.balance).toBe(10);
    expect([Msg.paymentCredited, Msg.paymentAlreadyCredited]).toContain(res.body.message);
    expect(await balanceOf(stack, session.token)).toBe(10);
    expect(await creditsOf(paymentId)).toBe(1);
  });

  it('50 concurrent processPayment calls plus the webhook credit the payment once', async () => {
    const session = await createActiveUser(stack);
    const preference = await createTopUpPreference(stack, session.token, 10);
    // Pending first, approved silently: every crediting path then races for the same approved payment.
    const { paymentId } = await payPreference(stack, preference.id, 'pending');
    await setPaymentStatus(stack, paymentId, 'approved', false);

    const [notification, ...answers] = await Promise.all([
      resendPaymentNotification(stack, paymentId),
      ...Array.from({ length: 50 }, () => pay(session.token, preference.id, paymentId)),
    ]);
    expect(notification.status).toBe(200);
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.body.payload!.balance).toBe(10);
    }
    expect(answers.filter((a) => a.body.payload!.credited).length).toBeLessThanOrEqual(1);
    expect(
      answers
        .filter((a) => !a.body.payload!.credited)
        .every((a) => a.body.message === Msg.paymentAlreadyCredited),
    ).toBe(true);
    expect(await balanceOf(stack, session.token)).toBe(10);
    expect(await creditsOf(paymentId)).toBe(1);

    // And later repeats stay harmless.
    await resendPaymentNotification(stack, paymentId);
    expect((await pay(session.token, preference.id, paymentId)).body.message).toBe(
      Msg.paymentAlreadyCredited,
    );
    expect(await balanceOf(stack, session.token)).toBe(10);
  });

  it("another user's payment credits nothing to the caller", async () => {
    const owner = await createActiveUser(stack);
    const intruder = await createActiveUser(stack);
    const ownersPreference = await createTopUpPreference(stack, owner.token, 10);
    const { paymentId } = await payPreference(stack, ownersPreference.id, 'approved');
    const intrudersPreference = await createTopUpPreference(stack, intruder.token, 10);

    for (const preferenceId of [ownersPreference.id, intrudersPreference.id]) {
      const res = await pay(intruder.token, preferenceId, paymentId);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({
        status: 'ERROR',
        message: Msg.paymentNotFound,
        code: ErrorCode.PAYMENT_NOT_CREDITED,
      });
    }
    expect(await balanceOf(stack, intruder.token)).toBe(0);
    // The payment still belongs to its owner (the stand-in's webhook credits it).
    await expect.poll(() => balanceOf(stack, owner.token), { timeout: 15_000 }).toBe(10);
  });

  it('a payment id Mercado Pago does not know credits nothing', async () => {
    const preference = await createTopUpPreference(stack, user.token, 5);
    const res = await pay(user.token, preference.id, '999999999999');
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(Msg.paymentNotFound);
  });

  // That later reconciler passes never credit it either: test/unit/reconcile-top-ups.test.ts.
  it('a rejected payment credits nothing', async () => {
    const session = await createActiveUser(stack);
    const preference = await createTopUpPreference(stack, session.token, 10);
    const { paymentId, redirectUrl } = await payPreference(stack, preference.id, 'rejected');
    expect(new URL(redirectUrl!).pathname).toBe('/adicionar-saldo');
    const res = await pay(session.token, preference.id, paymentId);
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({
      status: 'ERROR',
      message: Msg.paymentRejected,
      code: ErrorCode.PAYMENT_NOT_CREDITED,
    });
    expect(await balanceOf(stack, session.token)).toBe(0);
    expect(await creditsOf(paymentId)).toBe(0);
  });

  it('an approved payment of another amount or currency than its top-up credits nothing', async () => {
    const session = await createActiveUser(stack);
    for (const override of [{ transactionAmount: 5 }, { currencyId: 'USD' }]) {
      const preference = await createTopUpPreference(stack, session.token, 10);
      const { paymentId } = await payPreference(stack, preference.id, 'approved', override);
      const res = await pay(session.token, preference.id, paymentId);
      expect(res.status).toBe(422);
      expect(res.body.message).toBe(Msg.paymentMismatch);
      expect(await creditsOf(paymentId)).toBe(0);
    }
    expect(await balanceOf(stack, session.token)).toBe(0);
  });

  it('a pending payment credits nothing until approved; then the reconciler credits it once', async () => {
    const session = await createActiveUser(stack);
    const preference = await createTopUpPreference(stack, session.token, 10);
    const { paymentId } = await payPreference(stack, preference.id, 'pending');
    const res = await pay(session.token, preference.id, paymentId);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({
      status: 'ERROR',
      message: Msg.paymentPending,
      code: ErrorCode.PAYMENT_NOT_CREDITED,
    });
    await reconcilerPassOver(preference.id);
    expect(await balanceOf(stack, session.token)).toBe(0);

    // Approved without a notification and without the payer coming back: only the reconciler can see it.
    // Another pending top-up shows the reconciler's passes once this one is credited (and no longer claimed).
    const sentinel = await createTopUpPreference(stack, session.token, 5);
    await setPaymentStatus(stack, paymentId, 'approved', false);
    await expect.poll(() => balanceOf(stack, session.token), { timeout: 30_000 }).toBe(10);
    // The pass that credited it has finished, and later passes no longer claim a credited top-up.
    await reconcilerPassOver(sentinel.id);
    expect(await balanceOf(stack, session.token)).toBe(10);
    expect(await creditsOf(paymentId)).toBe(1);
  });

  it('refuses a webhook with a bad, missing or expired signature', async () => {
    const session = await createActiveUser(stack);
    const preference = await createTopUpPreference(stack, session.token, 10);
    const { paymentId } = await payPreference(stack, preference.id, 'pending');

    const cases: Array<Record<string, string>> = [
      {},
      { 'x-request-id': randomUUID(), 'x-signature': `ts=${nowSeconds()},v1=${'0'.repeat(64)}` },
      signedWebhook(paymentId, { secret: 'not-the-webhook-secret' }),
      { ...signedWebhook(paymentId), 'x-request-id': randomUUID() },
      signedWebhook(`${paymentId}1`),
      // Genuine, but signed more than 5 minutes ago (a replay) or more than 5 minutes ahead.
      signedWebhook(paymentId, { ts: String(nowSeconds() - 5 * 60 - 5) }),
      signedWebhook(paymentId, { ts: String(nowSeconds() - 24 * 3600) }),
      signedWebhook(paymentId, { ts: String(nowSeconds() + 5 * 60 + 5) }),
      // A ts in milliseconds (what mercadopago 2.13 wanted) is read as seconds: far in the future.
      signedWebhook(paymentId, { ts: String(Date.now()) }),
    ];
    for (const headers of cases) {
      const res = await postWebhook(paymentId, headers);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ status: 'ERROR', message: Msg.webhookSignatureInvalid });
    }
    // Signed for one id, carrying another in the body.
    const mixed = await postWebhook(paymentId, signedWebhook(paymentId), {
      type: 'payment',
      data: { id: '123' },
    });
    expect(mixed.status).toBe(400);

    const genuine = await postWebhook(paymentId, signedWebhook(paymentId));
    expect(genuine.status).toBe(200);
    // Within the tolerance a notification Mercado Pago retried a little later is still accepted.
    const retried = await postWebhook(
      paymentId,
      signedWebhook(paymentId, { ts: String(nowSeconds() - 4 * 60) }),
    );
    expect(retried.status).toBe(200);
    expect(genuine.body).toMatchObject({ status: 'SUCCESS', message: Msg.webhookReceived });
    expect(await balanceOf(stack, session.token)).toBe(0); // still pending: nothing to credit
  });

  it('announces topup.created and topup.credited, and counts payments exactly', async () => {
    const session = await createActiveUser(stack);
    const userId = await userIdOf(stack, session.token);
    const seen: string[] = [];
    const sub = bus.nc.subscribe(bus.subject('events.billing.topup.>'), {
      callback: (_err, msg) => {
        if ((JSON.parse(msg.string()) as { userId: string }).userId === userId)
          seen.push(msg.subject.split('.').pop()!);
      },
    });
    await topUp(stack, session.token, 7);
    await createTopUpPreference(stack, session.token, 5);
    await expect.poll(() => seen.length, { timeout: 15_000 }).toBe(3);
    sub.unsubscribe();
    expect(seen.sort()).toEqual(['created', 'created', 'credited']);

    const stats = await bus.request(Rpc.billingStats, {});
    const counts = (
      await db.query(
        `SELECT count(*) AS total, count(*) FILTER (WHERE status = 'credited') AS credited,
                (SELECT count(DISTINCT top_up_id) FROM billing.ledger_entries WHERE kind = 'reversal') AS reversed
           FROM billing.top_ups`,
      )
    ).rows[0];
    expect(stats).toEqual({
      totalPayments: Number(counts.total),
      paymentsFinished: Number(counts.credited),
      paymentsPending: Number(counts.total) - Number(counts.credited),
      paymentsReversed: Number(counts.reversed),
    });
  });
});
