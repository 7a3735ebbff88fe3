import { Events } from '@app/contracts';
import type { Bus } from '@app/kit';
import type { BillingEvents } from '../domain/deps.js';

/** billing's events over NATS (Bus.publishEvent: the business id names each one, so a repeat is dropped). */
export function natsBillingEvents(bus: Pick<Bus, 'publishEvent'>): BillingEvents {
  return {
    async topUpCreated(event) {
      await bus.publishEvent(Events.topupCreated, event, event.topUpId);
    },
    async topUpCredited(event) {
      await bus.publishEvent(Events.topupCredited, event, event.paymentId);
    },
    async topUpReversed(event) {
      // One event per reversal entry: the same key as the ledger's (payment + cents reversed in all).
      await bus.publishEvent(Events.topupReversed, event, `${event.paymentId}:${event.totalReversedCents}`);
    },
    async topUpRefunded(event) {
      // One per payment: a payment is refunded once.
      await bus.publishEvent(Events.topupRefunded, event, event.paymentId);
    },
    async balanceChanged({ changeId, ...rest }) {
      await bus.publishEvent(Events.balanceChanged, rest, changeId);
    },
  };
}
