import { InvalidWebhookSignatureError, WebhookSignatureValidator } from 'mercadopago';

/**
 * How far the signature's `ts` may be from now. Past it a genuine notification is refused like a forged one, so a
 * captured webhook cannot be replayed later. Mercado Pago's `ts` is in Unix SECONDS (its documentation's example:
 * `ts=1704908010`); `mercadopago` 3.3.0+ compares it as seconds (2.13 took it for milliseconds: sdk-nodejs 458).
 */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

/** Why a notification was refused: the SDK's SignatureFailureReason, or ours when the query has no `data.id`. */
export type SignatureCheck = { ok: true } | { ok: false; reason: string };

const ALPHANUMERIC = /^[a-z0-9]+$/i;

/**
 * The `data.id` that goes into the manifest: Mercado Pago signs it lower-cased when it is alphanumeric (order ids
 * such as `ORD01J...`; payment ids are digits and stay as they are). The SDK does not lower-case it itself.
 */
export function manifestDataId(dataId: string): string {
  const trimmed = dataId.trim();
  return ALPHANUMERIC.test(trimmed) ? trimmed.toLowerCase() : trimmed;
}

/**
 * Checks a notification's `x-signature` exactly as Mercado Pago documents it: `ts=<unix seconds>,v1=<hex>` where v1
 * is the HMAC-SHA256, with the webhook secret, of `id:<data.id>;request-id:<x-request-id>;ts:<ts>;`, compared in
 * constant time, with `ts` within WEBHOOK_TOLERANCE_SECONDS of now. The SDK's validator does the parsing, the HMAC,
 * the comparison and the tolerance; `now` (ms since the epoch) is for tests.
 */
export function checkMercadoPagoSignature(input: {
  signature: string | string[] | undefined;
  requestId: string | string[] | undefined;
  dataId: string | undefined;
  secret: string;
  now?: () => number;
}): SignatureCheck {
  if (!input.dataId?.trim()) return { ok: false, reason: 'MissingDataId' };
  try {
    WebhookSignatureValidator.validate({
      xSignature: input.signature,
      xRequestId: input.requestId,
      dataId: manifestDataId(input.dataId),
      secret: input.secret,
      toleranceSeconds: WEBHOOK_TOLERANCE_SECONDS,
      ...(input.now ? { now: input.now } : {}),
    });
    return { ok: true };
  } catch (err) {
    if (err instanceof InvalidWebhookSignatureError) return { ok: false, reason: String(err.reason) };
    return { ok: false, reason: 'ValidatorError' };
  }
}

/** The same, as a yes or no. */
export const isSignedByMercadoPago = (input: Parameters<typeof checkMercadoPagoSignature>[0]): boolean =>
  checkMercadoPagoSignature(input).ok;
