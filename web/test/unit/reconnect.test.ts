import { describe, expect, it } from 'vitest';
import {
  FIRST_DELAY_MS,
  keepConnected,
  MAX_DELAY_MS,
  reconnectDelayMs,
  type LiveSource,
} from '../../src/session/reconnect';

/** A stream the test drives: `refuse(status)` is the server's refusal (the source closes), `accept()` an open. */
class FakeSource implements LiveSource {
  readyState = 0;
  closed = false;
  private readonly listeners: Record<string, Array<(event: { code?: number }) => void>> = {};
  addEventListener(type: 'open' | 'error', listener: (event: { code?: number }) => void) {
    (this.listeners[type] ??= []).push(listener);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  accept() {
    this.readyState = 1;
    for (const l of this.listeners.open ?? []) l({});
  }
  refuse(code?: number) {
    this.readyState = 2;
    for (const l of this.listeners.error ?? []) l({ code });
  }
  /** A dropped connection the package reconnects by itself (CONNECTING, not CLOSED). */
  drop() {
    this.readyState = 0;
    for (const l of this.listeners.error ?? []) l({});
  }
}

/** Timers the test fires by hand: what was scheduled, with its delay. */
function manualTimers() {
  const pending = new Map<number, { run: () => void; ms: number }>();
  let next = 1;
  return {
    pending,
    setTimeout: ((run: () => void, ms: number) => {
      pending.set(next, { run, ms });
      return next++;
    }) as unknown as typeof globalThis.setTimeout,
    clearTimeout: ((id: number) => void pending.delete(id)) as unknown as typeof globalThis.clearTimeout,
    fire() {
      const [id, timer] = [...pending.entries()][0]!;
      pending.delete(id);
      timer.run();
      return timer.ms;
    },
  };
}

describe('the live stream kept connected', () => {
  it('backs off 3 s, 6 s, 12 s… up to 5 minutes, with up to a fifth more at random', () => {
    const none = () => 0;
    expect([0, 1, 2, 3].map((a) => reconnectDelayMs(a, none))).toEqual([3000, 6000, 12000, 24000]);
    expect(reconnectDelayMs(30, none)).toBe(MAX_DELAY_MS);
    expect(reconnectDelayMs(0, () => 0.999)).toBeLessThanOrEqual(FIRST_DELAY_MS * 1.2);
  });

  it('opens a new stream after each refusal (429, 503), backing off; an open resets the back-off', () => {
    const sources: FakeSource[] = [];
    const timers = manualTimers();
    keepConnected(
      () => sources[sources.push(new FakeSource()) - 1]!,
      timers,
      () => 0,
    );
    sources[0]!.refuse(429);
    expect(timers.fire()).toBe(3000);
    sources[1]!.refuse(503);
    expect(timers.fire()).toBe(6000);
    sources[2]!.refuse(429);
    expect(timers.fire()).toBe(12000);
    sources[3]!.accept();
    sources[3]!.refuse(429);
    expect(timers.fire()).toBe(3000);
    expect(sources).toHaveLength(5);
  });

  it('leaves a dropped stream to the package (it reconnects by itself) and a 401 closed (the session ended)', () => {
    const sources: FakeSource[] = [];
    const timers = manualTimers();
    keepConnected(
      () => sources[sources.push(new FakeSource()) - 1]!,
      timers,
      () => 0,
    );
    sources[0]!.drop();
    expect(timers.pending.size).toBe(0);
    sources[0]!.refuse(401);
    expect(timers.pending.size).toBe(0);
    expect(sources).toHaveLength(1);
  });

  it('once stopped, closes its stream and opens no other', () => {
    const sources: FakeSource[] = [];
    const timers = manualTimers();
    const stop = keepConnected(
      () => sources[sources.push(new FakeSource()) - 1]!,
      timers,
      () => 0,
    );
    sources[0]!.refuse(429);
    stop();
    expect(timers.pending.size).toBe(0);
    expect(sources[0]!.closed).toBe(true);
    expect(sources).toHaveLength(1);
  });
});
