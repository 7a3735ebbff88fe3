import { afterEach, describe, expect, it, vi } from 'vitest';
import { Jobs, Msg } from '@app/contracts';
import { AppError } from '@app/kit';
import { makePage } from '../../src/domain/create-page.js';
import { readThumbnail } from '../../src/domain/read-render.js';
import { memoryDeps } from '../fakes/memory-deps.js';

const options = { add: true, sub: false, mult: false, div: false, answers: true, level: 1 as const };

afterEach(() => {
  vi.useRealTimers();
});

/** A page of ana whose preview job was lost (nothing stored, nothing queued), created at the fake clock's now. */
async function lostPreview(w: ReturnType<typeof memoryDeps>) {
  w.worker.running = false;
  await w.store.pages.insert({ code: 'lost', userId: 'ana', seed: 'seed', options, rules: 2 });
  return 'lost';
}

describe('readThumbnail of a page whose preview job was lost', () => {
  it('a page younger than the wait waits for the render queued with it, then answers 503 and queues it again', async () => {
    vi.useFakeTimers();
    const w = memoryDeps({ renderWaitMs: 8000 });
    const code = await lostPreview(w);

    const asked = readThumbnail(w.deps, 'ana', code).then(
      () => new Error('it answered'),
      (e: unknown) => e,
    );
    await vi.advanceTimersByTimeAsync(0);
    // Still waiting for the first job: nothing queued yet.
    expect(w.published(Jobs.renderPreview)).toEqual([]);
    await vi.advanceTimersByTimeAsync(8000);
    const err = await asked;
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).statusCode).toBe(503);
    expect((err as AppError).message).toBe(Msg.pageRendering);
    // Queued again once, with an id of its own (the first job's id would be dropped as a repeat).
    const jobs = w.published(Jobs.renderPreview);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.msgID).toMatch(/^preview:lost:[0-9a-f-]{36}$/);
  });

  it('a page older than the wait is drawn again at once, and the ask answers the preview', async () => {
    vi.useFakeTimers();
    const w = memoryDeps({ renderWaitMs: 8000 });
    const code = await lostPreview(w);
    vi.setSystemTime(Date.now() + 8001);
    w.worker.running = true;

    const png = await readThumbnail(w.deps, 'ana', code);
    expect(png.toString()).toBe('lost.png');
    expect(w.published(Jobs.renderPreview)).toHaveLength(1);
  });
});

const pageOptions = { add: true, sub: false, mult: true, div: false, answers: false, level: 2 as const };

/** The error a call fails with (the test waits for it explicitly). */
const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: Error & { statusCode?: number }) => err,
  );

describe('GET /api/thumb never queues a render already queued', () => {
  it('a preview still waiting for the worker: every 503 leaves the one job queued with the page', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const w = memoryDeps({ renderWaitMs: 8000 });
    w.worker.running = false;
    const code = await makePage(w.deps, 'ana', pageOptions);
    for (let i = 0; i < 5; i++) {
      const refused = failure(readThumbnail(w.deps, 'ana', code));
      await vi.advanceTimersByTimeAsync(8000);
      expect(await refused).toMatchObject({ statusCode: 503, message: Msg.pageRendering });
    }
    expect(w.published(Jobs.renderPreview)).toHaveLength(1);
    w.storeFile(`${code}.png`);
    expect(await readThumbnail(w.deps, 'ana', code)).toEqual(Buffer.from(`${code}.png`));
  });

  it("a page waiting behind its account's others is not sent ahead of them by asking for it", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const w = memoryDeps({ renderWaitMs: 8000 });
    w.worker.running = false;
    const codes: string[] = [];
    for (let i = 0; i < 4; i++) codes.push(await makePage(w.deps, 'ana', pageOptions));
    const refused = failure(readThumbnail(w.deps, 'ana', codes[3]!));
    await vi.advanceTimersByTimeAsync(8000);
    expect(await refused).toMatchObject({ statusCode: 503 });
    expect(w.published(Jobs.renderPreview).map((j) => j.payload.code)).toEqual(codes.slice(0, 2));
  });

  it('an old page whose preview went missing is queued once, however often it is asked for', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const w = memoryDeps({ renderWaitMs: 8000 });
    const code = await makePage(w.deps, 'ana', pageOptions);
    // Drawn, then evicted from the bucket; the worker is away when it is asked for again.
    w.files.delete(`${code}.png`);
    w.worker.running = false;
    await vi.advanceTimersByTimeAsync(60_000);
    const asks = [0, 1, 2].map(() => failure(readThumbnail(w.deps, 'ana', code)));
    await vi.advanceTimersByTimeAsync(8000);
    for (const ask of asks) expect(await ask).toMatchObject({ statusCode: 503 });
    const jobs = w.published(Jobs.renderPreview);
    expect(jobs).toHaveLength(2);
    expect(jobs[1]!.msgID).toMatch(new RegExp(`^preview:${code}:[0-9a-f-]{36}$`));
  });
});
