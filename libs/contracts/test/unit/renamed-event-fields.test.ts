import { describe, expect, it } from 'vitest';
import { Events, type MessagePayload } from '../../src/index.js';

/**
 * Billing's events once named the top-up `topupId`; they say `topUpId` now, as the rest of the system. EVENTS
 * keeps its events for EVENTS_MAX_AGE_DAYS, so a projection that replays it still meets the old key.
 */
const base = { eventId: 'events.billing.topup.credited:77', at: '2026-11-20T10:00:00.000Z', userId: 'ana' };

describe('the top-up events take the old name of the top-up id during the transition', () => {
  const cases = [
    { def: Events.topupCreated, rest: { amountCents: 1000 } },
    { def: Events.topupCredited, rest: { amountCents: 1000, paymentId: '77', balanceCents: 1000 } },
    {
      def: Events.topupReversed,
      rest: {
        paymentId: '77',
        amountCents: 400,
        totalReversedCents: 400,
        balanceCents: 600,
        reason: 'refund',
      },
    },
    {
      def: Events.topupRefunded,
      rest: { paymentId: '77', amountCents: 1000, refundId: 'r-1', reason: 'account_deleted' },
    },
  ] as const;

  it.each(cases)('$def.subject: a payload stored with topupId parses to topUpId', ({ def, rest }) => {
    const stored = { ...base, ...rest, topupId: 't-1' };
    expect(def.payload.parse(stored)).toEqual({ ...base, ...rest, topUpId: 't-1' });
  });

  it.each(cases)('$def.subject: a payload with topUpId parses unchanged', ({ def, rest }) => {
    const current = { ...base, ...rest, topUpId: 't-1' };
    expect(def.payload.parse(current)).toEqual(current);
  });

  it('keeps the new key when a payload carries both, and refuses one with neither', () => {
    const both = { ...base, amountCents: 1000, topupId: 'old', topUpId: 'new' };
    expect(Events.topupCreated.payload.parse(both)).toEqual({ ...base, amountCents: 1000, topUpId: 'new' });
    const neither = Events.topupCreated.payload.safeParse({ ...base, amountCents: 1000 });
    expect(neither.success).toBe(false);
    expect(neither.error?.issues.map((i) => i.path.join('.'))).toEqual(['topUpId']);
    expect(Events.topupCreated.payload.safeParse(null).success).toBe(false);
  });

  it('gives consumers only the new name', () => {
    const parsed: MessagePayload<typeof Events.topupCredited> = Events.topupCredited.payload.parse({
      ...base,
      amountCents: 1000,
      paymentId: '77',
      topupId: 't-1',
    });
    expect(parsed.topUpId).toBe('t-1');
    expect('topupId' in parsed).toBe(false);
  });
});
