import { WebhookSignatureValidator } from 'mercadopago';

/**
 * How far the signature's `ts` may be from now. Past it a genuine notification is refused like a forged one, so a
 * captured webhook cannot be replayed later. `ts` is in milliseconds: what Mercado Pago's SDK (2.13) compares with
 * `Date.now()`, and what the stand-in in tools/dev-providers signs.
 */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

/**
 * Checks a notification's `x-signature` the way Mercado Pago documents it (HMAC-SHA256 of
 * `id:<data.id>;request-id:<x-request-id>;ts:<ts>;` with the webhook secret) and that its `ts` is within
 * WEBHOOK_TOLERANCE_SECONDS of now, using the SDK's own validator (its `toleranceSeconds` option).
 */
export function isSignedByMercadoPago(input: {
  signature: string | string[] | undefined;
  requestId: string | string[] | undefined;
  dataId: string | undefined;
  secret: string;
}): boolean {
  if (!input.dataId) return false;
  try {
    WebhookSignatureValidator.validate({
      xSignature: input.signature,
      xRequestId: input.requestId,
      dataId: input.dataId,
      secret: input.secret,
      toleranceSeconds: WEBHOOK_TOLERANCE_SECONDS,
    });
    return true;
  } catch {
    return false;
  }
}
