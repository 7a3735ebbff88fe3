import { createPreference, getBalance, getUser, processPayment } from '@app/contracts';
import { Bus, createLogger, storageEnv, storageLimits } from '@app/kit';
import { call } from './client.js';
import { createActiveUser, type TestSession } from './users.js';
import type { StackInfo } from './test-stack.js';

/** Helpers over billing and the Mercado Pago stand-in (tools/dev-providers/src/mercadopago/). */

export type PaymentOutcome = 'approved' | 'rejected' | 'pending';

export interface Preference {
  id: string;
  init_point: string;
}

export async function createTopUpPreference(
  stack: StackInfo,
  token: string,
  amountReais = 10,
): Promise<Preference> {
  const res = await call<Preference>(stack.gatewayUrl, createPreference, {
    token,
    body: { amount: amountReais },
  });
  if (res.status !== 200 || res.body.status !== 'SUCCESS' || !res.body.payload) {
    throw new Error(`createPreference failed (${res.status}): ${res.body.message}`);
  }
  return res.body.payload;
}

async function standIn<T>(stack: StackInfo, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${stack.devProvidersUrl}/__dev/mercadopago${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`mercado pago stand-in ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/**
 * Pays a preference on the stand-in, as the payer would on the checkout page (the stand-in posts the webhook,
 * unless `notify: false`).
 */
export const payPreference = (
  stack: StackInfo,
  preferenceId: string,
  outcome: PaymentOutcome,
  override: { transactionAmount?: number; currencyId?: string; notify?: boolean } = {},
) =>
  standIn<{ paymentId: string; redirectUrl: string | null }>(stack, '/pay', {
    preferenceId,
    outcome,
    ...override,
  });

/**
 * Changes a payment on the stand-in later (`notify: false` simulates a notification that never arrives).
 * `refundedReais` sets Mercado Pago's `transaction_amount_refunded` (a partial refund keeps status 'approved').
 */
export const setPaymentStatus = (
  stack: StackInfo,
  paymentId: string,
  status: string,
  notify = true,
  refundedReais?: number,
) =>
  standIn<{ paymentId: string; status: string }>(stack, `/payments/${paymentId}/status`, {
    status,
    notify,
    ...(refundedReais === undefined ? {} : { transaction_amount_refunded: refundedReais }),
  });

/** Has the stand-in send the payment's signed notification again; answers once billing has answered it. */
export const resendPaymentNotification = (stack: StackInfo, paymentId: string) =>
  standIn<{ delivered: boolean; status: number | null }>(stack, `/payments/${paymentId}/notify`, {});

export async function balanceOf(stack: StackInfo, token: string): Promise<number> {
  const res = await call<number>(stack.gatewayUrl, getBalance, { token });
  if (res.status !== 200 || res.body.payload === null)
    throw new Error(`getBalance failed (${res.status}): ${res.body.message}`);
  return res.body.payload;
}

/**
 * A whole top-up as the site does it: createPreference → approved payment on the stand-in → processPayment.
 * Answers the new balance in reais.
 */
export async function topUp(stack: StackInfo, token: string, amountReais = 10): Promise<number> {
  const preference = await createTopUpPreference(stack, token, amountReais);
  const { paymentId } = await payPreference(stack, preference.id, 'approved');
  const res = await call<{ balance: number }>(stack.gatewayUrl, processPayment, {
    token,
    body: { preferenceId: preference.id, paymentId },
  });
  if (res.status !== 200 || !res.body.payload)
    throw new Error(`processPayment failed (${res.status}): ${res.body.message}`);
  return res.body.payload.balance;
}

/**
 * A NATS client on the stack's subjects, to call other services' RPCs (e.g. Rpc.billingHold) from a test. It applies
 * the stack's own stream caps (a stream or bucket it opens is updated to them, as every process does).
 */
export const connectBus = (stack: StackInfo, name = 'test') =>
  Bus.connect({
    url: stack.natsUrl,
    ...stack.natsAuth,
    prefix: stack.natsPrefix,
    name,
    logger: createLogger(name, 'silent'),
    storage: storageLimits(storageEnv.parse(stack.env.pages ?? {})),
  });

/** The signed-in user's id (what services receive as identity.userId, e.g. for Rpc.billingHold). */
export async function userIdOf(stack: StackInfo, token: string): Promise<string> {
  const res = await call<{ _id: string }>(stack.gatewayUrl, getUser, { token });
  if (res.status !== 200 || !res.body.payload)
    throw new Error(`getUser failed (${res.status}): ${res.body.message}`);
  return res.body.payload._id;
}

/** A member who can buy at once: signed up, activated and topped up with `reais` (the factory most buying tests need). */
export async function fundedMember(
  stack: StackInfo,
  reais = 10,
  opts: Parameters<typeof createActiveUser>[1] = {},
): Promise<TestSession> {
  const member = await createActiveUser(stack, opts);
  await topUp(stack, member.token, reais);
  return member;
}
