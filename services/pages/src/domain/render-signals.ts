import { EventEmitter } from 'node:events';

/**
 * Wakes the requests waiting for a page's render as soon as this process stores it. Another replica may store
 * it instead, so waiters also re-check the database at a slow interval rather than trusting the signal alone.
 */
export class RenderSignals {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  notify(code: string): void {
    this.emitter.emit(code);
  }

  /** Resolves on the next notification for `code` or after `ms`, whichever comes first. */
  next(code: string, ms: number): { settled: Promise<void>; cancel(): void } {
    let cancel = () => {};
    const settled = new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.emitter.off(code, done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.emitter.once(code, done);
      cancel = done;
    });
    return { settled, cancel };
  }
}

export interface WaitOptions {
  timeoutMs: number;
  recheckMs: number;
}

/** Loads a render, waiting up to `timeoutMs` for it to arrive; answers null if it did not. */
export async function waitForRender<T>(
  signals: RenderSignals,
  code: string,
  load: () => Promise<T | null>,
  opts: WaitOptions,
): Promise<T | null> {
  const deadline = Date.now() + opts.timeoutMs;
  for (;;) {
    // Listen before loading, so a render stored between the two is not missed.
    const wake = signals.next(code, Math.max(0, Math.min(opts.recheckMs, deadline - Date.now())));
    const found = await load();
    if (found !== null || Date.now() >= deadline) {
      wake.cancel();
      return found;
    }
    await wake.settled;
  }
}
