import { vi } from 'vitest';

/**
 * Polls `probe` until `done` holds or `timeoutMs` passes (vitest's waitFor), and answers the last value either way, so
 * the test's own assertion shows what was there instead of a bare timeout.
 */
export async function eventually<T>(
  probe: () => Promise<T>,
  done: (value: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> {
  let last!: T;
  await vi
    .waitFor(
      async () => {
        last = await probe();
        if (!done(last)) throw new Error('not yet');
      },
      { timeout: timeoutMs, interval: 100 },
    )
    .catch(() => undefined);
  return last;
}
