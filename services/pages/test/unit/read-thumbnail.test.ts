import { afterEach, describe, expect, it, vi } from 'vitest';
import { Jobs, Msg } from '@app/contracts';
import { AppError } from '@app/kit';
import { readThumbnail } from '../../src/domain/read-render.js';
import { memoryDeps } from './memory-deps.js';

const options = { add: true, sub: false, mult: false, div: false, answers: true, level: 1 as const };

afterEach(() => {
  vi.useRealTimers();
});

/** A page of ana whose preview job was lost (nothing stored, nothing queued), created at the fake clock's now. */
async function lostPreview(w: ReturnType<typeof memoryDeps>) {
  w.worker.running = false;
  await w.repo.insert({ code: 'lost', userId: 'ana', seed: 'seed', options, rules: 2 });
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
