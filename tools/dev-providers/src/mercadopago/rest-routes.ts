import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  COLLECTOR_ID,
  PreferenceBody,
  type MercadoPagoStore,
  type PaymentStatus,
  type StoredPayment,
  type StoredPreference,
} from './store.js';

/**
 * The part of Mercado Pago's REST API the official `mercadopago` SDK calls: create and read a preference, read and
 * search payments, refund a payment and list its refunds. Bearer token required (any), errors in Mercado Pago's shape.
 */

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

export const PaymentParams = z.object({ id: z.coerce.number().int().positive() });
/** A refund's body: empty (or no amount) for the whole payment, `amount` (reais) for a part. */
export const RefundBody = z.object({ amount: z.number().positive().optional() }).nullish();

export function registerRestRoutes(app: FastifyInstance, store: MercadoPagoStore): void {
  const createPreference = async (req: FastifyRequest, reply: FastifyReply) => {
    if (!authorised(req, reply)) return reply;
    const parsed = PreferenceBody.safeParse(req.body);
    if (!parsed.success)
      return apiError(reply, 400, parsed.error.issues[0]?.message ?? 'invalid body', 'bad_request');
    const key = req.headers['x-idempotency-key'];
    const preference = store.createPreference(parsed.data, typeof key === 'string' ? key : undefined);
    return reply.code(201).send(preference);
  };
  // The SDK posts to `/checkout/preferences/` (trailing slash).
  app.post('/checkout/preferences', createPreference);
  app.post('/checkout/preferences/', createPreference);

  app.get('/checkout/preferences/:id', async (req, reply) => {
    if (!authorised(req, reply)) return reply;
    const preference = store.preference((req.params as { id: string }).id);
    return preference ?? apiError(reply, 404, 'preference not found', 'not_found');
  });

  app.get('/v1/payments/search', async (req, reply) => {
    if (!authorised(req, reply)) return reply;
    const q = req.query as Record<string, string | undefined>;
    const limit = Math.min(Number(q.limit ?? 30) || 30, 1000);
    const offset = Number(q.offset ?? 0) || 0;
    const found = store.searchPayments({
      externalReference: q.external_reference,
      ascending: q.criteria === 'asc',
    });
    return {
      paging: { total: found.length, limit, offset },
      results: found
        .slice(offset, offset + limit)
        .map((p) => paymentJson(p, store.preference(p.preferenceId))),
    };
  });

  app.post('/v1/payments/:id/refunds', async (req, reply) => {
    if (!authorised(req, reply)) return reply;
    const params = PaymentParams.safeParse(req.params);
    const payment = params.success ? store.payment(params.data.id) : undefined;
    if (!payment) return apiError(reply, 404, 'Payment not found', 'not_found');
    const body = RefundBody.safeParse(req.body);
    if (!body.success) return apiError(reply, 400, 'Invalid refund amount', 'bad_request');
    const key = req.headers['x-idempotency-key'];
    const result = store.refund(payment, body.data?.amount, typeof key === 'string' ? key : undefined);
    if (!result.ok) return apiError(reply, 400, result.error, 'bad_request');
    return reply.code(201).send(result.refund);
  });

  app.get('/v1/payments/:id/refunds', async (req, reply) => {
    if (!authorised(req, reply)) return reply;
    const params = PaymentParams.safeParse(req.params);
    const payment = params.success ? store.payment(params.data.id) : undefined;
    return payment ? store.refunds(payment.id) : apiError(reply, 404, 'Payment not found', 'not_found');
  });

  app.get('/v1/payments/:id', async (req, reply) => {
    if (!authorised(req, reply)) return reply;
    const params = PaymentParams.safeParse(req.params);
    const payment = params.success ? store.payment(params.data.id) : undefined;
    return payment
      ? paymentJson(payment, store.preference(payment.preferenceId))
      : apiError(reply, 404, 'Payment not found', 'not_found');
  });
}

const apiError = (reply: FastifyReply, status: number, message: string, error: string) =>
  reply.code(status).send({ message, error, status, cause: [] });

/** Like the real API: no bearer token, no answer. */
function authorised(req: FastifyRequest, reply: FastifyReply): boolean {
  if (/^Bearer \S+/.test(req.headers.authorization ?? '')) return true;
  void apiError(reply, 401, 'invalid access token', 'unauthorized');
  return false;
}

/** A payment as `GET /v1/payments/:id` answers it. */
function paymentJson(p: StoredPayment, preference: StoredPreference | undefined) {
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
