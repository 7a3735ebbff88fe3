import type { Logger } from '@app/kit';
import type { BillingConfig } from '../config.js';
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
    balanceCents: number;
  }): Promise<void>;
  /** A refund or chargeback took back `amountCents` of a credited payment (`totalReversedCents` in all). */
  topUpReversed(e: {
    topUpId: string;
    userId: string;
    paymentId: string;
    amountCents: number;
    totalReversedCents: number;
    balanceCents: number;
    reason: 'refund' | 'chargeback';
  }): Promise<void>;
}

export interface BillingDeps {
  store: BillingStore;
  provider: PaymentProvider;
  events: BillingEvents;
  logger: Logger;
  /** The money moved, for Prometheus (src/metrics.ts); absent where nobody counts (unit tests). */
  money?: MoneyCounters;
}

export interface MoneyCounters {
  credited(amountCents: number): void;
  reversed(amountCents: number): void;
}

/**
 * What billing's routes and NATS handlers are built with (src/service.ts): the use cases' deps, the settings, and the
 * work started after an HTTP answer (the webhook's settlement), which shutdown waits for.
 */
export interface BillingServiceDeps extends BillingDeps {
  store: BillingStore;
  config: BillingConfig;
  background: { run(name: string, fn: () => Promise<unknown>): void };
}
