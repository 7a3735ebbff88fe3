import { RULES_VERSION } from '@app/generator';
import { describe, expect, it } from 'vitest';
import { Events, Jobs } from '@app/contracts';
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
