import { createHmac, randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { DevProvidersConfig } from './config.js';

/**
 * Mercado Pago stand-in (design.md): the part of the REST API the official `mercadopago` SDK calls, a Checkout Pro
 * page at the preference's init_point, the redirect back with Mercado Pago's query parameters, and webhooks signed
 * like the real ones. State lives in this process's memory: it is a development stand-in.
 *
 * Programmatic (tests): POST /__dev/mercadopago/pay {preferenceId, outcome} → {paymentId};
 * POST /__dev/mercadopago/payments/:id/status {status, transaction_amount_refunded?, notify?} changes a payment
 * later (a refund, a partial refund, a chargeback) and notifies like Mercado Pago;
 * POST /__dev/mercadopago/payments/:id/notify re-sends its notification.
 */

const COLLECTOR_ID = 1234567890;
const SITE_ID = 'MLB';

const Item = z
  .object({
    id: z.string().optional(),
    title: z.string().min(1),
    quantity: z.number().int().positive(),
    unit_price: z.number().positive(),
    currency_id: z.string().optional(),
  })
  .loose();

const PreferenceBody = z
  .object({
    items: z.array(Item).min(1),
    external_reference: z.string().optional(),
    back_urls: z
      .object({ success: z.url().optional(), failure: z.url().optional(), pending: z.url().optional() })
      .optional(),
    auto_return: z.enum(['approved', 'all']).optional(),
    notification_url: z.url().optional(),
    expires: z.boolean().optional(),
    expiration_date_to: z.string().optional(),
  })
  .loose();
type PreferenceBody = z.infer<typeof PreferenceBody>;

interface StoredPreference extends PreferenceBody {
  id: string;
  collector_id: number;
  client_id: string;
  date_created: string;
  init_point: string;
  sandbox_init_point: string;
  operation_type: 'regular_payment';
}

const Outcome = z.enum(['approved', 'rejected', 'pending']);
type Outcome = z.infer<typeof Outcome>;
const PaymentStatus = z.enum([
  'approved',
  'rejected',
  'pending',
  'in_process',
  'cancelled',
  'refunded',
  'charged_back',
]);
type PaymentStatus = z.infer<typeof PaymentStatus>;

const STATUS_DETAIL: Record<PaymentStatus, string> = {
  approved: 'accredited',
  rejected: 'cc_rejected_other_reason',
  pending: 'pending_waiting_payment',
  in_process: 'pending_contingency',
  cancelled: 'expired',
  refunded: 'refunded',
  charged_back: 'settled',
};
/** What Mercado Pago reports for an approved payment of which part was refunded (status stays 'approved'). */
const PARTIALLY_REFUNDED = 'partially_refunded';

interface StoredPayment {
  id: number;
  preferenceId: string;
  merchantOrderId: number;
  status: PaymentStatus;
  dateCreated: string;
  dateApproved: string | null;
  dateLastUpdated: string;
  transactionAmount: number;
  /** `transaction_amount_refunded`, in reais like Mercado Pago's amounts. */
  amountRefunded: number;
  currencyId: string;
}

const PayBody = z.object({
  preferenceId: z.string().min(1),
  outcome: Outcome,
  /** Test hooks for the money rules: a payment of another amount or currency than the preference's. */
  transactionAmount: z.number().positive().optional(),
  currencyId: z.string().length(3).optional(),
  /** false: no notification at all (as when Mercado Pago's never arrives). */
  notify: z.boolean().default(true),
});
const StatusBody = z.object({
  status: PaymentStatus,
  /**
   * Mercado Pago's field, in reais: what has been refunded of the payment so far. Unset: the whole amount for
   * 'refunded', unchanged otherwise. A partial refund is `{status: 'approved', transaction_amount_refunded: 3}`.
   */
  transaction_amount_refunded: z.number().min(0).optional(),
  notify: z.boolean().default(true),
});
const PaymentParams = z.object({ id: z.coerce.number().int().positive() });

export async function registerMercadoPago(app: FastifyInstance, config: DevProvidersConfig): Promise<void> {
  const preferences = new Map<string, StoredPreference>();
  const preferenceByIdempotencyKey = new Map<string, string>();
  const payments = new Map<number, StoredPayment>();
  let nextPaymentId = 1_000_000_000 + Math.floor(Math.random() * 100_000_000);
  let nextOrderId = 20_000_000_000 + Math.floor(Math.random() * 100_000_000);
  const selfUrl = config.DEV_PROVIDERS_URL.replace(/\/+$/, '');

  // The checkout page posts an HTML form.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const apiError = (reply: FastifyReply, status: number, message: string, error: string) =>
    reply.code(status).send({ message, error, status, cause: [] });

  /** Like the real API: no bearer token, no answer. */
  const authorised = (req: FastifyRequest, reply: FastifyReply): boolean => {
    if (/^Bearer \S+/.test(req.headers.authorization ?? '')) return true;
    void apiError(reply, 401, 'invalid access token', 'unauthorized');
    return false;
  };

  // ---------------- REST API (what the SDK calls) ----------------

  const createPreference = async (req: FastifyRequest, reply: FastifyReply) => {
    if (!authorised(req, reply)) return reply;
    const parsed = PreferenceBody.safeParse(req.body);
    if (!parsed.success)
      return apiError(reply, 400, parsed.error.issues[0]?.message ?? 'invalid body', 'bad_request');
    const key = req.headers['x-idempotency-key'];
    const known = typeof key === 'string' ? preferenceByIdempotencyKey.get(key) : undefined;
    if (known) return reply.code(201).send(preferences.get(known));
    const id = `${COLLECTOR_ID}-${randomUUID()}`;
    const checkoutUrl = `${selfUrl}/checkout/v1/redirect?pref_id=${encodeURIComponent(id)}`;
    const preference: StoredPreference = {
      ...parsed.data,
      items: parsed.data.items.map((i) => ({ ...i, currency_id: i.currency_id ?? 'BRL' })),
      id,
      collector_id: COLLECTOR_ID,
      client_id: String(COLLECTOR_ID),
      date_created: new Date().toISOString(),
      init_point: checkoutUrl,
      sandbox_init_point: checkoutUrl,
      operation_type: 'regular_payment',
    };
    preferences.set(id, preference);
    if (typeof key === 'string') preferenceByIdempotencyKey.set(key, id);
    return reply.code(201).send(preference);
  };
  // The SDK posts to `/checkout/preferences/` (trailing slash).
  app.post('/checkout/preferences', createPreference);
  app.post('/checkout/preferences/', createPreference);

  app.get('/checkout/preferences/:id', async (req, reply) => {
    if (!authorised(req, reply)) return reply;
    const preference = preferences.get((req.params as { id: string }).id);
    return preference ?? apiError(reply, 404, 'preference not found', 'not_found');
  });

  app.get('/v1/payments/search', async (req, reply) => {
    if (!authorised(req, reply)) return reply;
    const q = req.query as Record<string, string | undefined>;
    const limit = Math.min(Number(q.limit ?? 30) || 30, 1000);
    const offset = Number(q.offset ?? 0) || 0;
    const found = [...payments.values()]
      .filter(
        (p) =>
          !q.external_reference ||
          preferences.get(p.preferenceId)?.external_reference === q.external_reference,
      )
      .sort((a, b) => (q.criteria === 'asc' ? 1 : -1) * a.dateCreated.localeCompare(b.dateCreated));
    return {
      paging: { total: found.length, limit, offset },
      results: found.slice(offset, offset + limit).map(paymentJson),
    };
  });

  app.get('/v1/payments/:id', async (req, reply) => {
    if (!authorised(req, reply)) return reply;
    const params = PaymentParams.safeParse(req.params);
    const payment = params.success ? payments.get(params.data.id) : undefined;
    return payment ? paymentJson(payment) : apiError(reply, 404, 'Payment not found', 'not_found');
  });

  // ---------------- Checkout Pro page ----------------

  app.get('/checkout/v1/redirect', async (req, reply) => {
    const prefId = (req.query as { pref_id?: string }).pref_id ?? '';
    const preference = preferences.get(prefId);
    reply.type('text/html; charset=utf-8');
    if (!preference)
      return reply
        .code(404)
        .send(page('Link de pagamento inválido', '<p>Preferência de pagamento não encontrada.</p>'));
    if (isExpired(preference))
      return reply.code(410).send(page('Link expirado', '<p>Este link de pagamento expirou.</p>'));
    return reply.send(checkoutPage(preference));
  });

  app.post('/checkout/v1/redirect/pay', async (req, reply) => {
    const form = z
      .object({ pref_id: z.string(), outcome: z.enum(['approved', 'rejected']) })
      .safeParse(req.body);
    const preference = form.success ? preferences.get(form.data.pref_id) : undefined;
    if (!form.success || !preference || isExpired(preference)) {
      return reply
        .code(400)
        .type('text/html; charset=utf-8')
        .send(page('Pagamento indisponível', '<p>Não foi possível concluir o pagamento.</p>'));
    }
    const payment = pay(preference, form.data.outcome);
    const target = returnUrl(preference, payment);
    return target
      ? reply.redirect(target, 303)
      : reply
          .type('text/html; charset=utf-8')
          .send(page('Pagamento registrado', `<p>Pagamento ${payment.id}: ${payment.status}.</p>`));
  });

  // ---------------- programmatic (tests, scripts) ----------------

  app.post('/__dev/mercadopago/pay', async (req, reply) => {
    const body = PayBody.safeParse(req.body);
    if (!body.success) return reply.code(400).send({ error: body.error.issues[0]?.message });
    const preference = preferences.get(body.data.preferenceId);
    if (!preference) return reply.code(404).send({ error: 'preference not found' });
    const payment = pay(preference, body.data.outcome, body.data, body.data.notify);
    return {
      paymentId: String(payment.id),
      status: payment.status,
      redirectUrl: returnUrl(preference, payment),
    };
  });

  app.post('/__dev/mercadopago/payments/:id/status', async (req, reply) => {
    const params = PaymentParams.safeParse(req.params);
    const body = StatusBody.safeParse(req.body);
    const payment = params.success ? payments.get(params.data.id) : undefined;
    if (!payment || !body.success)
      return reply.code(payment ? 400 : 404).send({ error: 'invalid payment or status' });
    const now = new Date().toISOString();
    const refunded =
      body.data.transaction_amount_refunded ??
      (body.data.status === 'refunded' ? payment.transactionAmount : payment.amountRefunded);
    if (refunded > payment.transactionAmount)
      return reply.code(400).send({ error: 'transaction_amount_refunded exceeds transaction_amount' });
    payment.status = body.data.status;
    payment.amountRefunded = Math.round(refunded * 100) / 100;
    payment.dateLastUpdated = now;
    if (payment.status === 'approved') payment.dateApproved ??= now;
    if (body.data.notify) notify(payment, 'payment.updated');
    return {
      paymentId: String(payment.id),
      status: payment.status,
      transactionAmountRefunded: payment.amountRefunded,
    };
  });

  app.post('/__dev/mercadopago/payments/:id/notify', async (req, reply) => {
    const params = PaymentParams.safeParse(req.params);
    const payment = params.success ? payments.get(params.data.id) : undefined;
    if (!payment) return reply.code(404).send({ error: 'payment not found' });
    const status = await deliver(payment, 'payment.updated');
    return { delivered: status !== null && status < 300, status };
  });

  // ---------------- behaviour ----------------

  function pay(
    preference: StoredPreference,
    outcome: Outcome,
    override: { transactionAmount?: number; currencyId?: string } = {},
    sendNotification = true,
  ): StoredPayment {
    const now = new Date().toISOString();
    const total = preference.items.reduce((sum, i) => sum + i.unit_price * i.quantity, 0);
    const payment: StoredPayment = {
      id: nextPaymentId++,
      preferenceId: preference.id,
      merchantOrderId: nextOrderId++,
      status: outcome,
      dateCreated: now,
      dateApproved: outcome === 'approved' ? now : null,
      dateLastUpdated: now,
      transactionAmount: override.transactionAmount ?? Math.round(total * 100) / 100,
      amountRefunded: 0,
      currencyId: override.currencyId ?? preference.items[0]?.currency_id ?? 'BRL',
    };
    payments.set(payment.id, payment);
    if (sendNotification) notify(payment, 'payment.created');
    return payment;
  }

  function paymentJson(p: StoredPayment) {
    const preference = preferences.get(p.preferenceId);
    return {
      id: p.id,
      date_created: p.dateCreated,
      date_approved: p.dateApproved,
      date_last_updated: p.dateLastUpdated,
      money_release_date: p.dateApproved,
      operation_type: 'regular_payment',
      payment_method_id: 'master',
      payment_type_id: 'credit_card',
      status: p.status,
      status_detail:
        p.status === 'approved' && p.amountRefunded > 0 ? PARTIALLY_REFUNDED : STATUS_DETAIL[p.status],
      currency_id: p.currencyId,
      description: preference?.items[0]?.title ?? null,
      live_mode: false,
      collector_id: COLLECTOR_ID,
      payer: {
        id: '987654321',
        email: 'comprador.teste@exemplo.com.br',
        identification: { type: 'CPF', number: '19119119100' },
        type: 'customer',
      },
      metadata: {},
      additional_info: { items: preference?.items ?? [] },
      order: { id: String(p.merchantOrderId), type: 'mercadopago' },
      external_reference: preference?.external_reference ?? null,
      transaction_amount: p.transactionAmount,
      transaction_amount_refunded: p.amountRefunded,
      transaction_details: {
        net_received_amount:
          p.status === 'approved' ? Math.round((p.transactionAmount - p.amountRefunded) * 100) / 100 : 0,
        total_paid_amount: p.transactionAmount,
        installment_amount: p.transactionAmount,
      },
      installments: 1,
      captured: true,
      binary_mode: false,
      notification_url: preference?.notification_url ?? null,
      processing_mode: 'aggregator',
    };
  }

  /** The query Mercado Pago appends to back_urls when it sends the payer back. */
  function returnUrl(preference: StoredPreference, p: StoredPayment): string | null {
    const back = preference.back_urls;
    const base =
      p.status === 'approved' ? back?.success : p.status === 'rejected' ? back?.failure : back?.pending;
    if (!base) return null;
    const url = new URL(base);
    const query: Record<string, string> = {
      collection_id: String(p.id),
      collection_status: p.status,
      payment_id: String(p.id),
      status: p.status,
      external_reference: preference.external_reference ?? 'null',
      payment_type: 'credit_card',
      merchant_order_id: String(p.merchantOrderId),
      preference_id: preference.id,
      site_id: SITE_ID,
      processing_mode: 'aggregator',
      merchant_account_id: 'null',
    };
    for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
    return url.toString();
  }

  /** Posts the notification without holding up the caller, retrying like Mercado Pago does (here: 3 tries). */
  function notify(payment: StoredPayment, action: string): void {
    void (async () => {
      for (let attempt = 0; attempt < 3; attempt++) {
        const status = await deliver(payment, action);
        if (status !== null && status < 300) return;
        await new Promise((r) => setTimeout(r, 500 * 2 ** attempt));
      }
      app.log.warn({ paymentId: payment.id }, 'mercadopago stand-in: notification not accepted');
    })();
  }

  /**
   * One signed webhook, as Mercado Pago sends it: `?data.id=<id>&type=payment`, `x-request-id`, and
   * `x-signature: ts=<unix SECONDS>,v1=<hex hmac-sha256 of "id:<data.id>;request-id:<x-request-id>;ts:<ts>;">`
   * (data.id lower-cased when alphanumeric; payment ids are digits).
   */
  async function deliver(payment: StoredPayment, action: string): Promise<number | null> {
    const target = preferences.get(payment.preferenceId)?.notification_url;
    if (!target) return null;
    const dataId = String(payment.id);
    const url = new URL(target);
    url.searchParams.set('data.id', dataId);
    url.searchParams.set('type', 'payment');
    const requestId = randomUUID();
    const ts = String(Math.floor(Date.now() / 1000));
    const manifestId = /^[a-z0-9]+$/i.test(dataId) ? dataId.toLowerCase() : dataId;
    const v1 = createHmac('sha256', config.MP_WEBHOOK_SECRET)
      .update(`id:${manifestId};request-id:${requestId};ts:${ts};`)
      .digest('hex');
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-request-id': requestId,
          'x-signature': `ts=${ts},v1=${v1}`,
        },
        body: JSON.stringify({
          action,
          api_version: 'v1',
          data: { id: dataId },
          date_created: new Date().toISOString(),
          id: Date.now(),
          live_mode: false,
          type: 'payment',
          user_id: String(COLLECTOR_ID),
        }),
        signal: AbortSignal.timeout(10_000),
      });
      return res.status;
    } catch (err) {
      app.log.warn({ err, paymentId: payment.id }, 'mercadopago stand-in: notification failed');
      return null;
    }
  }
}

