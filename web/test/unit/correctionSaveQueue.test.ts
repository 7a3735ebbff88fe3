import { describe, expect, it } from 'vitest';
import { SAVE_ANSWERS_MAX, type TypedCell } from '@app/contracts';
import {
  SaveQueue,
  backoffMs,
  localCellStore,
  queueKey,
  withCell,
  withoutSaved,
  type QueueStatus,
  type SendOutcome,
  type Timers,
} from '../../src/routes/member/correction/saveQueue';
import { mergeCells, withServerCells } from '../../src/routes/member/correction/merge';
import { MemoryStorage } from './memoryStorage';

const cell = (version: number, problem: number, result: number | null, at: number): TypedCell => ({
  version,
  problem,
  result,
  remainder: null,
  blank: false,
  at,
});

/** Timers the test fires by hand, remembering each delay asked for. */
class HandTimers implements Timers {
  private next = 1;
  readonly waiting = new Map<number, { run: () => void; ms: number }>();
  readonly asked: number[] = [];
  set(run: () => void, ms: number) {
    const id = this.next++;
    this.waiting.set(id, { run, ms });
    this.asked.push(ms);
    return id;
  }
  clear(handle: unknown) {
    this.waiting.delete(handle as number);
  }
  fire() {
    const due = [...this.waiting.values()];
    this.waiting.clear();
    for (const t of due) t.run();
  }
}

