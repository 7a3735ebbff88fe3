import { afterEach, describe, expect, it, vi } from 'vitest';
import { RenderSignals, waitForRender } from '../../src/domain/render-signals.js';

/** Whether the promise has settled by now (without waiting for it). */
const settledNow = <T>(p: Promise<T>) => Promise.race([p, Promise.resolve('pending' as const)]);

describe('waiting for a render', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers at once when the file is already stored', async () => {
    vi.useFakeTimers();
    let loads = 0;
    const found = waitForRender(new RenderSignals(), 'c1.png', async () => (loads++, 'png'), {
      timeoutMs: 5000,
    });
    // No clock has moved: the first load answered it.
    await vi.advanceTimersByTimeAsync(0);
    expect(await settledNow(found)).toBe('png');
    expect(loads).toBe(1);
  });

  it('loads again only when the file is announced: no polling in between', async () => {
    vi.useFakeTimers();
    const signals = new RenderSignals();
    let stored: string | null = null;
    let loads = 0;
    const found = waitForRender(signals, 'c2.png', async () => (loads++, stored), { timeoutMs: 5000 });
    await vi.advanceTimersByTimeAsync(4000);
    expect(await settledNow(found)).toBe('pending');
    expect(loads).toBe(1);
    stored = 'png';
    signals.notify('c2.png');
    await vi.advanceTimersByTimeAsync(0);
    expect(await settledNow(found)).toBe('png');
    expect(loads).toBe(2);
  });

  it('gives up with null at the timeout, after one last look', async () => {
    vi.useFakeTimers();
    let loads = 0;
    const found = waitForRender(new RenderSignals(), 'c4.png', async () => (loads++, null), {
      timeoutMs: 300,
    });
    await vi.advanceTimersByTimeAsync(299);
    expect(await settledNow(found)).toBe('pending');
    expect(loads).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settledNow(found)).toBeNull();
    expect(loads).toBe(2);
  });

  it('a notice for another file does not wake the waiter', async () => {
    vi.useFakeTimers();
    const signals = new RenderSignals();
    let loads = 0;
    const found = waitForRender(signals, 'c5.pdf', async () => (loads++, null), { timeoutMs: 200 });
    await vi.advanceTimersByTimeAsync(20);
    signals.notify('c5.png');
    signals.notify('other.pdf');
    await vi.advanceTimersByTimeAsync(0);
    expect(loads).toBe(1);
    await vi.advanceTimersByTimeAsync(179);
    expect(await settledNow(found)).toBe('pending');
    expect(loads).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settledNow(found)).toBeNull();
    expect(loads).toBe(2);
  });

  it('calls onMissing once, when the first look finds nothing, and not when the file is there', async () => {
    vi.useFakeTimers();
    const signals = new RenderSignals();
    let stored: string | null = null;
    let queued = 0;
    const onMissing = async () => void queued++;
    const found = waitForRender(signals, 'c6.pdf', async () => stored, { timeoutMs: 1000, onMissing });
    await vi.advanceTimersByTimeAsync(0);
    expect(queued).toBe(1);
    signals.notify('c6.pdf');
    await vi.advanceTimersByTimeAsync(0);
    expect(queued).toBe(1);
    stored = 'pdf';
    signals.notify('c6.pdf');
    await vi.advanceTimersByTimeAsync(0);
    expect(await settledNow(found)).toBe('pdf');
    expect(queued).toBe(1);

    expect(await waitForRender(signals, 'c6.pdf', async () => stored, { timeoutMs: 1000, onMissing })).toBe(
      'pdf',
    );
    expect(queued).toBe(1);
  });
});
