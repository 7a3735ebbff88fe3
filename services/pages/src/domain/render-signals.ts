import { EventEmitter } from 'node:events';

/**
 * Wakes the requests waiting for a rendered file. Every pages replica watches the RENDERS bucket (a fan-out: each
 * replica hears every file, whichever worker stored it) and notifies here, so a waiter never polls.
 */
export class RenderSignals {
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  /** Read by /metrics: requests waiting for a file now, and waits ended by the file's notice so far. */
  readonly stats = { waiting: 0, woken: 0 };
  readonly #everyFile = new Set<(fileName: string) => void>();

  /** A file of the RENDERS bucket was stored. */
  notify(fileName: string): void {
    this.emitter.emit(fileName, true);
    for (const listener of this.#everyFile) listener(fileName);
  }

  /** Hears every stored file (the preview queue: a preview done lets its account's next one go). */
  onEveryFile(listener: (fileName: string) => void): void {
    this.#everyFile.add(listener);
  }

  /** Resolves on the next notification for `fileName` or after `ms`, whichever comes first. */
  next(fileName: string, ms: number): { settled: Promise<void>; cancel(): void } {
    let cancel = () => {};
    this.stats.waiting++;
    const settled = new Promise<void>((resolve) => {
      let finished = false;
      const done = (notified = false) => {
        if (finished) return;
        finished = true;
        clearTimeout(timer);
        this.emitter.off(fileName, done);
        this.stats.waiting--;
        if (notified) this.stats.woken++;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.emitter.once(fileName, done);
      cancel = () => done();
    });
    return { settled, cancel };
  }
}

export interface WaitOptions {
  /** How long to wait for the file before giving up. */
  timeoutMs: number;
}

/**
 * Loads a rendered file, waiting up to `timeoutMs` for it to be stored; answers null if it was not. `onMissing` runs
 * once, when the first load finds nothing (and the wait is already listening): the place to queue the render.
 */
export async function waitForRender<T>(
  signals: RenderSignals,
  fileName: string,
  load: () => Promise<T | null>,
  opts: WaitOptions & { onMissing?: () => Promise<void> },
): Promise<T | null> {
  const deadline = Date.now() + opts.timeoutMs;
  for (let first = true; ; first = false) {
    // Listen before loading, so a file stored between the two is not missed.
    const wake = signals.next(fileName, Math.max(0, deadline - Date.now()));
    const found = await load();
    if (found !== null || Date.now() >= deadline) {
      wake.cancel();
      return found;
    }
    if (first) await opts.onMissing?.();
    await wake.settled;
  }
}
