import { describe, expect, it } from 'vitest';
import { ErrorCode, Events, Jobs, Msg } from '@app/contracts';
import { RULES_VERSION } from '@app/generator';
import { AppError } from '@app/kit';
import { tabuadaDo7Request } from '@app/testing';
import { makePage } from '../../src/domain/create-page.js';
import { makePageSet, drawDistinctSeeds, SET_DRAW_TRIES } from '../../src/domain/create-page-set.js';
import { pageProblems } from '../../src/domain/page-rules.js';
import { failure } from '../fakes/failure.js';
import { memoryDeps } from '../fakes/memory-deps.js';

const options = { add: true, sub: true, mult: false, div: false, answers: true, level: 1 as const };

/** The AppError a function threw (or a failure of the test). */
function thrown(fn: () => unknown): AppError {
  let err: unknown = new Error('it did not throw');
  try {
    fn();
  } catch (e) {
    err = e;
  }
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe('createPageSet', () => {
  it('records the set and its N versions, each a page of its own with different problems; previews version 1 only', async () => {
    const w = memoryDeps();
    const { code, codes } = await makePageSet(w.deps, 'ana', { ...options, versions: 30 });

    expect(code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(codes).toHaveLength(30);
    expect(new Set([code, ...codes]).size).toBe(31);
    const set = await w.store.pages.findSet(code);
    expect(set).toMatchObject({
      code,
      userId: 'ana',
      versions: 30,
      options,
      rules: RULES_VERSION,
      boughtAt: null,
    });
    expect(set!.pages.map((p) => p.code)).toEqual(codes);
    set!.pages.forEach((p, i) =>
      expect(p).toMatchObject({
        userId: 'ana',
        options,
        rules: RULES_VERSION,
        setCode: code,
        setVersion: i + 1,
        boughtAt: null,
      }),
    );
    // No two versions share their list of problems (nor their seed).
    expect(new Set(set!.pages.map((p) => p.seed)).size).toBe(30);
    expect(new Set(set!.pages.map((p) => JSON.stringify(pageProblems(p)))).size).toBe(30);

    // One preview, version 1's, labelled 'Versão 1 de 30' and keyed by its code.
    expect(w.published(Jobs.renderPreview)).toEqual([
      expect.objectContaining({
        msgID: `preview:${codes[0]}`,
        payload: {
          code: codes[0],
          seed: set!.pages[0]!.seed,
          options,
          rules: RULES_VERSION,
          version: { n: 1, of: 30 },
        },
      }),
    ]);
    // Each version is announced as a page created (the admin counts versions as pages).
    expect(
      w
        .published(Events.pageCreated)
        .map((e) => e.payload.code)
        .sort(),
    ).toEqual([...codes].sort());
    expect(await w.store.pages.stats()).toEqual({ totalPages: 30, boughtPages: 0 });
    expect(w.billing.debits).toEqual([]);
  });

  it('keeps custom options ("Personalizar") on every version', async () => {
    const w = memoryDeps();
    const { code } = await makePageSet(w.deps, 'ana', { ...tabuadaDo7Request, versions: 3 });
    const set = await w.store.pages.findSet(code);
    expect(set!.options).toEqual(tabuadaDo7Request);
    expect(set!.pages.map((p) => p.options)).toEqual([
      tabuadaDo7Request,
      tabuadaDo7Request,
      tabuadaDo7Request,
    ]);
  });

  it('counts a set as one creation in PAGES_PER_MINUTE (one preview), and past it records nothing', async () => {
    const w = memoryDeps({ pagesPerMinute: 2 });
    await makePageSet(w.deps, 'ana', { ...options, versions: 40 });
    expect(w.limits.held('PAGES_CREATED', 'ana')).toBe(1);
    await makePage(w.deps, 'ana', options);

    const err = await failure(makePageSet(w.deps, 'ana', { ...options, versions: 2 }));
    expect(err).toMatchObject({ statusCode: 429, code: ErrorCode.RATE_LIMITED, message: Msg.tooManyPages });
    expect(await w.store.pages.stats()).toEqual({ totalPages: 41, boughtPages: 0 });
  });

  it('waits its turn like a page: an account whose previews are all waiting makes no set', async () => {
    const w = memoryDeps({ previews: { inFlightPerAccount: 1, waitingPerAccount: 1 } });
    w.worker.running = false;
    await makePage(w.deps, 'ana', options);
    const err = await failure(makePageSet(w.deps, 'ana', { ...options, versions: 5 }));
    expect(err).toMatchObject({ statusCode: 429, message: Msg.previewsStillWaiting });
    expect(await w.store.pages.stats()).toEqual({ totalPages: 1, boughtPages: 0 });
  });
});

describe('drawDistinctSeeds', () => {
  it('draws again a seed whose problems equal an earlier version’s', () => {
    const drawn = ['a1', 'a2', 'b1', 'a3', 'b2', 'c1'];
    const seeds = drawDistinctSeeds(3, (seed) => seed[0]!, { newSeed: () => drawn.shift()! });
    expect(seeds).toEqual(['a1', 'b1', 'c1']);
    expect(drawn).toEqual([]);
  });

  it(`gives up after ${SET_DRAW_TRIES} draws for one version: 400 with the pt-BR message`, () => {
    let draws = 0;
    // Seed 0 draws one page, every other seed another one: two versions at most.
    const err = thrown(() =>
      drawDistinctSeeds(4, (seed) => (seed === 'seed-0' ? 'first' : 'same'), {
        newSeed: () => `seed-${draws++}`,
      }),
    );
    expect(err).toMatchObject({ statusCode: 400, code: ErrorCode.VALIDATION });
    expect(err.message).toBe(
      'Com estas opções não dá para fazer 4 versões diferentes. Escolha menos versões ou mais variedade de contas.',
    );
    expect(err.message).toBe(Msg.setVersionsNotDistinct(4));
    // Version 1, version 2 in one draw, then SET_DRAW_TRIES draws for version 3.
    expect(draws).toBe(2 + SET_DRAW_TRIES);
  });
});
