import { MercadoPagoConfig, Payment, PaymentRefund, Preference } from 'mercadopago';
import { AppConfig } from 'mercadopago/dist/utils/config/index.js';
import { centsToReais, reaisToCents } from '@app/contracts/format';
import {
  ProviderUnavailableError,
  type CreatedPreference,
  type PaymentProvider,
  type PreferenceRequest,
  type ProviderPayment,
} from '../domain/payment-provider.js';

export interface MercadoPagoOptions {
  accessToken: string;
  /** Unset: api.mercadopago.com. Dev and tests: the stand-in of tools/dev-providers. */
  baseUrl?: string;
  timeoutMs?: number;
}

/** What the SDK throws for a non-2xx answer: Mercado Pago's error body, not an Error. */
interface ApiErrorBody {
  status?: number;
  message?: string;
}

interface PaymentFields {
  id?: number | string;
  status?: string;
  external_reference?: string | null;
  currency_id?: string | null;
  transaction_amount?: number;
  transaction_amount_refunded?: number;
}

/**
 * The PaymentProvider of billing, built on the official `mercadopago` SDK.
 *
 * The SDK has no base-URL option: every call goes to the static `AppConfig.BASE_URL`. Pointing that one constant
 * at MP_BASE_URL is the whole switch between Mercado Pago and its stand-in; the requests, headers (token,
 * idempotency key) and parsing stay the SDK's own.
 */
export function createMercadoPagoProvider(options: MercadoPagoOptions): PaymentProvider {
  // Declared readonly in the SDK's types, but a plain static property at run time.
  if (options.baseUrl) (AppConfig as { BASE_URL: string }).BASE_URL = options.baseUrl.replace(/\/+$/, '');
  // The SDK merges per-call options into the config object it was given (an idempotency key would stick to
  // later calls), so each call gets a config of its own.
  const config = () =>
    new MercadoPagoConfig({
      accessToken: options.accessToken,
      options: { timeout: options.timeoutMs ?? 8000 },
    });

  return {
    async createPreference(req: PreferenceRequest): Promise<CreatedPreference> {
      const created = await call(() =>
        new Preference(config()).create({
          body: {
            items: [
              {
                id: 'saldo',
                title: req.title,
                quantity: 1,
                currency_id: 'BRL',
                unit_price: centsToReais(req.amountCents),
              },
            ],
            external_reference: req.topUpId,
            back_urls: { success: req.successUrl, pending: req.successUrl, failure: req.failureUrl },
            auto_return: 'approved',
            notification_url: req.notificationUrl,
            expires: true,
            expiration_date_to: req.expiresAt.toISOString(),
          },
          requestOptions: { idempotencyKey: req.topUpId },
        }),
      );
      if (!created.id || !created.init_point)
        throw new ProviderUnavailableError('preference without id or init_point');
      return { id: created.id, initPoint: created.init_point };
    },

    async getPayment(paymentId: string): Promise<ProviderPayment | null> {
      try {
        return toPayment(await new Payment(config()).get({ id: paymentId }));
      } catch (err) {
        const status = (err as ApiErrorBody)?.status;
        if (status === 404 || status === 400) return null;
        throw new ProviderUnavailableError(describe(err));
      }
    },

    async findPayments(topUpId: string): Promise<ProviderPayment[]> {
      const found = await call(() =>
        new Payment(config()).search({
          options: { external_reference: topUpId, sort: 'date_created', criteria: 'desc' },
        }),
      );
      return (found.results ?? []).map(toPayment);
    },

    async refundPayment(paymentId: string, idempotencyKey: string): Promise<{ refundId: string }> {
      const refund = await call(() =>
        new PaymentRefund(config()).total({ payment_id: paymentId, requestOptions: { idempotencyKey } }),
      );
      if (refund.id === undefined || refund.id === null)
        throw new ProviderUnavailableError('refund without an id');
      return { refundId: String(refund.id) };
    },
  };
}

function toPayment(p: PaymentFields): ProviderPayment {
  return {
    paymentId: String(p.id),
    status: p.status ?? 'unknown',
    topUpId: p.external_reference ?? null,
    currencyId: p.currency_id ?? null,
    amountCents: reaisToCents(p.transaction_amount ?? 0),
    refundedCents: reaisToCents(p.transaction_amount_refunded ?? 0),
  };
}

async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw new ProviderUnavailableError(describe(err));
  }
}

function describe(err: unknown): string {
  if (err instanceof Error) return err.message;
  const body = err as ApiErrorBody;
  return `mercado pago answered ${body?.status ?? '?'}: ${body?.message ?? 'no message'}`;
}
