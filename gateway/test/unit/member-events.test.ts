import type { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLogger } from '@app/kit';
import { MemberStreams, RECONNECT_MS } from '../../src/member-events.js';

const logger = createLogger('gateway', 'silent');
const HOUR = 3_600_000;
let hub: MemberStreams;
afterEach(() => hub?.closeAll());

/** Everything written to a stream so far, and whether it ended. */
function reader(out: PassThrough) {
  const seen = { text: '', ended: false };
  out.on('data', (chunk: Buffer) => (seen.text += chunk.toString()));
  out.on('end', () => (seen.ended = true));
  return seen;
}
/** Slots given back, by stream: each stream's `release` counts here. */
let released: string[] = [];
beforeEach(() => (released = []));
const open = (userId: string, tokenVersion = 0, expiresAt = Date.now() + HOUR) => {
  const out = hub.open(userId, tokenVersion, expiresAt, () => released.push(userId));
  if (typeof out === 'string') throw new Error(out);
  return reader(out);
};
const flush = () => new Promise((resolve) => setImmediate(resolve));

describe("members' live streams", () => {
  it('starts each stream with its reconnection delay, and writes an event to the streams of that member only', async () => {
    hub = new MemberStreams({ lifetimeMs: HOUR, logger });
    const [tab1, tab2, other] = [open('ana'), open('ana'), open('bia')];
    hub.send('ana', 'balance', { cause: 'top_up', balance: 10, version: 7 });
    await flush();
    const frame = 'event: balance\ndata: {"cause":"top_up","balance":10,"version":7}\n\n';
    expect(tab1.text).toBe(`retry: ${RECONNECT_MS}\n\n${frame}`);
    expect(tab2.text).toBe(`retry: ${RECONNECT_MS}\n\n${frame}`);
    expect(other.text).toBe(`retry: ${RECONNECT_MS}\n\n`);
    expect(hub.size).toBe(3);
  });

  it('ends the streams of sessions older than a revocation, keeps newer ones, and refuses an old token afterwards', async () => {
    hub = new MemberStreams({ lifetimeMs: HOUR, logger });
    const [old, current] = [open('ana', 1), open('ana', 2)];
    hub.endSessions('ana', 2);
    await flush();
    expect(old.ended).toBe(true);
    expect(current.ended).toBe(false);
    expect(hub.size).toBe(1);
    expect(hub.open('ana', 1, Date.now() + HOUR, () => undefined)).toBe('revoked');
    expect(typeof hub.open('ana', 2, Date.now() + HOUR, () => undefined)).toBe('object');
    expect(released).toEqual(['ana']);
  });

  it('ends a stream when its token expires', async () => {
    hub = new MemberStreams({ lifetimeMs: HOUR, logger });
    const expired = open('ana', 0, Date.now() - 1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    await flush();
    expect(expired.ended).toBe(true);
    expect(hub.size).toBe(0);
  });

  it('ends a stream after its lifetime (the browser reconnects and takes its slots anew), giving them back once', async () => {
    hub = new MemberStreams({ lifetimeMs: 0, logger });
    const stream = open('ana');
    await new Promise((resolve) => setTimeout(resolve, 0));
    await flush();
    expect(stream.ended).toBe(true);
    expect(hub.size).toBe(0);
    expect(released).toEqual(['ana']);
  });

  it('forgets a stream whose browser went away, and tells every stream to resync', async () => {
    hub = new MemberStreams({ lifetimeMs: HOUR, logger });
    const out = hub.open('ana', 0, Date.now() + HOUR, () => released.push('ana')) as PassThrough;
    const kept = open('bia');
    out.destroy();
    await flush();
    expect(hub.size).toBe(1);
    expect(released).toEqual(['ana']);
    hub.broadcast('resync', {});
    await flush();
    expect(kept.text).toContain('event: resync\ndata: {}\n\n');
  });
});
