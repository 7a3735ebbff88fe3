import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createLogger } from '@app/kit';
import { buildDevProviders } from '../../src/app.js';
import { devProvidersEnv } from '../../src/config.js';

/*
 * The Mercado Pago stand-in as billing's SDK, the payer's browser and the tests use it, in process (Fastify's inject).
 * No preference here has a notification_url, so no notification leaves the process. The clock is faked: setTimeout,
 * so the stand-in's retries of those notifications wait for ever instead of outliving the test, and Date, so that
 * payments made one after another have different dates.
 */

const config = devProvidersEnv.parse({
  DEV_PROVIDERS_URL: 'http://localhost:8090/',
  MP_WEBHOOK_SECRET: 'segredo-do-webhook',
  GOOGLE_CLIENT_ID: 'client-id',
  LOG_LEVEL: 'silent',
});
const bearer = { authorization: 'Bearer TEST-token' };
const back_urls = {
  success: 'http://localhost:8080/pagamento-sucesso',
  failure: 'http://localhost:8080/pagamento-falhou',
  pending: 'http://localhost:8080/pagamento-pendente',
};

let app: FastifyInstance;
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'Date'], now: Date.parse('2030-01-01T12:00:00Z') });
  app = await buildDevProviders(config, createLogger('dev-providers', 'silent'));
});
afterAll(async () => {
  await app.close();
  vi.useRealTimers();
});

async function call<T = Record<string, unknown>>(
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) {
  vi.setSystemTime(Date.now() + 1000);
  const res = await app.inject({ method, url, payload, headers });
  return { status: res.statusCode, body: res.json<T>() };
}

interface Preference {
  id: string;
  init_point: string;
  items: Array<{ currency_id: string }>;
}
const createPreference = async (externalReference: string, unitPrice = 10, key?: string) =>
  (
    await call<Preference>(
      'POST',
      '/checkout/preferences/',
      {
        items: [{ title: 'Saldo', quantity: 1, unit_price: unitPrice }],
        external_reference: externalReference,
        back_urls,
      },
      { ...bearer, ...(key ? { 'x-idempotency-key': key } : {}) },
    )
  ).body;
const pay = async (preferenceId: string, outcome: string) =>
  (
    await call<{ paymentId: string }>('POST', '/__dev/mercadopago/pay', {
      preferenceId,
      outcome,
      notify: false,
    })
  ).body.paymentId;
const getPayment = async (id: string) => (await call('GET', `/v1/payments/${id}`, undefined, bearer)).body;
const setStatus = (id: string, body: object) =>
  call('POST', `/__dev/mercadopago/payments/${id}/status`, { notify: false, ...body });

describe('Mercado Pago stand-in: REST API', () => {
  it('answers nothing without a bearer token, in Mercado Pago’s error shape', async () => {
    expect(await call('GET', '/v1/payments/search')).toEqual({
      status: 401,
      body: { message: 'invalid access token', error: 'unauthorized', status: 401, cause: [] },
    });
  });

  it('creates a preference once per idempotency key, with its checkout page on this process', async () => {
    const first = await createPreference('ref-idem', 10, 'chave-1');
    expect(first.init_point).toBe(
      `http://localhost:8090/checkout/v1/redirect?pref_id=${encodeURIComponent(first.id)}`,
    );
    expect(first.items[0]?.currency_id).toBe('BRL');
    expect((await createPreference('ref-other', 25, 'chave-1')).id).toBe(first.id);
    expect((await createPreference('ref-idem', 10, 'chave-2')).id).not.toBe(first.id);
    expect((await call('GET', `/checkout/preferences/${first.id}`, undefined, bearer)).body).toEqual(first);
  });

  it('searches payments by external_reference, newest first unless criteria=asc', async () => {
    const pref = await createPreference('ref-search');
    const older = await pay(pref.id, 'rejected');
    const newer = await pay(pref.id, 'approved');
    await pay((await createPreference('ref-elsewhere')).id, 'approved');
    const ids = async (query: string) =>
      (
        await call<{ results: Array<{ id: number }> }>(
          'GET',
          `/v1/payments/search?${query}`,
          undefined,
          bearer,
        )
      ).body.results.map((p) => String(p.id));
    expect(await ids('external_reference=ref-search')).toEqual([newer, older]);
    expect(await ids('external_reference=ref-search&criteria=asc')).toEqual([older, newer]);
  });
});

