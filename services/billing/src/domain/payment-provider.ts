/**
 * What billing needs from a payment provider. The Mercado Pago adapter (src/mercadopago/) implements it with the
 * official SDK; the domain never sees the SDK, and never knows whether it talks to Mercado Pago or the stand-in.
 */
export interface PreferenceRequest {
  topUpId: string;
  amountCents: number;
  title: string;
  successUrl: string;
  failureUrl: string;
  notificationUrl: string;
  expiresAt: Date;
}

export interface CreatedPreference {
  id: string;
  initPoint: string;
}

export type ProviderPaymentStatus =
  | 'approved'
  | 'pending'
  | 'authorized'
  | 'in_process'
  | 'in_mediation'
  | 'rejected'
  | 'cancelled'
  | 'refunded'
  | 'charged_back'
  | (string & {});

/**
 * The fields of a payment that decide whether it credits a top-up. The ids keep billing's names from here to the
 * ledger (README, "One name for each id"): `paymentId` is Mercado Pago's payment id (its `id`, `payment_id` on the
 * return, `data.id` in a notification); `topUpId` is the top-up the payment says it pays (its `external_reference`,
 * which billing set to the top-up's id: null, or any string, for a payment not made through billing).
 */
export interface ProviderPayment {
  paymentId: string;
  status: ProviderPaymentStatus;
  topUpId: string | null;
  currencyId: string | null;
  /** Exact cents of `transaction_amount`. */
  amountCents: number;
  /** Exact cents of `transaction_amount_refunded` (partial refunds keep status 'approved'). */
  refundedCents: number;
}

export interface PaymentProvider {
  createPreference(request: PreferenceRequest): Promise<CreatedPreference>;
  /** null when the provider does not know the payment. */
  getPayment(paymentId: string): Promise<ProviderPayment | null>;
  /** Payments made for a top-up (Mercado Pago: searched by external_reference), newest first. */
  findPayments(topUpId: string): Promise<ProviderPayment[]>;
  /**
   * Refunds the whole payment to the payer (Mercado Pago: `POST /v1/payments/{id}/refunds`, empty body). The same
   * `idempotencyKey` answers the same refund however often it is sent. Throws ProviderUnavailableError on failure.
   */
  refundPayment(paymentId: string, idempotencyKey: string): Promise<{ refundId: string }>;
}

/** The provider could not be reached or answered an error other than "not found". */
export class ProviderUnavailableError extends Error {}
