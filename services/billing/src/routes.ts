import type { FastifyReply } from 'fastify';
import {
  createPreference,
  ErrorCode,
  fail,
  getBalance,
  getBalanceDetails,
  getStatement,
  mercadoPagoWebhook,
  Msg,
  ok,
  processPayment,
  STATEMENT_MAX_ENTRIES,
  type Envelope,
  type PaymentOutcome,
  type ProcessPaymentResult,
} from '@app/contracts';
import { centsToReais } from '@app/contracts/format';
import { addRoute, AppError, type App } from '@app/kit';
import { createTopUp } from './domain/create-top-up.js';
import type { BillingServiceDeps } from './domain/deps.js';
import { ProviderUnavailableError } from './domain/payment-provider.js';
import { settlePayment, type Settlement } from './domain/settle-payment.js';
import { toStatement } from './domain/statement.js';
import { checkMercadoPagoSignature, manifestDataId } from './mercadopago/webhook-signature.js';

const PAYMENT_ID = /^\d{1,30}$/;

export function registerRoutes(app: App, deps: BillingServiceDeps): void {
  const { config, background } = deps;
  addRoute(app, getBalance, async ({ identity }) =>
    ok(centsToReais(await deps.store.ledger.balanceCents(identity.userId))),
  );

  // Owner-scoped: the user id comes from the verified session only, never from the request.
  addRoute(app, getStatement, async ({ identity }) => {
    const [rows, pending] = await Promise.all([
      deps.store.ledger.statementRows(identity.userId, STATEMENT_MAX_ENTRIES + 1),
      deps.store.topUps.pendingTopUps(identity.userId, config.BILLING_RECONCILE_WINDOW_HOURS),
    ]);
    return ok(toStatement(rows, STATEMENT_MAX_ENTRIES, pending));
  });

  // What a negative balance comes from, for the sidebar and the builder to say it.
  addRoute(app, getBalanceDetails, async ({ identity }) => {
    const [balanceCents, reversal] = await Promise.all([
      deps.store.ledger.balanceCents(identity.userId),
      deps.store.ledger.lastReversal(identity.userId),
    ]);
    return ok({
      balanceCents,
      lastReversal: reversal && { ...reversal, at: reversal.at.toISOString() },
    });
  });

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

  addRoute(app, processPayment, async ({ body, identity, reply }) => {
    const settlement = await providerCall(Msg.paymentProviderUnavailable, () =>
      settlePayment(deps, body.paymentId, 'return', {
        userId: identity.userId,
        preferenceId: body.preferenceId,
      }),
    );
    // A return answered 'approved' before (the link opened again) says so rather than announcing it again.
    const alreadyAdded =
      (settlement.outcome === 'credited' || settlement.outcome === 'already_credited') &&
      !(await deps.store.topUps.markReturnAnnounced(settlement.topUpId));
    return answerSettlement(
      settlement,
      alreadyAdded,
      () => deps.store.ledger.balanceCents(identity.userId),
      reply,
    );
  });

  // Mercado Pago signs `data.id` from the query string; the body's copy must agree with it.
  addRoute(app, mercadoPagoWebhook, async ({ body, query, request }) => {
    const dataId = query['data.id'];
    const requestId = request.headers['x-request-id'];
    const check = checkMercadoPagoSignature({
      signature: request.headers['x-signature'],
      requestId,
      dataId,
      secret: config.MP_WEBHOOK_SECRET,
    });
    if (!check.ok) {
      // The reason and Mercado Pago's request id only: never the secret or the signature.
      deps.logger.warn(
        {
          reason: check.reason,
          mpRequestId: typeof requestId === 'string' ? requestId.slice(0, 100) : undefined,
        },
        'mercado pago notification refused',
      );
      throw AppError.unauthorized(Msg.webhookSignatureInvalid, ErrorCode.INVALID_TOKEN);
    }
    const bodyId = body.data?.id;
    if (bodyId !== undefined && manifestDataId(String(bodyId)) !== manifestDataId(dataId!))
      throw AppError.badRequest(Msg.webhookSignatureInvalid);
    const type = query.type ?? body.type;
    // A payment's notification: its `data.id` is the payment id (`paymentId` from here to the ledger).
    const paymentId = type === 'payment' && dataId && PAYMENT_ID.test(dataId) ? dataId : null;
    if (paymentId) background.run('webhook settlement', () => settlePayment(deps, paymentId, 'webhook'));
    return ok(null, Msg.webhookReceived);
  });
}

/**
 * The answer to the payer's return: SUCCESS when approved; otherwise an ERROR (code PAYMENT_NOT_CREDITED, HTTP status
 * by reason) whose payload still says the outcome and the balance, so that the builder can explain it.
 */
async function answerSettlement(
  s: Settlement,
  alreadyAdded: boolean,
  balanceCents: () => Promise<number>,
  reply: FastifyReply,
) {
  const notCredited = async (status: number, outcome: PaymentOutcome, message: string) =>
    reply.code(status).send({
      ...fail(message, ErrorCode.PAYMENT_NOT_CREDITED),
      payload: {
        outcome,
        credited: false,
        amount: null,
        balance: centsToReais(await balanceCents()),
        alreadyAdded: false,
      },
    } satisfies Envelope<ProcessPaymentResult>);
  switch (s.outcome) {
    case 'credited':
    case 'already_credited': {
      const credited = s.outcome === 'credited';
      return ok<ProcessPaymentResult>(
        {
          outcome: 'approved',
          credited,
          amount: centsToReais(s.amountCents),
          balance: centsToReais(s.balanceCents),
          alreadyAdded,
        },
        credited ? Msg.paymentCredited : Msg.paymentAlreadyCredited,
      );
    }
    case 'pending':
      return notCredited(409, 'pending', Msg.paymentPending);
    // 'refunded': approved after the account was deleted and sent back to the payer (a deleted account
    // has no session to ask with); answered like a payment that did not credit.
    case 'rejected':
    case 'reversed':
    case 'already_reversed':
    case 'refunded':
      return notCredited(402, 'rejected', Msg.paymentRejected);
    case 'mismatch':
      return notCredited(422, 'mismatch', Msg.paymentMismatch);
    case 'not_found':
    case 'foreign':
      return notCredited(404, 'not_found', Msg.paymentNotFound);
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
