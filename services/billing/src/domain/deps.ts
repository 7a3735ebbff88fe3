import type { Logger } from '@app/kit';
import type { BillingStore } from '../persistence/billing-store.js';
import type { PaymentProvider } from './payment-provider.js';

/** What billing announces to the rest of the system (implemented over NATS in src/nats/events.ts). */
export interface BillingEvents {
  topUpCreated(e: { topUpId: string; userId: string; amountCents: number }): Promise<void>;
  topUpCredited(e: {
    topUpId: string;
    userId: string;
    amountCents: number;
    paymentId: string;
  }): Promise<void>;
}

export interface BillingDeps {
  store: BillingStore;
  provider: PaymentProvider;
  events: BillingEvents;
  logger: Logger;
}
