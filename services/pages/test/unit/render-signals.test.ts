import { afterEach, describe, expect, it, vi } from 'vitest';
import { RenderSignals, waitForRender } from '../../src/domain/render-signals.js';

/** Whether the promise has settled by now (without waiting for it). */
const settledNow = <T>(p: Promise<T>) => Promise.race([p, Promise.resolve('pending' as const)]);

describe('waiting for a render', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers at once when the render is already stored', async () => {
    vi.useFakeTimers();
    let loads = 0;
    const found = waitForRender(new RenderSignals(), 'c1', async () => (loads++, 'png'), {
      timeoutMs: 5000,
      recheckMs: 1000,
    });
    // No clock has moved: the first load answered it.
    await vi.advanceTimersByTimeAsync(0);
    expect(await settledNow(found)).toBe('png');
    expect(loads).toBe(1);
  });

  it('wakes up on the signal instead of waiting for the next re-check', async () => {
    vi.useFakeTimers();
    const signals = new RenderSignals();
    let stored: string | null = null;
    const found = waitForRender(signals, 'c2', async () => stored, { timeoutMs: 5000, recheckMs: 4000 });
    await vi.advanceTimersByTimeAsync(50);
    expect(await settledNow(found)).toBe('pending');
    stored = 'png';
    signals.notify('c2');
    // Well before the 4 s re-check.
    await vi.advanceTimersByTimeAsync(0);
    expect(await settledNow(found)).toBe('png');
  });

  it('re-checks the database for renders stored elsewhere (no signal here)', async () => {
    vi.useFakeTimers();
    let loads = 0;
    const found = waitForRender(new RenderSignals(), 'c3', async () => (++loads === 3 ? 'png' : null), {
      timeoutMs: 5000,
      recheckMs: 20,
    });
    await vi.advanceTimersByTimeAsync(19);
    expect(loads).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(loads).toBe(2);
    expect(await settledNow(found)).toBe('pending');
    await vi.advanceTimersByTimeAsync(20);
    expect(await settledNow(found)).toBe('png');
    expect(loads).toBe(3);
  });

  it('gives up with null at the timeout, having checked once per re-check interval', async () => {
    vi.useFakeTimers();
    let loads = 0;
    const found = waitForRender(new RenderSignals(), 'c4', async () => (loads++, null), {
      timeoutMs: 300,
      recheckMs: 100,
    });
    await vi.advanceTimersByTimeAsync(299);
    expect(await settledNow(found)).toBe('pending');
    expect(loads).toBe(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settledNow(found)).toBeNull();
    // At 0, 100, 200 and the last look at 300 ms.
    expect(loads).toBe(4);
  });

  it('a signal for another page does not wake the waiter', async () => {
    vi.useFakeTimers();
    const signals = new RenderSignals();
    let loads = 0;
    const found = waitForRender(signals, 'c5', async () => (loads++, null), {
      timeoutMs: 200,
      recheckMs: 200,
    });
    await vi.advanceTimersByTimeAsync(20);
    signals.notify('other');
    await vi.advanceTimersByTimeAsync(0);
    expect(loads).toBe(1);
    await vi.advanceTimersByTimeAsync(179);
    expect(await settledNow(found)).toBe('pending');
    expect(loads).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settledNow(found)).toBeNull();
    expect(loads).toBe(2);
  });
});
