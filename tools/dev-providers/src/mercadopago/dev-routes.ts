import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { PaymentParams } from './rest-routes.js';
import { Outcome, PaymentStatus, returnUrl, type MercadoPagoStore } from './store.js';

/**
 * Programmatic control of the stand-in (tests, scripts; not Mercado Pago's API): pay a preference without the page,
 * change a payment later, send its notification again.
 */

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
  /** In reais, as StatusChange tells. */
  transaction_amount_refunded: z.number().min(0).optional(),
  notify: z.boolean().default(true),
});

export function registerDevRoutes(app: FastifyInstance, store: MercadoPagoStore): void {
  app.post('/__dev/mercadopago/pay', async (req, reply) => {
    const body = PayBody.safeParse(req.body);
    if (!body.success) return reply.code(400).send({ error: body.error.issues[0]?.message });
    const preference = store.preference(body.data.preferenceId);
    if (!preference) return reply.code(404).send({ error: 'preference not found' });
    const payment = store.pay(preference, body.data.outcome, body.data, body.data.notify);
    return {
      paymentId: String(payment.id),
      status: payment.status,
      redirectUrl: returnUrl(preference, payment),
    };
  });

  app.post('/__dev/mercadopago/payments/:id/status', async (req, reply) => {
    const params = PaymentParams.safeParse(req.params);
    const body = StatusBody.safeParse(req.body);
    const payment = params.success ? store.payment(params.data.id) : undefined;
    if (!payment || !body.success)
      return reply.code(payment ? 400 : 404).send({ error: 'invalid payment or status' });
    const changed = store.changeStatus(payment, body.data);
    if (!changed.ok) return reply.code(400).send({ error: changed.error });
    return {
      paymentId: String(payment.id),
      status: payment.status,
      transactionAmountRefunded: payment.amountRefunded,
    };
  });

  app.post('/__dev/mercadopago/payments/:id/notify', async (req, reply) => {
    const params = PaymentParams.safeParse(req.params);
    const payment = params.success ? store.payment(params.data.id) : undefined;
    if (!payment) return reply.code(404).send({ error: 'payment not found' });
    const status = await store.deliver(payment, 'payment.updated');
    return { delivered: status !== null && status < 300, status };
  });
}
