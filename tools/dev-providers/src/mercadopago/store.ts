import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { deliverNotification, type NotificationLog } from './webhook.js';

/**
 * The Mercado Pago stand-in's state, in this process's memory (it is a development stand-in): preferences, the
 * payments made on them, and what happens to a payment later (refunds, partial refunds, chargebacks), each change
 * notified like Mercado Pago does. No HTTP here: rest-routes.ts, checkout-page.ts and dev-routes.ts serve it.
 */

export const COLLECTOR_ID = 1234567890;
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

/** The body of `POST /checkout/preferences`, as much of it as the stand-in reads. */
export const PreferenceBody = z
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
export type PreferenceBody = z.infer<typeof PreferenceBody>;

export interface StoredPreference extends PreferenceBody {
  id: string;
  collector_id: number;
  client_id: string;
  date_created: string;
  init_point: string;
  sandbox_init_point: string;
  operation_type: 'regular_payment';
}

export const Outcome = z.enum(['approved', 'rejected', 'pending']);
export type Outcome = z.infer<typeof Outcome>;
export const PaymentStatus = z.enum([
  'approved',
  'rejected',
  'pending',
  'in_process',
  'cancelled',
  'refunded',
  'charged_back',
]);
export type PaymentStatus = z.infer<typeof PaymentStatus>;

export interface StoredPayment {
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

/** A later change to a payment: a refund, a partial refund, a chargeback, or any other status. */
export interface StatusChange {
  status: PaymentStatus;
  /**
   * Mercado Pago's field, in reais: what has been refunded of the payment so far. Unset: the whole amount for
   * 'refunded', unchanged otherwise. A partial refund is `{status: 'approved', transaction_amount_refunded: 3}`.
   */
  transaction_amount_refunded?: number | undefined;
  notify: boolean;
}

/** A refund as `POST /v1/payments/{id}/refunds` answers it (Mercado Pago's refund resource). */
export interface StoredRefund {
  id: number;
  payment_id: number;
  amount: number;
  metadata: Record<string, never>;
  source: { id: string; name: string; type: 'collector' };
  date_created: string;
  unique_sequence_number: null;
  refund_mode: 'standard';
  adjustment_amount: number;
  status: 'approved';
  reason: null;
  labels: string[];
  amount_refunded_to_payer: number;
  partition_details: never[];
}

export interface MercadoPagoStoreOptions {
  /** This process's public address, without a trailing slash: the checkout page's (init_point) origin. */
  selfUrl: string;
  /** The secret the notifications are signed with (Mercado Pago's "assinatura secreta"). */
  webhookSecret: string;
  log: NotificationLog;
}

export class MercadoPagoStore {
  private readonly preferences = new Map<string, StoredPreference>();
  private readonly preferenceByIdempotencyKey = new Map<string, string>();
  private readonly payments = new Map<number, StoredPayment>();
  private nextPaymentId = 1_000_000_000 + Math.floor(Math.random() * 100_000_000);
  private nextOrderId = 20_000_000_000 + Math.floor(Math.random() * 100_000_000);
  private nextRefundId = 3_000_000_000 + Math.floor(Math.random() * 100_000_000);
  private readonly refundsByPayment = new Map<number, StoredRefund[]>();
  /** `X-Idempotency-Key` → the refund it made: a repeat answers the same refund and refunds nothing more. */
  private readonly refundByIdempotencyKey = new Map<string, StoredRefund>();

  constructor(private readonly options: MercadoPagoStoreOptions) {}

  /** A new preference, or the one already made with the same `X-Idempotency-Key`. */
  createPreference(body: PreferenceBody, idempotencyKey: string | undefined): StoredPreference {
    const known =
      idempotencyKey === undefined ? undefined : this.preferenceByIdempotencyKey.get(idempotencyKey);
    if (known) return this.preferences.get(known)!;
    const id = `${COLLECTOR_ID}-${randomUUID()}`;
    const checkoutUrl = `${this.options.selfUrl}/checkout/v1/redirect?pref_id=${encodeURIComponent(id)}`;
    const preference: StoredPreference = {
      ...body,
      items: body.items.map((i) => ({ ...i, currency_id: i.currency_id ?? 'BRL' })),
      id,
      collector_id: COLLECTOR_ID,
      client_id: String(COLLECTOR_ID),
      date_created: new Date().toISOString(),
      init_point: checkoutUrl,
      sandbox_init_point: checkoutUrl,
      operation_type: 'regular_payment',
    };
    this.preferences.set(id, preference);
    if (idempotencyKey !== undefined) this.preferenceByIdempotencyKey.set(idempotencyKey, id);
    return preference;
  }

  preference(id: string): StoredPreference | undefined {
    return this.preferences.get(id);
  }

  payment(id: number): StoredPayment | undefined {
    return this.payments.get(id);
  }

  /** The payments, by date of creation (newest first unless `ascending`), of one external_reference if given. */
  searchPayments(filter: { externalReference?: string | undefined; ascending: boolean }): StoredPayment[] {
    return [...this.payments.values()]
      .filter(
        (p) =>
          !filter.externalReference ||
          this.preferences.get(p.preferenceId)?.external_reference === filter.externalReference,
      )
      .sort((a, b) => (filter.ascending ? 1 : -1) * a.dateCreated.localeCompare(b.dateCreated));
  }

