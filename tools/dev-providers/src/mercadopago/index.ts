import type { FastifyInstance } from 'fastify';
import type { DevProvidersConfig } from '../config.js';
import { registerCheckoutPage } from './checkout-page.js';
import { registerDevRoutes } from './dev-routes.js';
import { registerRestRoutes } from './rest-routes.js';
import { MercadoPagoStore } from './store.js';

/**
 * Mercado Pago stand-in: the part of the REST API the official `mercadopago` SDK calls
 * (rest-routes.ts), a Checkout Pro page at the preference's init_point and the redirect back with Mercado Pago's
 * query parameters (checkout-page.ts), and webhooks signed like the real ones (webhook.ts). State lives in this
 * process's memory (store.ts): it is a development stand-in.
 *
 * Programmatic (tests; dev-routes.ts): POST /__dev/mercadopago/pay {preferenceId, outcome} → {paymentId};
 * POST /__dev/mercadopago/payments/:id/status {status, transaction_amount_refunded?, notify?} changes a payment
 * later (a refund, a partial refund, a chargeback) and notifies like Mercado Pago;
 * POST /__dev/mercadopago/payments/:id/notify re-sends its notification.
 */
export async function registerMercadoPago(app: FastifyInstance, config: DevProvidersConfig): Promise<void> {
  const store = new MercadoPagoStore({
    selfUrl: config.DEV_PROVIDERS_URL.replace(/\/+$/, ''),
    webhookSecret: config.MP_WEBHOOK_SECRET,
    log: app.log,
  });
  registerRestRoutes(app, store);
  registerCheckoutPage(app, store);
  registerDevRoutes(app, store);
}
