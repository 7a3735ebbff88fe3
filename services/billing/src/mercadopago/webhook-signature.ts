import { WebhookSignatureValidator } from 'mercadopago';

/**
 * Checks a notification's `x-signature` the way Mercado Pago documents it (HMAC-SHA256 of
 * `id:<data.id>;request-id:<x-request-id>;ts:<ts>;` with the webhook secret), using the SDK's own validator.
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
    });
    return true;
  } catch {
    return false;
  }
}
