import { describe, expect, it } from 'vitest';
import { Jobs, Msg } from '@app/contracts';
import { mistakeShows } from '@app/generator';
import { makePageSet } from '../../src/domain/create-page-set.js';
import { makeReforcoSet } from '../../src/domain/create-reforco-set.js';
import { pageProblems } from '../../src/domain/page-rules.js';
import { failure } from '../fakes/failure.js';
import { memoryDeps } from '../fakes/memory-deps.js';

const options = { add: true, sub: true, mult: false, div: false, answers: true, level: 2 as const };

const none = { corrected: true, foco: [] };

describe('createReforcoSet', () => {
  it("makes a set whose version N practises child N's mistakes; a child with none gets the same options at the next step, one not corrected the same", async () => {
    const w = memoryDeps();
    const corrected = await makePageSet(w.deps, 'ana', { ...options, level: 1, versions: 4 });
    await w.store.pages.markSetBought(corrected.code, new Date());
    const { code, codes } = await makeReforcoSet(w.deps, 'ana', {
      code: corrected.code,
      versions: [
        { corrected: true, foco: [{ id: 'sub.zeroNoMinuendo' }] },
        { corrected: true, foco: [] },
        { corrected: true, foco: [{ id: 'add.semReserva' }] },
        { corrected: false, foco: [] },
      ],
    });

    const set = (await w.store.pages.findSet(code))!;
    expect(set).toMatchObject({ userId: 'ana', versions: 4, options: { ...options, level: 1 } });
    expect(set.pages.map((p) => p.code)).toEqual(codes);
    const [zero, none, carry, notYet] = set.pages;
    expect(zero!.options.foco).toEqual([{ id: 'sub.zeroNoMinuendo' }]);
    expect(none!.options).toEqual({ ...options, level: 2 });
    expect(carry!.options.foco).toEqual([{ id: 'add.semReserva' }]);
    expect(notYet!.options).toEqual({ ...options, level: 1 });
    // What the version's PDF, answers and correction draw: its own options, the mistake on most of its problems.
    for (const [page, mistake] of [
      [zero!, { id: 'sub.zeroNoMinuendo' }],
      [carry!, { id: 'add.semReserva' }],
    ] as const) {
      const problems = pageProblems(page);
      const showing = problems.filter((p) => mistakeShows(mistake, p)).length;
      expect(showing / problems.length).toBeGreaterThanOrEqual(0.6);
    }
    // Version 1's preview is queued with its own options.
    expect(w.published(Jobs.renderPreview).at(-1)!.payload).toMatchObject({
      code: codes[0],
      options: zero!.options,
    });
  });

  it('is refused for a set not bought by the member (404), and without one entry of mistakes a version (400)', async () => {
    const w = memoryDeps();
    const corrected = await makePageSet(w.deps, 'ana', { ...options, versions: 2 });
    const other = await failure(
      makeReforcoSet(w.deps, 'bia', { code: corrected.code, versions: [none, none] }),
    );
    expect(other).toMatchObject({ statusCode: 404, message: Msg.setNotFound });
    // Only a bought set is corrected: one not bought yet is not found either.
    const notBought = await failure(
      makeReforcoSet(w.deps, 'ana', { code: corrected.code, versions: [none, none] }),
    );
    expect(notBought).toMatchObject({ statusCode: 404, message: Msg.setNotFound });
    await w.store.pages.markSetBought(corrected.code, new Date());
    const short = await failure(
      makeReforcoSet(w.deps, 'ana', {
        code: corrected.code,
        versions: [none, none, none],
      }),
    );
    expect(short).toMatchObject({ statusCode: 400, message: Msg.reforcoVersions(2) });
  });
});
