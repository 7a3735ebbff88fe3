import { RULES_VERSION } from '@app/generator';
import { describe, expect, it } from 'vitest';
import { Events, Jobs, Msg } from '@app/contracts';
import { createPage } from '../../src/domain/create-page.js';
import { memoryDeps } from './memory-deps.js';

const options = { add: true, sub: false, mult: true, div: false, answers: false, level: 2 as const };

describe('createPage', () => {
  it("records the user's page, not bought, queues its preview and announces it", async () => {
    const w = memoryDeps();
    const code = await createPage(w.deps, 'ana', options);

    expect(code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const page = await w.repo.findByCode(code);
    // Drawn and stored with today's rules version (issue 24), sent with its render job.
    expect(page).toMatchObject({ code, userId: 'ana', options, rules: RULES_VERSION, boughtAt: null });
    expect(page!.seed).toMatch(/^[0-9a-f]{32}$/);

    expect(w.calls.map((c) => c.subject)).toEqual([Jobs.renderPreview.subject, Events.pageCreated.subject]);
    // The preview's first job is keyed by the page: a repeat within JetStream's window is dropped.
    expect(w.published(Jobs.renderPreview)).toEqual([
      expect.objectContaining({
        msgID: `preview:${code}`,
        payload: { code, seed: page!.seed, options, rules: RULES_VERSION },
      }),
    ]);
    expect(w.published(Events.pageCreated)).toEqual([
      expect.objectContaining({
        msgID: `${Events.pageCreated.subject}:${code}`,
        payload: expect.objectContaining({
          eventId: `${Events.pageCreated.subject}:${code}`,
          code,
          userId: 'ana',
        }),
      }),
    ]);
    // Nothing is charged for a page that is only generated.
    expect(w.billing.debits).toEqual([]);
  });

  it('gives every page its own code and seed, even with the same settings', async () => {
    const w = memoryDeps();
    const codes = await Promise.all([1, 2, 3].map(() => createPage(w.deps, 'ana', options)));
    expect(new Set(codes).size).toBe(3);
    const seeds = await Promise.all(codes.map(async (c) => (await w.repo.findByCode(c))!.seed));
    expect(new Set(seeds).size).toBe(3);
    expect(await w.repo.stats()).toEqual({ totalPages: 3, boughtPages: 0 });
  });
});

describe('fair previews (issue 23)', () => {
  it("lets at most 2 of an account's previews into the worker's queue; the rest wait and go as each is drawn", async () => {
    const w = memoryDeps();
    w.worker.running = false;
    const codes: string[] = [];
    for (let i = 0; i < 5; i++) codes.push(await createPage(w.deps, 'ana', options));
    expect(w.published(Jobs.renderPreview).map((j) => j.payload.code)).toEqual(codes.slice(0, 2));
    expect(w.previews.waiting('ana')).toBe(5);

    // Bia's preview goes straight in, behind Ana's two: not behind her five.
    const bia = await createPage(w.deps, 'bia', options);
    expect(w.published(Jobs.renderPreview).map((j) => j.payload.code)).toEqual([...codes.slice(0, 2), bia]);

    // Each of Ana's previews drawn lets her next one in, in order.
    w.store(`${codes[0]}.png`);
    w.store(`${codes[1]}.png`);
    expect(w.published(Jobs.renderPreview).map((j) => j.payload.code)).toEqual([
      ...codes.slice(0, 2),
      bia,
      codes[2],
      codes[3],
    ]);
    expect(w.previews.waiting('ana')).toBe(3);
    // Every job keeps the page's own id (a repeat is dropped by JetStream).
    expect(w.published(Jobs.renderPreview).map((j) => j.msgID)).toEqual(
      [...codes.slice(0, 2), bia, codes[2], codes[3]].map((c) => `preview:${c}`),
    );
  });

  it('refuses a new page with 429 while the account has 10 previews not drawn, and records nothing', async () => {
    const w = memoryDeps();
    w.worker.running = false;
    for (let i = 0; i < 10; i++) await createPage(w.deps, 'ana', options);
    await expect(createPage(w.deps, 'ana', options)).rejects.toMatchObject({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: Msg.previewsStillWaiting,
    });
    expect(await w.repo.stats()).toEqual({ totalPages: 10, boughtPages: 0 });
    // Another account is not held back by Ana's.
    await expect(createPage(w.deps, 'bia', options)).resolves.toMatch(/^[A-Za-z0-9_-]{22}$/);
    // One of Ana's drawn: room for one more.
    w.store(`${w.published(Jobs.renderPreview)[0]!.payload.code}.png`);
    await expect(createPage(w.deps, 'ana', options)).resolves.toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('refuses the page past PAGES_PER_MINUTE in the last minute, by the store clock', async () => {
    let now = new Date('2026-03-01T12:00:00Z');
    const w = memoryDeps({ now: () => now, pagesPerMinute: 3 });
    for (let i = 0; i < 3; i++) await createPage(w.deps, 'ana', options);
    await expect(createPage(w.deps, 'ana', options)).rejects.toMatchObject({
      statusCode: 429,
      message: Msg.tooManyPages,
    });
    expect(await w.repo.stats()).toEqual({ totalPages: 3, boughtPages: 0 });
    now = new Date(now.getTime() + 60_001);
    await expect(createPage(w.deps, 'ana', options)).resolves.toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});