/** A server the test answers: each request waits for `answer`. */
function fakeServer() {
  const requests: { cells: TypedCell[]; answer: (o: SendOutcome | Error) => void }[] = [];
  const send = (cells: TypedCell[]) =>
    new Promise<SendOutcome>((resolve, reject) =>
      requests.push({ cells, answer: (o) => (o instanceof Error ? reject(o) : resolve(o)) }),
    );
  return { requests, send };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

function setUp(storage = new MemoryStorage(), code = 'SET1') {
  const timers = new HandTimers();
  const server = fakeServer();
  const statuses: QueueStatus[] = [];
  let signedOut = 0;
  const queue = new SaveQueue({
    store: localCellStore(code, storage),
    send: server.send,
    onStatus: (s) => statuses.push(s),
    onSignedOut: () => void signedOut++,
    timers,
  });
  return {
    queue,
    timers,
    server,
    statuses,
    storage,
    signedOut: () => signedOut,
    last: () => statuses.at(-1),
  };
}

describe('the save queue of a correction', () => {
  it('keeps each typed cell in the browser, sends them together after a pause and forgets them once saved', async () => {
    const { queue, timers, server, storage, last } = setUp();
    queue.put(cell(1, 0, 3, 100));
    queue.put(cell(1, 0, 35, 101)); // the same cell, typed on: only its last write waits
    queue.put(cell(2, 4, 12, 102));
    expect(JSON.parse(storage.getItem(queueKey('SET1'))!)).toEqual([
      cell(1, 0, 35, 101),
      cell(2, 4, 12, 102),
    ]);
    expect(last()).toEqual({ saving: true, offline: false, refused: null });
    expect(server.requests).toHaveLength(0);
    expect(timers.asked).toEqual([300]);

    timers.fire();
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]!.cells).toEqual([cell(1, 0, 35, 101), cell(2, 4, 12, 102)]);
    server.requests[0]!.answer({ kind: 'saved' });
    await settle();
    expect(queue.pending()).toEqual([]);
    expect(storage.getItem(queueKey('SET1'))).toBeNull();
    expect(last()).toEqual({ saving: false, offline: false, refused: null });
  });

  it('sends one request at a time; a cell typed again meanwhile stays until a save of that write', async () => {
    const { queue, timers, server } = setUp();
    queue.put(cell(1, 0, 3, 100));
    timers.fire();
    queue.put(cell(1, 0, 35, 101)); // typed while the first save is on its way
    queue.put(cell(1, 1, 8, 102));
    timers.fire();
    expect(server.requests).toHaveLength(1);
    server.requests[0]!.answer({ kind: 'saved' });
    await settle();
    // The save covered the write at 100, not the one at 101: it waits, and goes next.
    expect(queue.pending()).toEqual([cell(1, 0, 35, 101), cell(1, 1, 8, 102)]);
    timers.fire();
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]!.cells).toEqual([cell(1, 0, 35, 101), cell(1, 1, 8, 102)]);
    server.requests[1]!.answer({ kind: 'saved' });
    await settle();
    expect(queue.pending()).toEqual([]);
  });

  it(`sends at most ${SAVE_ANSWERS_MAX} cells a request`, async () => {
    const { queue, timers, server } = setUp();
    for (let i = 0; i < 450; i++) queue.put(cell(1 + (i % 40), Math.floor(i / 40), i, 1000 + i));
    timers.fire();
    for (const size of [200, 200, 50]) {
      expect(server.requests.at(-1)!.cells).toHaveLength(size);
      server.requests.at(-1)!.answer({ kind: 'saved' });
      await settle();
      timers.fire();
    }
    expect(server.requests).toHaveLength(3);
    expect(queue.pending()).toEqual([]);
  });

  it('without a connection keeps everything, says so and tries again later, waiting longer each time', async () => {
    const { queue, timers, server, last } = setUp();
    queue.put(cell(3, 2, 7, 100));
    timers.fire();
    server.requests[0]!.answer({ kind: 'offline' });
    await settle();
    expect(last()).toEqual({ saving: true, offline: true, refused: null });
    timers.fire();
    server.requests[1]!.answer(new Error('fetch failed')); // a send that throws is no connection too
    await settle();
    timers.fire();
    server.requests[2]!.answer({ kind: 'offline' });
    await settle();
    expect(timers.asked).toEqual([300, 1000, 2000, 4000]);
    expect(queue.pending()).toEqual([cell(3, 2, 7, 100)]);
    // A cell typed meanwhile waits for the same try.
    queue.put(cell(3, 3, 9, 101));
    expect(timers.waiting.size).toBe(1);
    timers.fire();
    expect(server.requests[3]!.cells).toEqual([cell(3, 2, 7, 100), cell(3, 3, 9, 101)]);
    server.requests[3]!.answer({ kind: 'saved' });
    await settle();
    expect(last()).toEqual({ saving: false, offline: false, refused: null });
    expect(queue.pending()).toEqual([]);
  });

  it('sends at once when asked (the connection came back), without waiting for the pause', async () => {
    const { queue, timers, server } = setUp();
    queue.put(cell(1, 0, 1, 100));
    timers.fire();
    server.requests[0]!.answer({ kind: 'offline' });
    await settle();
    expect(timers.waiting.size).toBe(1);
    queue.flushNow();
    expect(timers.waiting.size).toBe(0);
    expect(server.requests).toHaveLength(2);
    queue.flushNow(); // a save is on its way: nothing more
    expect(server.requests).toHaveLength(2);
  });

  it("shows the server's refusal and drops what it refused; the next cell typed clears the message", async () => {
    const { queue, timers, server, last } = setUp();
    queue.put(cell(1, 9, 5, 100));
    timers.fire();
    server.requests[0]!.answer({
      kind: 'refused',
      message: 'Esta resposta não corresponde a nenhuma conta da folha.',
    });
    await settle();
    expect(last()).toEqual({
      saving: false,
      offline: false,
      refused: 'Esta resposta não corresponde a nenhuma conta da folha.',
    });
    expect(queue.pending()).toEqual([]);
    queue.put(cell(1, 0, 5, 101));
    expect(last()!.refused).toBeNull();
  });

  it('on 401 stops, keeps the cells for the next visit and signs out', async () => {
    const storage = new MemoryStorage();
    const { queue, timers, server, signedOut } = setUp(storage);
    queue.put(cell(1, 0, 5, 100));
    timers.fire();
    server.requests[0]!.answer({ kind: 'signedOut' });
    await settle();
    expect(signedOut()).toBe(1);
    queue.put(cell(1, 1, 6, 101));
    timers.fire();
    expect(server.requests).toHaveLength(1);

    // Signed in again, the screen opens: the cells left are sent.
    const next = setUp(storage);
    expect(next.queue.pending()).toEqual([cell(1, 0, 5, 100), cell(1, 1, 6, 101)]);
    next.queue.flushNow();
    expect(next.server.requests[0]!.cells).toHaveLength(2);
  });

  it('closed mid-save, keeps what was not confirmed', async () => {
    const { queue, timers, server, storage } = setUp();
    queue.put(cell(1, 0, 5, 100));
    timers.fire();
    queue.dispose();
    server.requests[0]!.answer({ kind: 'saved' });
    await settle();
    expect(localCellStore('SET1', storage).read()).toEqual([cell(1, 0, 5, 100)]);
  });

  it('two tabs of one sheet share the queue; a save removes only the writes it carried', async () => {
    const storage = new MemoryStorage();
    const a = setUp(storage);
    const b = setUp(storage);
    a.queue.put(cell(1, 0, 5, 100));
    b.queue.put(cell(2, 0, 6, 101));
    expect(a.queue.pending()).toEqual([cell(1, 0, 5, 100), cell(2, 0, 6, 101)]);
    a.timers.fire();
    b.queue.put(cell(1, 0, 50, 102)); // the other tab types over a cell on its way
    a.server.requests[0]!.answer({ kind: 'saved' });
    await settle();
    expect(b.queue.pending()).toEqual([cell(1, 0, 50, 102)]);
  });
});