describe('Mercado Pago stand-in: later changes to a payment', () => {
  it('a partial refund keeps the payment approved; a refund without an amount refunds all of it', async () => {
    const id = await pay((await createPreference('ref-refund', 10)).id, 'approved');
    expect((await setStatus(id, { status: 'approved', transaction_amount_refunded: 3 })).status).toBe(200);
    expect(await getPayment(id)).toMatchObject({
      status: 'approved',
      status_detail: 'partially_refunded',
      transaction_amount_refunded: 3,
      transaction_details: { net_received_amount: 7, total_paid_amount: 10 },
    });
    expect(await setStatus(id, { status: 'approved', transaction_amount_refunded: 10.01 })).toEqual({
      status: 400,
      body: { error: 'transaction_amount_refunded exceeds transaction_amount' },
    });
    expect((await setStatus(id, { status: 'refunded' })).body).toEqual({
      paymentId: id,
      status: 'refunded',
      transactionAmountRefunded: 10,
    });
    expect(await getPayment(id)).toMatchObject({ status: 'refunded', status_detail: 'refunded' });
  });
});

describe('Mercado Pago stand-in: the refund API (POST /v1/payments/{id}/refunds)', () => {
  const refund = (id: string, body: object, key?: string) =>
    call('POST', `/v1/payments/${id}/refunds`, body, {
      ...bearer,
      ...(key ? { 'x-idempotency-key': key } : {}),
    });

  it('refunds the whole payment with an empty body (201, the refund resource), once per X-Idempotency-Key', async () => {
    const id = await pay((await createPreference('ref-refund-api', 10)).id, 'approved');
    const first = await refund(id, {}, 'devolver-1');
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      payment_id: Number(id),
      amount: 10,
      status: 'approved',
      refund_mode: 'standard',
      amount_refunded_to_payer: 10,
      source: { type: 'collector' },
    });
    expect(typeof first.body.id).toBe('number');
    expect(await getPayment(id)).toMatchObject({ status: 'refunded', transaction_amount_refunded: 10 });
    // The same key answers the same refund; another key finds nothing left to refund.
    expect(await refund(id, {}, 'devolver-1')).toEqual(first);
    expect((await refund(id, {}, 'devolver-2')).status).toBe(400);
    expect((await call('GET', `/v1/payments/${id}/refunds`, undefined, bearer)).body).toEqual([first.body]);
  });

  it('a partial refund keeps the payment approved; an unknown payment is 404, no token 401', async () => {
    const id = await pay((await createPreference('ref-refund-part', 10)).id, 'approved');
    expect((await refund(id, { amount: 4 }, 'parte-1')).status).toBe(201);
    expect(await getPayment(id)).toMatchObject({ status: 'approved', transaction_amount_refunded: 4 });
    expect((await refund(id, { amount: 7 }, 'parte-2')).status).toBe(400);
    expect((await refund('999', {}, 'x')).status).toBe(404);
    expect((await call('POST', `/v1/payments/${id}/refunds`, {})).status).toBe(401);
    const rejected = await pay((await createPreference('ref-refund-rejected', 10)).id, 'rejected');
    expect((await refund(rejected, {}, 'rejeitado')).status).toBe(400);
  });
});

describe('Mercado Pago stand-in: Checkout Pro page', () => {
  it("the payer approves on the page and is sent back to back_urls.success with Mercado Pago's query", async () => {
    const pref = await createPreference('ref-page', 12.5);
    const page = await app.inject({
      method: 'GET',
      url: new URL(pref.init_point).pathname + new URL(pref.init_point).search,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toMatch(/<span>Total<\/span><strong>R\$\s12,50<\/strong>/);
    expect(page.body).toContain('Aprovar pagamento');

    const paid = await app.inject({
      method: 'POST',
      url: '/checkout/v1/redirect/pay',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ pref_id: pref.id, outcome: 'approved' }).toString(),
    });
    expect(paid.statusCode).toBe(303);
    const back = new URL(paid.headers.location as string);
    expect(back.origin + back.pathname).toBe(back_urls.success);
    const paymentId = back.searchParams.get('payment_id')!;
    expect(Object.fromEntries(back.searchParams)).toMatchObject({
      collection_id: paymentId,
      collection_status: 'approved',
      status: 'approved',
      external_reference: 'ref-page',
      preference_id: pref.id,
      site_id: 'MLB',
    });
    expect(await getPayment(paymentId)).toMatchObject({ status: 'approved', transaction_amount: 12.5 });
  });
});
