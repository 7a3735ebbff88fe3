import { describe, expect, it } from 'vitest';
import { Events } from '@app/contracts';
import { eventIdOf, eventMessage } from '../../src/nats/events.js';

describe('eventMessage (Bus.publishEvent): the business id names the event', () => {
  it('uses subject and business id as eventId and JetStream msgID, so a repeat of the same fact is dropped', () => {
    const payload = { userId: 'u-1', email: 'ana@exemplo.com' };
    const at = new Date('2026-11-24T12:00:00Z');
    const first = eventMessage(Events.userActivated, payload, 'u-1', at);
    const second = eventMessage(Events.userActivated, payload, 'u-1', at);
    expect(first).toEqual({
      payload: { ...payload, eventId: 'events.auth.user.activated:u-1', at: '2026-11-24T12:00:00.000Z' },
      msgID: 'events.auth.user.activated:u-1',
    });
    expect(second).toEqual(first);
    expect(eventIdOf(Events.userActivated, 'u-1')).toBe(first.msgID);
    // Another fact of the same kind, or the same id of another kind, is another event.
    expect(eventMessage(Events.userActivated, payload, 'u-2').msgID).not.toBe(first.msgID);
    expect(
      eventMessage(Events.userRegistered, { ...payload, fullname: 'Ana', fromGoogle: false }, 'u-1').msgID,
    ).not.toBe(first.msgID);
  });
});