function isExpired(p: StoredPreference): boolean {
  return Boolean(p.expires && p.expiration_date_to && Date.parse(p.expiration_date_to) < Date.now());
}

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function checkoutPage(p: StoredPreference): string {
  const total = p.items.reduce((sum, i) => sum + i.unit_price * i.quantity, 0);
  const rows = p.items
    .map(
      (i) =>
        `<li><span>${escapeHtml(i.title)}${i.quantity > 1 ? ` × ${i.quantity}` : ''}</span><strong>${brl.format(i.unit_price * i.quantity)}</strong></li>`,
    )
    .join('');
  const button = (outcome: string, label: string, cls: string) =>
    `<form method="post" action="/checkout/v1/redirect/pay"><input type="hidden" name="pref_id" value="${escapeHtml(p.id)}">` +
    `<input type="hidden" name="outcome" value="${outcome}"><button type="submit" class="${cls}">${label}</button></form>`;
  return page(
    'Pagamento',
    `<p class="note">Ambiente de desenvolvimento: simulação local do Mercado Pago. Nenhum valor real é cobrado.</p>
     <h2>Resumo da compra</h2>
     <ul class="items">${rows}</ul>
     <p class="total"><span>Total</span><strong>${brl.format(total)}</strong></p>
     <div class="actions">${button('approved', 'Aprovar pagamento', 'approve')}${button('rejected', 'Recusar pagamento', 'reject')}</div>`,
  );
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Mercado Pago (simulação)</title>
<style>
  body { margin: 0; font-family: 'DejaVu Sans', Arial, sans-serif; background: #ededed; color: #333; }
  header { background: #ffe600; padding: 16px 24px; font-weight: bold; font-size: 20px; color: #2d3277; }
  main { max-width: 480px; margin: 32px auto; background: #fff; border-radius: 8px; padding: 24px; box-shadow: 0 1px 4px rgba(0,0,0,.12); }
  h1 { font-size: 22px; margin-top: 0; } h2 { font-size: 16px; color: #666; }
  .note { background: #fff7d6; border: 1px solid #f0d96b; padding: 8px 12px; border-radius: 4px; font-size: 13px; }
  .items { list-style: none; padding: 0; } .items li, .total { display: flex; justify-content: space-between; padding: 8px 0; border-bottom: 1px solid #eee; }
  .total { font-size: 18px; border: 0; }
  .actions { display: flex; flex-direction: column; gap: 12px; margin-top: 16px; }
  .actions form { margin: 0; } button { width: 100%; padding: 14px; font: inherit; font-size: 16px; border-radius: 6px; border: 0; cursor: pointer; }
  .approve { background: #009ee3; color: #fff; } .reject { background: #fff; color: #009ee3; border: 1px solid #009ee3; }
</style></head>
<body><header>mercado pago <small>(simulação local)</small></header><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}
