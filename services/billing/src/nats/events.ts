import { Events } from '@app/contracts';
import type { Bus } from '@app/kit';
import type { BillingEvents } from '../domain/deps.js';

/** Events go out with the business id as msgID, so a repeat inside JetStream's window is dropped. */
export function natsBillingEvents(bus: Bus): BillingEvents {
  return {
    async topUpCreated(e) {
      const eventId = `topup.created:${e.topUpId}`;
      const { topUpId, ...rest } = e;
      await bus.publish(
        Events.topupCreated,
        { eventId, at: now(), topupId: topUpId, ...rest },
        { msgID: eventId },
      );
    },
    async topUpCredited(e) {
      const eventId = `topup.credited:${e.paymentId}`;
      const { topUpId, ...rest } = e;
      await bus.publish(
        Events.topupCredited,
        { eventId, at: now(), topupId: topUpId, ...rest },
        { msgID: eventId },
      );
    },
    async topUpReversed(e) {
      // One event per reversal entry: the same key as the ledger's (payment + cents reversed in all).
      const eventId = `topup.reversed:${e.paymentId}:${e.totalReversedCents}`;
      const { topUpId, ...rest } = e;
      await bus.publish(
        Events.topupReversed,
        { eventId, at: now(), topupId: topUpId, ...rest },
        { msgID: eventId },
      );
    },
  };
}

const now = () => new Date().toISOString();
