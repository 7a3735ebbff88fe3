import { describe, expect, it } from 'vitest';
import { BalanceEvent, MemberEventName } from '@app/contracts';
import { decodeMemberEvent, readBalanceChange } from '../../src/session/memberEvents';

/** What the gateway sends: the event's data as JSON, written from the same schema. */
const sent = (event: BalanceEvent) => JSON.stringify(BalanceEvent.parse(event));

describe("the member stream's events, read with their contracts' schemas", () => {
  it('reads a balance change as the global state takes it', () => {
    const data = sent({ cause: 'purchase', balance: 9.5, version: 42 });
    expect(decodeMemberEvent(MemberEventName.balance, data)).toEqual({
      cause: 'purchase',
      balance: 9.5,
      version: 42,
    });
    expect(readBalanceChange(data)).toEqual({ balance: 9.5, version: 42 });
  });

  it("reads a pending payment's change (no balance, no version)", () => {
    const data = sent({ cause: 'payment_status', balance: null, version: null });
    expect(readBalanceChange(data)).toEqual({ balance: null, version: null });
  });

  it('reads a resync', () => {
    expect(decodeMemberEvent(MemberEventName.resync, '{}')).toEqual({});
  });

  it('refuses a malformed balance event: not JSON, a missing or wrong field, an unknown cause', () => {
    for (const data of [
      '',
      'not json',
      '{"balance": 9.5',
      'null',
      '[]',
      JSON.stringify({ balance: 9.5, version: 42 }),
      JSON.stringify({ cause: 'purchase', balance: '9,50', version: 42 }),
      JSON.stringify({ cause: 'purchase', balance: 9.5, version: 0 }),
      JSON.stringify({ cause: 'purchase', balance: 9.5, version: 1.5 }),
      JSON.stringify({ cause: 'gift', balance: 9.5, version: 42 }),
    ]) {
      expect(decodeMemberEvent(MemberEventName.balance, data), data).toBeNull();
      expect(readBalanceChange(data), data).toBeNull();
    }
  });

  it('refuses a resync that is not JSON', () => {
    expect(decodeMemberEvent(MemberEventName.resync, 'resync')).toBeNull();
  });
});
