import { z } from 'zod';
import { envelope } from '../../envelope.js';
import { Msg } from '../../messages.js';
import { Statement } from '../../messaging.js';
import { defineRoute } from '../route.js';

/** The routes billing answers: the balance, top-ups through Mercado Pago, and the member's statement. */

export const getBalance = defineRoute({
  owner: 'billing',
  method: 'GET',
  path: '/api/getBalance',
  access: 'user',
  summary: 'Balance in reais',
  response: envelope(z.number()),
});

/** What a negative balance comes from: the latest refund or chargeback taken from the member's balance. */
export const BalanceDetails = z.object({
  balanceCents: z.number().int(),
  /** The newest reversal (refund or chargeback) of a top-up, or null when there never was one. */
  lastReversal: z
    .object({
      amountCents: z.number().int().positive(),
      reason: z.enum(['refund', 'chargeback']),
      at: z.string(),
    })
    .nullable(),
});
export type BalanceDetails = z.infer<typeof BalanceDetails>;
export const getBalanceDetails = defineRoute({
  owner: 'billing',
  method: 'GET',
  path: '/api/getBalanceDetails',
  access: 'user',
  summary:
    'The balance in cents and what took it below zero (the latest refund or chargeback), for the screens to explain it',
  response: envelope(BalanceDetails),
});

export const CreatePreferenceBody = z.object({
  amount: z
    .number({ error: Msg.invalidAmount })
    .int({ error: Msg.invalidAmount })
    .min(5, Msg.invalidAmount)
    .max(20, Msg.invalidAmount),
});
export const createPreference = defineRoute({
  owner: 'billing',
  spends: 'money',
  method: 'POST',
  path: '/api/createPreference',
  access: 'user',
  summary: 'Create a top-up and its Mercado Pago preference',
  body: CreatePreferenceBody,
  response: envelope(z.object({ id: z.string(), init_point: z.string() })),
});

export const ProcessPaymentBody = z.object({
  preferenceId: z.string().min(1).max(200),
  paymentId: z.union([z.string().regex(/^\d{1,30}$/), z.number().int().positive()]).transform(String),
});
/**
 * What became of the payment the payer came back with, so that the builder can say it (the /pagamento-sucesso screen).
 * approved: credited (by this call or already, e.g. by the webhook); pending: Pix, boleto or under review, credited
 * later by the webhook or the reconciler; rejected: refused, refunded or charged back; mismatch and not_found: not a
 * payment of a top-up of this user as asked.
 */
export const PaymentOutcome = z.enum(['approved', 'pending', 'rejected', 'mismatch', 'not_found']);
export type PaymentOutcome = z.infer<typeof PaymentOutcome>;
/** The payload of processPayment's answer: on SUCCESS (approved) and on its ERROR answers (code PAYMENT_NOT_CREDITED). */
export const ProcessPaymentResult = z.object({
  outcome: PaymentOutcome,
  /** This call credited it (false when it was already credited, or is not credited). */
  credited: z.boolean(),
  /** The top-up's amount in reais when approved; null otherwise. */
  amount: z.number().nullable(),
  /** The balance in reais after the call. */
  balance: z.number(),
  /**
   * Approved, and an earlier return of the same payment was already answered approved: the screen says it was
   * already added rather than announcing it again (a reopened or repeated return link).
   */
  alreadyAdded: z.boolean().default(false),
});
export type ProcessPaymentResult = z.infer<typeof ProcessPaymentResult>;
export const processPayment = defineRoute({
  owner: 'billing',
  spends: 'money',
  method: 'POST',
  path: '/api/processPayment',
  access: 'user',
  summary:
    'Credit an approved Mercado Pago payment (exactly once); the payload tells the outcome, also on the 402/404/409/422 answers',
  body: ProcessPaymentBody,
  response: envelope(ProcessPaymentResult),
});

export const MercadoPagoWebhookBody = z
  .object({
    type: z.string().optional(),
    action: z.string().optional(),
    data: z.object({ id: z.union([z.string(), z.number()]) }).optional(),
  })
  .loose();
export const mercadoPagoWebhook = defineRoute({
  owner: 'billing',
  spends: 'money',
  method: 'POST',
  path: '/api/webhooks/mercadopago',
  access: 'public',
  summary: 'Mercado Pago notification (x-signature checked)',
  body: MercadoPagoWebhookBody,
  query: z.object({ 'data.id': z.string().optional(), type: z.string().optional() }).loose(),
  response: envelope(z.null()),
});

/** At most this many entries, the newest, in one statement answer. */
export const STATEMENT_MAX_ENTRIES = 200;

export const getStatement = defineRoute({
  owner: 'billing',
  method: 'GET',
  path: '/api/getStatement',
  access: 'user',
  summary: `The signed-in user's statement: top-ups, purchases and reversals with the running balance (newest ${STATEMENT_MAX_ENTRIES})`,
  response: envelope(Statement),
});
