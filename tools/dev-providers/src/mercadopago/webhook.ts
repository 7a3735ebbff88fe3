import { createHmac, randomUUID } from 'node:crypto';

/** Where a notification that could not be posted is told (Fastify's logger, in the stand-in). */
export interface NotificationLog {
  warn(obj: object, msg: string): void;
}

/**
 * One signed webhook, as Mercado Pago sends it: `?data.id=<id>&type=payment`, `x-request-id`, and
 * `x-signature: ts=<unix SECONDS>,v1=<hex hmac-sha256 of "id:<data.id>;request-id:<x-request-id>;ts:<ts>;">`
 * (data.id lower-cased when alphanumeric; payment ids are digits). Answers the HTTP status, or null when there is no
 * target or the post failed.
 */
export async function deliverNotification(n: {
  /** The preference's notification_url. */
  target: string | undefined;
  paymentId: number;
  action: string;
  secret: string;
  userId: string;
  log: NotificationLog;
}): Promise<number | null> {
  if (!n.target) return null;
  const dataId = String(n.paymentId);
  const url = new URL(n.target);
  url.searchParams.set('data.id', dataId);
  url.searchParams.set('type', 'payment');
  const requestId = randomUUID();
  const ts = String(Math.floor(Date.now() / 1000));
  const manifestId = /^[a-z0-9]+$/i.test(dataId) ? dataId.toLowerCase() : dataId;
  const v1 = createHmac('sha256', n.secret)
    .update(`id:${manifestId};request-id:${requestId};ts:${ts};`)
    .digest('hex');
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-request-id': requestId,
        'x-signature': `ts=${ts},v1=${v1}`,
      },
      body: JSON.stringify({
        action: n.action,
        api_version: 'v1',
        data: { id: dataId },
        date_created: new Date().toISOString(),
        id: Date.now(),
        live_mode: false,
        type: 'payment',
        user_id: n.userId,
      }),
      signal: AbortSignal.timeout(10_000),
    });
    return res.status;
  } catch (err) {
    n.log.warn({ err, paymentId: n.paymentId }, 'mercadopago stand-in: notification failed');
    return null;
  }
}
