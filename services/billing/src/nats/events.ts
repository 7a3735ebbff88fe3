import { Events } from '@app/contracts';
import type { Bus } from '@app/kit';
import type { BillingEvents } from '../domain/deps.js';

/** billing's events over NATS (Bus.publishEvent: the business id names each one, so a repeat is dropped). */
export function natsBillingEvents(bus: Pick<Bus, 'publishEvent'>): BillingEvents {
  return {
    async topUpCreated({ topUpId, ...rest }) {
      await bus.publishEvent(Events.topupCreated, { topupId: topUpId, ...rest }, topUpId);
    },
    async topUpCredited({ topUpId, ...rest }) {
      await bus.publishEvent(Events.topupCredited, { topupId: topUpId, ...rest }, rest.paymentId);
    },
    async topUpReversed({ topUpId, ...rest }) {
      // One event per reversal entry: the same key as the ledger's (payment + cents reversed in all).
      const id = `${rest.paymentId}:${rest.totalReversedCents}`;
      await bus.publishEvent(Events.topupReversed, { topupId: topUpId, ...rest }, id);
    },
    async topUpRefunded({ topUpId, ...rest }) {
      // One per payment: a payment is refunded once.
      await bus.publishEvent(Events.topupRefunded, { topupId: topUpId, ...rest }, rest.paymentId);
    },
    async balanceChanged({ changeId, ...rest }) {
      await bus.publishEvent(Events.balanceChanged, rest, changeId);
    },
  };
}
