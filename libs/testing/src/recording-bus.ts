import { vi, type Mock } from 'vitest';
import { eventMessage, type Bus } from '@app/kit';

/**
 * A bus for unit tests of use cases: `publish` records every message (a vitest mock: `publish.mock.calls`, and
 * `mockRejectedValueOnce` to play a broker that refuses one), and `publishEvent` sends through it what the real
 * Bus.publishEvent sends (kit `eventMessage`: the eventId and msgID named by the business id).
 */
export function recordingBus(): {
  publish: Mock<(...args: unknown[]) => Promise<void>>;
  publishEvent: Bus['publishEvent'];
} {
  const publish = vi.fn(async (..._args: unknown[]) => {});
  const publishEvent: Bus['publishEvent'] = async (def, payload, businessId, at) => {
    const message = eventMessage(def, payload, businessId, at);
    await publish(def, message.payload, { msgID: message.msgID });
    return message.msgID;
  };
  return { publish, publishEvent };
}
