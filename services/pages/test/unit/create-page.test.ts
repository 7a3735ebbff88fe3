import { generatePage, RULES_VERSION } from '@app/generator';
import { describe, expect, it } from 'vitest';
import { ErrorCode, Events, Jobs, Msg, PlatformMessages } from '@app/contracts';
import { AppError } from '@app/kit';
import { tabuadaDo7Request, wordProblemsRequest, type PageRequest } from '@app/testing';
import { makePage } from '../../src/domain/create-page.js';
import { DRAW_TRIES, drawableSeed } from '../../src/domain/page-rules.js';
import { memoryDeps } from '../fakes/memory-deps.js';

const options = { add: true, sub: false, mult: true, div: false, answers: false, level: 2 as const };

describe('createPage', () => {
  it("records the user's page, not bought, queues its preview and announces it", async () => {
    const w = memoryDeps();
    const code = await makePage(w.deps, 'ana', options);

    expect(code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    const page = await w.store.pages.findByCode(code);
    // Drawn and stored with today's rules version, sent with its render job.
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
    const codes = await Promise.all([1, 2, 3].map(() => makePage(w.deps, 'ana', options)));
    expect(new Set(codes).size).toBe(3);
    const seeds = await Promise.all(codes.map(async (c) => (await w.store.pages.findByCode(c))!.seed));
    expect(new Set(seeds).size).toBe(3);
    expect(await w.store.pages.stats()).toEqual({ totalPages: 3, boughtPages: 0 });
  });
});

describe('fair previews', () => {
  it("lets at most 2 of an account's previews into the worker's queue; the rest wait and go as each is drawn", async () => {
    const w = memoryDeps();
    w.worker.running = false;
    const codes: string[] = [];
    for (let i = 0; i < 5; i++) codes.push(await makePage(w.deps, 'ana', options));
    expect(w.published(Jobs.renderPreview).map((j) => j.payload.code)).toEqual(codes.slice(0, 2));
    expect(w.previews.waiting('ana')).toBe(5);

    // Bia's preview goes straight in, behind Ana's two: not behind her five.
    const bia = await makePage(w.deps, 'bia', options);
    expect(w.published(Jobs.renderPreview).map((j) => j.payload.code)).toEqual([...codes.slice(0, 2), bia]);

    // Each of Ana's previews drawn lets her next one in, in order.
    w.storeFile(`${codes[0]}.png`);
    w.storeFile(`${codes[1]}.png`);
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
    for (let i = 0; i < 10; i++) await makePage(w.deps, 'ana', options);
    await expect(makePage(w.deps, 'ana', options)).rejects.toMatchObject({
      statusCode: 429,
      code: 'RATE_LIMITED',
      message: Msg.previewsStillWaiting,
    });
    expect(await w.store.pages.stats()).toEqual({ totalPages: 10, boughtPages: 0 });
    // Another account is not held back by Ana's.
    await expect(makePage(w.deps, 'bia', options)).resolves.toMatch(/^[A-Za-z0-9_-]{22}$/);
    // One of Ana's drawn: room for one more.
    w.storeFile(`${w.published(Jobs.renderPreview)[0]!.payload.code}.png`);
    await expect(makePage(w.deps, 'ana', options)).resolves.toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('refuses the page past PAGES_PER_MINUTE in the last minute, by the store clock', async () => {
    let now = new Date('2026-03-01T12:00:00Z');
    const w = memoryDeps({ now: () => now, pagesPerMinute: 3 });
    for (let i = 0; i < 3; i++) await makePage(w.deps, 'ana', options);
    await expect(makePage(w.deps, 'ana', options)).rejects.toMatchObject({
      statusCode: 429,
      message: Msg.tooManyPages,
    });
    expect(await w.store.pages.stats()).toEqual({ totalPages: 3, boughtPages: 0 });
    now = new Date(now.getTime() + 60_001);
    await expect(makePage(w.deps, 'ana', options)).resolves.toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});

describe('the shared limits', () => {
  it('with their store out of reach, 503 in pt-BR and nothing recorded (pages are not made uncounted)', async () => {
    const w = memoryDeps();
    w.limits.state.down = true;
    await expect(makePage(w.deps, 'ana', options)).rejects.toMatchObject({
      statusCode: 503,
      code: ErrorCode.SERVICE_UNAVAILABLE,
      message: PlatformMessages.unavailable,
    });
    expect(await w.store.pages.stats()).toEqual({ totalPages: 0, boughtPages: 0 });
    expect(w.calls).toEqual([]);
  });

  it('a page not made after all (its render not queued) gives back its place and its count of the minute', async () => {
    const w = memoryDeps();
    w.failing.add(Jobs.renderPreview.subject);
    await expect(makePage(w.deps, 'ana', options)).rejects.toThrow(/not published/);
    expect([w.limits.held('PREVIEWS_WAITING', 'ana'), w.limits.held('PAGES_CREATED', 'ana')]).toEqual([0, 0]);
  });

  it("a preview drawn gives back its account's place among the previews waiting, and only then", async () => {
    const w = memoryDeps();
    w.worker.running = false;
    const code = await makePage(w.deps, 'ana', options);
    expect(w.limits.held('PREVIEWS_WAITING', 'ana')).toBe(1);
    w.storeFile(`${code}.png`);
    expect([w.limits.held('PREVIEWS_WAITING', 'ana'), w.limits.held('PAGES_CREATED', 'ana')]).toEqual([0, 1]);
  });
});

describe('custom options', () => {
  it('stores the custom options with the page and sends them with its render job', async () => {
    const w = memoryDeps();
    const code = await makePage(w.deps, 'ana', tabuadaDo7Request);
    const page = await w.store.pages.findByCode(code);
    expect(page).toMatchObject({ options: tabuadaDo7Request, rules: RULES_VERSION });
    expect(w.published(Jobs.renderPreview).map((j) => j.payload)).toEqual([
      { code, seed: page!.seed, options: tabuadaDo7Request, rules: RULES_VERSION },
    ]);
  });

  it('refuses an impossible combination with 400 and the first problem’s pt-BR message, and records nothing', async () => {
    const w = memoryDeps();
    const cases: Array<[PageRequest, string]> = [
      // Marked × without its settings.
      [{ ...tabuadaDo7Request, add: true }, 'Escolha as opções da adição.'],
      // Settings of an operation not marked.
      [
        { ...tabuadaDo7Request, mult: false, add: true, custom: { ...custom(), add: addTo20 } },
        'A multiplicação não está marcada nesta página.',
      ],
      // 30 facts in a line fit, 16 do not (grande: 12, 20 or 30).
      [
        { ...tabuadaDo7Request, custom: { ...custom(), count: 16 } },
        'Neste formato e tamanho, escolha 10, 12, 20 ou 30 contas.',
      ],
      [
        {
          ...tabuadaDo7Request,
          mult: false,
          sub: true,
          custom: {
            ...custom(),
            mult: undefined,
            sub: { numbers: { kind: 'digits', top: 1, bottom: 1 }, regrouping: 'com' },
          },
        },
        'Subtração com reserva precisa de pelo menos 2 algarismos no número de cima.',
      ],
    ];
    for (const [request, message] of cases) {
      const err = await makePage(w.deps, 'ana', request).then(
        () => null,
        (e: unknown) => e as AppError,
      );
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ statusCode: 400, code: ErrorCode.VALIDATION, message });
    }
    expect(await w.store.pages.stats()).toEqual({ totalPages: 0, boughtPages: 0 });
    expect(w.calls).toEqual([]);
  });
});

const custom = () => structuredClone(tabuadaDo7Request.custom!);
const addTo20 = { numbers: { kind: 'max' as const, max: 20 as const }, regrouping: 'misturado' as const };

describe('a page is drawn before its seed is stored', () => {
  const refused = {
    ...options,
    custom: { v: 1, format: 'armada', size: 'normal', count: 12 },
  } as PageRequest;

  it('takes the first seed whose page draws, and answers what it drew', () => {
    const seeds = ['a', 'b'];
    const { seed, drawn } = drawableSeed({ options, rules: RULES_VERSION }, silentLog(), () =>
      seeds.shift()!,
    );
    expect(seed).toBe('a');
    expect(drawn.problems).toEqual(generatePage('a', options).problems);
  });

  it('logs a seed that does not draw, tries another, and past DRAW_TRIES answers 400 with nothing stored', async () => {
    const log = silentLog();
    let drawnSeeds = 0;
    const err = (() => {
      try {
        drawableSeed({ options: refused, rules: RULES_VERSION }, log, () => `s${drawnSeeds++}`);
      } catch (error) {
        return error as AppError;
      }
    })();
    expect(drawnSeeds).toBe(DRAW_TRIES);
    expect(log.errors).toHaveLength(DRAW_TRIES);
    expect(err).toMatchObject({
      statusCode: 400,
      code: ErrorCode.VALIDATION,
      message: Msg.pageCannotBeDrawn,
    });
  });

  it('stores a page of situações-problema whose seed drew its meanings', async () => {
    const w = memoryDeps();
    const request = {
      ...wordProblemsRequest,
      custom: { ...wordProblemsRequest.custom!, meanings: ['inicio-desconhecido', 'quantos-a-menos'] },
    } as PageRequest;
    const code = await makePage(w.deps, 'ana', request);
    const page = (await w.store.pages.findByCode(code))!;
    const drawn = generatePage(page.seed, page.options, RULES_VERSION);
    expect(new Set(drawn.words!.map((word) => word.kind))).toEqual(
      new Set(['inicio-desconhecido', 'quantos-a-menos']),
    );
  });
});

/** A logger that keeps what was logged as an error. */
function silentLog() {
  const errors: unknown[] = [];
  return { errors, error: (...args: unknown[]) => errors.push(args) };
}
