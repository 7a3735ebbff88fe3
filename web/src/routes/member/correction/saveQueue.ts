import { SAVE_ANSWERS_MAX, type TypedCell } from '@app/contracts';
import { cellKey } from './typed';

/**
 * The cells typed and not yet saved, kept in the browser (localStorage, one key per sheet code) so that nothing typed
 * is lost to a dropped connection, a reload or a closed tab; sent in batches of at most SAVE_ANSWERS_MAX, one request
 * at a time; a cell leaves the queue only when a save of that very write (its `at`) succeeded. The server keeps, of
 * each cell, the write typed last, so sending a cell twice, or from two tabs, is harmless. No React here.
 */

const key = (cell: TypedCell) => cellKey(cell.version, cell.problem);

/** The cells with `cell` in, unless a write of it typed later is there already (one write per cell). */
export function withCell(cells: readonly TypedCell[], cell: TypedCell): TypedCell[] {
  const kept = cells.find((c) => key(c) === key(cell));
  if (kept && kept.at > cell.at) return [...cells];
  return [...cells.filter((c) => key(c) !== key(cell)), cell];
}

/** The cells without those a save covered: the same cell and the same write (`at`); a later write stays. */
export function withoutSaved(cells: readonly TypedCell[], saved: readonly TypedCell[]): TypedCell[] {
  const done = new Set(saved.map((c) => `${key(c)}@${c.at}`));
  return cells.filter((c) => !done.has(`${key(c)}@${c.at}`));
}

/** Where the queue lives: read and written whole, so that two tabs of one sheet share it. */
export interface CellStore {
  read(): TypedCell[];
  write(cells: readonly TypedCell[]): void;
}

export const queueKey = (code: string) => `correction:${code}`;

/** The queue in localStorage under `queueKey(code)`; in memory when the browser refuses storage. */
export function localCellStore(
  code: string,
  storage: Storage | undefined = globalThis.localStorage,
): CellStore {
  let memory: TypedCell[] = [];
  return {
    read() {
      try {
        const stored = storage?.getItem(queueKey(code));
        const cells: unknown = stored ? JSON.parse(stored) : [];
        return Array.isArray(cells) ? (cells as TypedCell[]) : [];
      } catch {
        return memory;
      }
    },
    write(cells) {
      memory = [...cells];
      try {
        if (cells.length === 0) storage?.removeItem(queueKey(code));
        else storage?.setItem(queueKey(code), JSON.stringify(cells));
      } catch {
        // Storage full or refused: the cells stay in memory for this tab.
      }
    },
  };
}

/** How a save ended: saved; no answer or a 5xx (try again later); refused (4xx) with the server's message; 401. */
export type SendOutcome =
  { kind: 'saved' } | { kind: 'offline' } | { kind: 'refused'; message: string } | { kind: 'signedOut' };

export interface QueueStatus {
  /** Cells waiting or a save on its way. */
  saving: boolean;
  /** The last save did not reach the server: the next tries after a pause. */
  offline: boolean;
  /** The server refused a save (its message) since the last cell typed. */
  refused: string | null;
}

export interface Timers {
  set(run: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const browserTimers: Timers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** The pause before the next try after `failures` failed saves in a row: 1 s, 2 s, 4 s… up to 30 s. */
export const backoffMs = (failures: number): number =>
  Math.min(30_000, 1000 * 2 ** Math.max(0, failures - 1));

export interface SaveQueueOptions {
  store: CellStore;
  send: (cells: TypedCell[]) => Promise<SendOutcome>;
  onStatus: (status: QueueStatus) => void;
  /** 401: the cells stay queued for the next visit; the screen signs out. */
  onSignedOut: () => void;
  timers?: Timers;
  /** The wait after a cell is typed before sending, so that a number typed digit by digit goes once. */
  debounceMs?: number;
}

/** The save queue of one sheet code. */
export class SaveQueue {
  private timer: unknown = null;
  private sending = false;
  private failures = 0;
  private refused: string | null = null;
  private stopped = false;
  private readonly timers: Timers;

  constructor(private readonly options: SaveQueueOptions) {
    this.timers = options.timers ?? browserTimers;
  }

  /** Queues a cell typed (the latest write of each cell is kept) and sends it shortly. */
  put(cell: TypedCell): void {
    const { store } = this.options;
    store.write(withCell(store.read(), cell));
    this.refused = null;
    this.schedule(this.options.debounceMs ?? 300);
    this.report();
  }

  /** The cells not saved yet. */
  pending(): TypedCell[] {
    return this.options.store.read();
  }

  /** Sends now what waits (the connection is back, the tab came to the front); a save on its way is left to end. */
  flushNow(): void {
    if (this.stopped || this.sending) return;
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
    void this.run();
  }

  /** Stops sending (the screen closed); what waits stays in the store for the next visit. */
  dispose(): void {
    this.stopped = true;
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
  }

  status(): QueueStatus {
    return {
      saving: this.sending || this.pending().length > 0,
      offline: this.failures > 0,
      refused: this.refused,
    };
  }

  private report(): void {
    if (!this.stopped) this.options.onStatus(this.status());
  }

  private schedule(ms: number): void {
    if (this.stopped || this.sending || this.timer !== null) return;
    this.timer = this.timers.set(() => {
      this.timer = null;
      void this.run();
    }, ms);
  }

  private async run(): Promise<void> {
    if (this.stopped || this.sending) return;
    const batch = this.pending().slice(0, SAVE_ANSWERS_MAX);
    if (batch.length === 0) return this.report();
    this.sending = true;
    this.report();
    const outcome = await this.options.send(batch).catch((): SendOutcome => ({ kind: 'offline' }));
    this.sending = false;
    if (this.stopped) return;
    this.settle(batch, outcome);
  }

  private settle(batch: TypedCell[], outcome: SendOutcome): void {
    const { store } = this.options;
    switch (outcome.kind) {
      case 'signedOut':
        this.dispose();
        return this.options.onSignedOut();
      case 'offline':
        this.failures += 1;
        this.schedule(backoffMs(this.failures));
        return this.report();
      case 'refused':
        // Refused for good (the same cells would be refused again): out of the queue, the message shown.
        this.refused = outcome.message;
        break;
      case 'saved':
        break;
    }
    this.failures = 0;
    store.write(withoutSaved(store.read(), batch));
    if (this.pending().length > 0) this.schedule(0);
    this.report();
  }
}