describe('the queue’s pure parts', () => {
  it('keeps one write per cell, the one typed last', () => {
    expect(withCell([cell(1, 0, 5, 200)], cell(1, 0, 4, 100))).toEqual([cell(1, 0, 5, 200)]);
    expect(withCell([cell(1, 0, 5, 100)], cell(1, 0, 4, 200))).toEqual([cell(1, 0, 4, 200)]);
    expect(withCell([cell(1, 0, 5, 100)], cell(1, 1, 4, 50))).toHaveLength(2);
  });

  it('forgets only the writes a save carried', () => {
    const queued = [cell(1, 0, 5, 100), cell(1, 1, 6, 101)];
    expect(withoutSaved(queued, [cell(1, 0, 5, 100)])).toEqual([cell(1, 1, 6, 101)]);
    expect(withoutSaved(queued, [cell(1, 0, 5, 99)])).toEqual(queued);
  });

  it('on opening, a cell of this browser wins over the server’s only when typed later, and goes again', () => {
    const server = [cell(1, 0, 5, 100), cell(1, 1, 6, 300), cell(2, 0, 7, 100)];
    const local = [cell(1, 0, 50, 200), cell(1, 1, 60, 200), cell(2, 0, 7, 100), cell(3, 0, 8, 100)];
    const { cells, resend } = mergeCells(server, local);
    expect(resend).toEqual([cell(1, 0, 50, 200), cell(3, 0, 8, 100)]);
    expect(cells).toEqual(
      expect.arrayContaining([
        cell(1, 0, 50, 200),
        cell(1, 1, 6, 300),
        cell(2, 0, 7, 100),
        cell(3, 0, 8, 100),
      ]),
    );
    expect(cells).toHaveLength(4);
    expect(mergeCells([], [])).toEqual({ cells: [], resend: [] });
  });

  it('takes in, when the tab comes back, only the server’s cells typed later than those shown', () => {
    const shown = new Map([
      ['1:0', cell(1, 0, 5, 200)],
      ['1:1', cell(1, 1, 6, 100)],
    ]);
    const { cells, replaced } = withServerCells(shown, [
      cell(1, 0, 4, 150),
      cell(1, 1, 7, 300),
      cell(2, 0, 8, 50),
    ]);
    expect(replaced).toEqual(['1:1', '2:0']);
    expect([...cells.values()]).toEqual([cell(1, 0, 5, 200), cell(1, 1, 7, 300), cell(2, 0, 8, 50)]);
    expect(shown.get('1:1')).toEqual(cell(1, 1, 6, 100));
  });

  it('waits 1 s, 2 s, 4 s… up to 30 s between tries', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(backoffMs)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });

  it('stores per sheet code, survives a reload, shrugs off what it cannot read', () => {
    const storage = new MemoryStorage();
    localCellStore('A', storage).write([cell(1, 0, 5, 100)]);
    expect(localCellStore('A', storage).read()).toEqual([cell(1, 0, 5, 100)]);
    expect(localCellStore('B', storage).read()).toEqual([]);
    storage.setItem(queueKey('C'), '{not json');
    expect(localCellStore('C', storage).read()).toEqual([]);
    storage.setItem(queueKey('C'), '{"a":1}');
    expect(localCellStore('C', storage).read()).toEqual([]);
  });

  it('keeps the cells in memory when the browser refuses storage', () => {
    const refusing = new MemoryStorage();
    refusing.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    refusing.getItem = () => {
      throw new Error('SecurityError');
    };
    const store = localCellStore('A', refusing);
    store.write([cell(1, 0, 5, 100)]);
    expect(store.read()).toEqual([cell(1, 0, 5, 100)]);
  });
});
