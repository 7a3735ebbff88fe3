import type { Logger } from '@app/kit';
import type { BillingConfig } from '../config.js';
import type { PaymentProvider } from './payment-provider.js';
import type { BillingStore, ReversalReason } from './ports.js';

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
    reason: ReversalReason;
  }): Promise<void>;
  /** A payment approved for a deleted account was refunded through the provider, once per payment. */
  topUpRefunded(e: {
    topUpId: string;
    userId: string;
    paymentId: string;
    amountCents: number;
    refundId: string;
    reason: 'account_deleted';
  }): Promise<void>;
  /**
   * The member's money view changed: every gateway tells that member's open screens. `version` is the
   * ledger entry behind `balanceCents`; both null for `payment_status` (a pending payment's status changed).
   */
  balanceChanged(e: {
    userId: string;
    cause: 'top_up' | 'purchase' | 'reversal' | 'payment_status';
    balanceCents: number | null;
    version: number | null;
    /** Names the change once (the event's business id): a repeat is dropped. */
    changeId: string;
  }): Promise<void>;
}

export interface BillingDeps {
  /** Storage, as the repositories of ports.ts (implemented in persistence/store.ts). */
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
  config: BillingConfig;
  background: { run(name: string, fn: () => Promise<unknown>): void };
}
