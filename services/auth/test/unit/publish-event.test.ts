import { describe, expect, it, vi } from 'vitest';
import { Events } from '@app/contracts';
import type { AuthDeps } from '../../src/domain/deps.js';
import { publishEvent } from '../../src/domain/deps.js';

describe('publishEvent: the business id names the event', () => {
  it('uses subject and business id as eventId and JetStream msgID, so a repeat of the same fact is dropped', async () => {
    const publish = vi.fn(async (..._args: unknown[]) => {});
    const deps = { bus: { publish } } as unknown as Pick<AuthDeps, 'bus'>;
    const payload = { userId: 'u-1', email: 'ana@exemplo.com' };
    await publishEvent(deps, Events.userActivated, payload, 'u-1');
    await publishEvent(deps, Events.userActivated, payload, 'u-1');
    const calls = publish.mock.calls as Array<[unknown, { eventId: string }, { msgID: string }]>;
    const [, first, firstOpts] = calls[0]!;
    const [, second, secondOpts] = calls[1]!;
    expect(first.eventId).toBe(`${Events.userActivated.subject}:u-1`);
    expect(firstOpts.msgID).toBe(first.eventId);
    expect(secondOpts.msgID).toBe(firstOpts.msgID);
    expect(second.eventId).toBe(first.eventId);
  });
});
