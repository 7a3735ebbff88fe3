import {
  createPreference,
  ErrorCode,
  getBalance,
  mercadoPagoWebhook,
  Msg,
  ok,
  processPayment,
} from '@app/contracts';
import { addRoute, AppError, type App } from '@app/kit';
import type { BackgroundTasks } from './background.js';
import type { BillingConfig } from './config.js';
import { createTopUp } from './domain/create-top-up.js';
import type { BillingDeps } from './domain/deps.js';
import { centsToReais } from './domain/money.js';
import { ProviderUnavailableError } from './domain/payment-provider.js';
import { settlePayment, type Settlement } from './domain/settle-payment.js';
import { isSignedByMercadoPago } from './mercadopago/webhook-signature.js';

const PAYMENT_ID = /^\d{1,30}$/;

export function registerRoutes(
  app: App,
  deps: BillingDeps,
  config: BillingConfig,
  background: BackgroundTasks,
): void {
  addRoute(app, getBalance, async ({ identity }) =>
    ok(centsToReais(await deps.store.balanceCents(identity.userId))),
  );

  addRoute(app, createPreference, async ({ body, identity }) => {
    const preference = await providerCall(Msg.preferenceFailed, () =>
      createTopUp(deps, {
        userId: identity.userId,
        amountReais: body.amount,
        publicUrl: config.PUBLIC_URL,
        validForHours: config.BILLING_RECONCILE_WINDOW_HOURS,
      }),
    );
    return ok({ id: preference.id, init_point: preference.initPoint });
  });

  addRoute(app, processPayment, async ({ body, identity }) => {
    const settlement = await providerCall(Msg.paymentProviderUnavailable, () =>
      settlePayment(deps, body.paymentId, { userId: identity.userId, preferenceId: body.preferenceId }),
    );
    return answerSettlement(settlement);
  });

  // Mercado Pago signs `data.id` from the query string; the body's copy must agree with it.
  addRoute(app, mercadoPagoWebhook, async ({ body, query, request }) => {
    const dataId = query['data.id'];
    const signed = isSignedByMercadoPago({
      signature: request.headers['x-signature'],
      requestId: request.headers['x-request-id'],
      dataId,
      secret: config.MP_WEBHOOK_SECRET,
    });
    if (!signed) throw AppError.unauthorized(Msg.webhookSignatureInvalid, ErrorCode.INVALID_TOKEN);
    const bodyId = body.data?.id;
    if (bodyId !== undefined && String(bodyId) !== dataId)
      throw AppError.badRequest(Msg.webhookSignatureInvalid);
    const type = query.type ?? body.type;
    if (type === 'payment' && dataId && PAYMENT_ID.test(dataId)) {
      background.run('webhook settlement', () => settlePayment(deps, dataId));
    }
    return ok(null, Msg.webhookReceived);
  });
}

function answerSettlement(s: Settlement) {
  switch (s.outcome) {
    case 'credited':
      return ok({ credited: true, balance: centsToReais(s.balanceCents) }, Msg.paymentCredited);
    case 'already_credited':
      return ok({ credited: false, balance: centsToReais(s.balanceCents) }, Msg.paymentAlreadyCredited);
    case 'pending':
      throw new AppError(409, ErrorCode.PAYMENT_NOT_CREDITED, Msg.paymentPending);
    case 'rejected':
      throw new AppError(402, ErrorCode.PAYMENT_NOT_CREDITED, Msg.paymentRejected);
    case 'mismatch':
      throw new AppError(422, ErrorCode.PAYMENT_NOT_CREDITED, Msg.paymentMismatch);
    case 'not_found':
    case 'foreign':
      throw new AppError(404, ErrorCode.PAYMENT_NOT_CREDITED, Msg.paymentNotFound);
  }
}

/** A provider outage is a 503 with a pt-BR message, not a masked 500. */
async function providerCall<T>(message: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof ProviderUnavailableError) throw AppError.unavailable(message);
    throw err;
  }
}