  /** The payer pays the preference: a new payment with the outcome, notified as 'payment.created'. */
  pay(
    preference: StoredPreference,
    outcome: Outcome,
    override: { transactionAmount?: number | undefined; currencyId?: string | undefined } = {},
    sendNotification = true,
  ): StoredPayment {
    const now = new Date().toISOString();
    const total = preference.items.reduce((sum, i) => sum + i.unit_price * i.quantity, 0);
    const payment: StoredPayment = {
      id: this.nextPaymentId++,
      preferenceId: preference.id,
      merchantOrderId: this.nextOrderId++,
      status: outcome,
      dateCreated: now,
      dateApproved: outcome === 'approved' ? now : null,
      dateLastUpdated: now,
      transactionAmount: override.transactionAmount ?? Math.round(total * 100) / 100,
      amountRefunded: 0,
      currencyId: override.currencyId ?? preference.items[0]?.currency_id ?? 'BRL',
    };
    this.payments.set(payment.id, payment);
    if (sendNotification) this.notify(payment, 'payment.created');
    return payment;
  }

  /**
   * The payment changes later (refunded, partly refunded, charged back, …), notified as 'payment.updated' unless
   * told not to. Refused when more would be refunded than was paid.
   */
  changeStatus(payment: StoredPayment, change: StatusChange): { ok: true } | { ok: false; error: string } {
    const now = new Date().toISOString();
    const refunded =
      change.transaction_amount_refunded ??
      (change.status === 'refunded' ? payment.transactionAmount : payment.amountRefunded);
    if (refunded > payment.transactionAmount)
      return { ok: false, error: 'transaction_amount_refunded exceeds transaction_amount' };
    payment.status = change.status;
    payment.amountRefunded = Math.round(refunded * 100) / 100;
    payment.dateLastUpdated = now;
    if (payment.status === 'approved') payment.dateApproved ??= now;
    if (change.notify) this.notify(payment, 'payment.updated');
    return { ok: true };
  }

  /**
   * `POST /v1/payments/{id}/refunds` as Mercado Pago documents it: no amount refunds what is left of the payment
   * (status 'refunded'), an amount refunds that part (status stays 'approved', `transaction_amount_refunded` grows);
   * only an approved payment can be refunded, never beyond what was paid. The same `X-Idempotency-Key` answers the
   * same refund again. The change is notified as 'payment.updated', as Mercado Pago does.
   */
  refund(
    payment: StoredPayment,
    amount: number | undefined,
    idempotencyKey: string | undefined,
  ): { ok: true; refund: StoredRefund } | { ok: false; error: string } {
    const known = idempotencyKey === undefined ? undefined : this.refundByIdempotencyKey.get(idempotencyKey);
    if (known) return { ok: true, refund: known };
    if (payment.status !== 'approved')
      return { ok: false, error: 'Payment not allowed to refund: invalid status' };
    const left = Math.round((payment.transactionAmount - payment.amountRefunded) * 100) / 100;
    const value = amount ?? left;
    if (!(value > 0) || value > left) return { ok: false, error: 'Invalid refund amount' };
    const refund: StoredRefund = {
      id: this.nextRefundId++,
      payment_id: payment.id,
      amount: value,
      metadata: {},
      source: { id: String(COLLECTOR_ID), name: 'Loja de testes', type: 'collector' },
      date_created: new Date().toISOString(),
      unique_sequence_number: null,
      refund_mode: 'standard',
      adjustment_amount: 0,
      status: 'approved',
      reason: null,
      labels: [],
      amount_refunded_to_payer: value,
      partition_details: [],
    };
    this.refundsByPayment.set(payment.id, [...this.refunds(payment.id), refund]);
    if (idempotencyKey !== undefined) this.refundByIdempotencyKey.set(idempotencyKey, refund);
    const refunded = Math.round((payment.amountRefunded + value) * 100) / 100;
    this.changeStatus(payment, {
      status: refunded >= payment.transactionAmount ? 'refunded' : 'approved',
      transaction_amount_refunded: refunded,
      notify: true,
    });
    return { ok: true, refund };
  }

  /** The payment's refunds, oldest first. */
  refunds(paymentId: number): StoredRefund[] {
    return this.refundsByPayment.get(paymentId) ?? [];
  }

  /** Posts the notification without holding up the caller, retrying like Mercado Pago does (here: 3 tries). */
  notify(payment: StoredPayment, action: string): void {
    void (async () => {
      for (let attempt = 0; attempt < 3; attempt++) {
        const status = await this.deliver(payment, action);
        if (status !== null && status < 300) return;
        await new Promise((r) => setTimeout(r, 500 * 2 ** attempt));
      }
      this.options.log.warn({ paymentId: payment.id }, 'mercadopago stand-in: notification not accepted');
    })();
  }

  /**
   * Sends the payment's notification once, to its preference's notification_url: the answer's HTTP status, or null
   * when there is no notification_url or the post failed.
   */
  deliver(payment: StoredPayment, action: string): Promise<number | null> {
    return deliverNotification({
      target: this.preferences.get(payment.preferenceId)?.notification_url,
      paymentId: payment.id,
      action,
      secret: this.options.webhookSecret,
      userId: String(COLLECTOR_ID),
      log: this.options.log,
    });
  }
}

export function isExpired(p: StoredPreference): boolean {
  return Boolean(p.expires && p.expiration_date_to && Date.parse(p.expiration_date_to) < Date.now());
}

/** The query Mercado Pago appends to back_urls when it sends the payer back. */
export function returnUrl(preference: StoredPreference, p: StoredPayment): string | null {
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
