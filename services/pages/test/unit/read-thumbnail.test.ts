import { afterEach, describe, expect, it, vi } from 'vitest';
import { Jobs, Msg } from '@app/contracts';
import { createPage } from '../../src/domain/create-page.js';
import { readThumbnail } from '../../src/domain/read-render.js';
import { memoryDeps } from './memory-deps.js';

const options = { add: true, sub: false, mult: true, div: false, answers: false, level: 2 as const };

afterEach(() => vi.useRealTimers());

/** The error a call fails with (the test waits for it explicitly). */
const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: Error & { statusCode?: number }) => err,
  );

describe('GET /api/thumb never queues a render already queued (issue 23)', () => {
  it('a preview still waiting for the worker: every 503 leaves the one job queued with the page', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const w = memoryDeps({ renderWaitMs: 8000 });
    w.worker.running = false;
    const code = await createPage(w.deps, 'ana', options);
    for (let i = 0; i < 5; i++) {
      const refused = failure(readThumbnail(w.deps, 'ana', code));
      await vi.advanceTimersByTimeAsync(8000);
      expect(await refused).toMatchObject({ statusCode: 503, message: Msg.pageRendering });
    }
    expect(w.published(Jobs.renderPreview)).toHaveLength(1);
    w.store(`${code}.png`);
    expect(await readThumbnail(w.deps, 'ana', code)).toEqual(Buffer.from(`${code}.png`));
  });

  it("a page waiting behind its account's others is not sent ahead of them by asking for it", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const w = memoryDeps({ renderWaitMs: 8000 });
    w.worker.running = false;
    const codes: string[] = [];
    for (let i = 0; i < 4; i++) codes.push(await createPage(w.deps, 'ana', options));
    const refused = failure(readThumbnail(w.deps, 'ana', codes[3]!));
    await vi.advanceTimersByTimeAsync(8000);
    expect(await refused).toMatchObject({ statusCode: 503 });
    expect(w.published(Jobs.renderPreview).map((j) => j.payload.code)).toEqual(codes.slice(0, 2));
  });

  it('an old page whose preview went missing is queued once, however often it is asked for', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const w = memoryDeps({ renderWaitMs: 8000 });
    const code = await createPage(w.deps, 'ana', options);
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
