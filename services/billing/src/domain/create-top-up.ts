import { randomUUID } from 'node:crypto';
import { Msg } from '@app/contracts';
import { reaisToCents } from '@app/contracts/format';
import type { BillingDeps } from './deps.js';
import type { CreatedPreference } from './payment-provider.js';

export interface TopUpUrls {
  /** The site's public address: back_urls and notification_url hang off it. */
  publicUrl: string;
}

/**
 * Creates a pending top-up and its Checkout Pro preference: one BRL item priced here from the whole-reais amount,
 * external_reference = the top-up id (how a payment finds its top-up), the top-up id as idempotency key.
 */
export async function createTopUp(
  deps: BillingDeps,
  input: { userId: string; amountReais: number; validForHours: number } & TopUpUrls,
): Promise<CreatedPreference> {
  const topUpId = randomUUID();
  const amountCents = reaisToCents(input.amountReais);
  await deps.store.topUps.createTopUp({ id: topUpId, userId: input.userId, amountCents });
  const base = input.publicUrl.replace(/\/+$/, '');
  let preference: CreatedPreference;
  try {
    preference = await deps.provider.createPreference({
      topUpId,
      amountCents,
      title: Msg.topUpItemTitle,
      successUrl: `${base}/pagamento-sucesso`,
      failureUrl: `${base}/adicionar-saldo`,
      // source_news=webhooks: only signed Webhooks notifications, not the unsigned legacy IPN ones.
      notificationUrl: `${base}/api/webhooks/mercadopago?source_news=webhooks`,
      expiresAt: new Date(Date.now() + input.validForHours * 3600_000),
    });
  } catch (err) {
    await deps.store.topUps.discardTopUp(topUpId);
    throw err;
  }
  await deps.store.topUps.attachPreference(topUpId, preference.id);
  await deps.events
    .topUpCreated({ topUpId, userId: input.userId, amountCents })
    .catch((err: unknown) => deps.logger.error({ err, topUpId }, 'topup.created event not published'));
  return preference;
}
