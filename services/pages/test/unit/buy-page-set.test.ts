import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode, Events, Jobs, Msg, Rpc } from '@app/contracts';
import { AppError } from '@app/kit';
import { buyPage } from '../../src/domain/buy-page.js';
import { buyPageSet } from '../../src/domain/buy-page-set.js';
import { makePageSet } from '../../src/domain/create-page-set.js';
import { readAnswers } from '../../src/domain/read-answers.js';
import { readBoughtPdf, readBoughtSet, readThumbnail } from '../../src/domain/read-render.js';
import { setProgress } from '../../src/domain/set-progress.js';
import { memoryDeps } from '../fakes/memory-deps.js';

const options = { add: true, sub: true, mult: true, div: false, answers: true, level: 1 as const };
let w: ReturnType<typeof memoryDeps>;
beforeEach(() => {
  w = memoryDeps();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A set of `versions` of `userId`; its preview drawn, nothing printed yet. */
async function setOf(userId: string, versions = 3) {
  const { code, codes } = await makePageSet(w.deps, userId, { ...options, versions });
  w.calls.length = 0;
  return { code, codes };
}

/** The AppError a call failed with (or a failure of the test). */
async function failure(call: Promise<unknown>): Promise<AppError> {
  const err = await call.then(
    () => new Error('it succeeded'),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

const documentJobs = () => w.published(Jobs.renderDocument);
const versionJobs = () => w.published(Jobs.renderVersion);
const assemblyJobs = () => w.published(Jobs.assembleSet);
/** Lets the fake timers and the promises waiting on them run for `ms`. */
const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);

describe('buyPageSet', () => {
  it('holds N × R$ 0,50 first, prints every version (labelled) on their own queue, assembles, then charges once', async () => {
    w.billing.balances.set('ana', 500);
    const { code, codes } = await setOf('ana', 3);
    const set = (await w.store.pages.findSet(code))!;

    expect(await buyPageSet(w.deps, 'ana', code)).toBe(350);

    // The price held first (nothing printed that is not paid for), then the versions' PDFs (each its own job, for
    // any worker replica), then the assembly, then the money.
    expect(w.calls.map((c) => `${c.kind} ${c.subject}`)).toEqual([
      `request ${Rpc.billingHold.subject}`,
      ...codes.map(() => `publish ${Jobs.renderVersion.subject}`),
      `publish ${Jobs.assembleSet.subject}`,
      `request ${Rpc.billingCapture.subject}`,
      ...codes.map(() => `publish ${Events.pageBought.subject}`),
    ]);
    // ONE hold: the set's price, keyed by the set, exclusive (one set printing at a time), its reason naming the set
    // and N (Extrato: 'Compra: Conjunto de 3 versões ...').
    expect(w.requested(Rpc.billingHold)).toEqual([
      {
        userId: 'ana',
        key: `set:${code}`,
        cents: 150,
        reason: `Conjunto de 3 versões ${code}`,
        exclusive: true,
      },
    ]);
    const { holdId } = w.billing.holds[0]!;
    expect(versionJobs()).toEqual(
      set.pages.map((p, i) => ({
        kind: 'publish',
        subject: Jobs.renderVersion.subject,
        msgID: `set-document:${p.code}:${holdId}`,
        payload: { code: p.code, seed: p.seed, options, rules: p.rules, version: { n: i + 1, of: 3 } },
      })),
    );
    expect(documentJobs()).toEqual([]);
    expect(assemblyJobs()).toEqual([
      expect.objectContaining({
        msgID: `set:${code}:${holdId}`,
        payload: {
          setCode: code,
          options,
          rules: set.rules,
          versions: set.pages.map((p) => ({ code: p.code, seed: p.seed })),
        },
      }),
    ]);
    expect(w.requested(Rpc.billingCapture)).toEqual([{ userId: 'ana', key: `set:${code}` }]);
    expect(w.billing.balances.get('ana')).toBe(350);

    const bought = (await w.store.pages.findSet(code))!;
    expect(bought.boughtAt).toBeInstanceOf(Date);
    expect(bought.pages.map((p) => p.boughtAt)).toEqual(codes.map(() => bought.boughtAt));
    expect(await w.store.pages.stats()).toEqual({ totalPages: 3, boughtPages: 3 });
    // Each version announced as a page bought for R$ 0,50 (admin counts and audit: versions are pages).
    expect(w.published(Events.pageBought)).toEqual(
      codes.map((c) =>
        expect.objectContaining({
          msgID: `${Events.pageBought.subject}:${c}`,
          payload: expect.objectContaining({
            code: c,
            userId: 'ana',
            priceCents: 50,
            at: bought.boughtAt!.toISOString(),
          }),
        }),
      ),
    );
  });

  it('buying again, or several times at once, charges once and keeps the first purchase time', async () => {
    w.billing.balances.set('ana', 2000);
    const { code } = await setOf('ana', 30);
    expect(await Promise.all([1, 2, 3].map(() => buyPageSet(w.deps, 'ana', code)))).toEqual([500, 500, 500]);
    const boughtAt = (await w.store.pages.findSet(code))!.boughtAt;
    expect(await buyPageSet(w.deps, 'ana', code)).toBe(500);

    expect(w.billing.debits).toEqual([expect.objectContaining({ cents: 1500, key: `set:${code}` })]);
    expect(w.billing.balances.get('ana')).toBe(500);
    expect(versionJobs()).toHaveLength(30);
    expect((await w.store.pages.findSet(code))!.boughtAt).toEqual(boughtAt);
    // Announced on every answer, with fixed ids: JetStream keeps one a version.
    expect(new Set(w.published(Events.pageBought).map((e) => e.payload.at))).toEqual(
      new Set([boughtAt!.toISOString()]),
    );
  });

  it('with too little balance: 402 with the exact message before anything is printed; nothing held or bought', async () => {
    w.billing.balances.set('ana', 100);
    const { code } = await setOf('ana', 3);
    const err = await failure(buyPageSet(w.deps, 'ana', code));
    expect(err).toMatchObject({ statusCode: 402, code: ErrorCode.INSUFFICIENT_BALANCE });
    expect(err.message).toBe('Saldo insuficiente para comprar esta página');
    expect(w.billing.balances.get('ana')).toBe(100);
    expect(w.billing.holds).toEqual([]);
    expect((await w.store.pages.findSet(code))!.boughtAt).toBeNull();
    expect(await w.store.pages.stats()).toEqual({ totalPages: 3, boughtPages: 0 });
    expect(w.published(Events.pageBought)).toEqual([]);
    expect(versionJobs()).toEqual([]);
    expect(assemblyJobs()).toEqual([]);
  });

  it('one set printing at a time per account: another answers 409 and prints nothing until the first is done', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    w = memoryDeps({ renderWaitMs: 8000 });
    w.billing.balances.set('ana', 2000);
    w.billing.balances.set('bia', 2000);
    const first = await setOf('ana', 2);
    const second = await setOf('ana', 2);
    const bias = await setOf('bia', 2);
    w.worker.running = false;

    const printing = failure(buyPageSet(w.deps, 'ana', first.code));
    const busy = await failure(buyPageSet(w.deps, 'ana', second.code));
    expect(busy).toMatchObject({
      statusCode: 409,
      code: ErrorCode.CONFLICT,
      message: Msg.setAlreadyPrinting,
    });
    expect(busy.message).toBe(
      'Você já tem um conjunto sendo impresso. Aguarde ele ficar pronto para comprar outro.',
    );
    // Another account prints its own meanwhile.
    const bia = failure(buyPageSet(w.deps, 'bia', bias.code));
    await advance(8000);
    expect(await printing).toMatchObject({ statusCode: 503 });
    expect(await bia).toMatchObject({ statusCode: 503 });
    expect(versionJobs().map((j) => j.payload.code)).toEqual([...first.codes, ...bias.codes]);

    w.worker.running = true;
    for (const c of first.codes) w.storeFile(`${c}.pdf`);
    await advance(0);
    w.storeFile(`${first.code}.pdf`);
    await advance(0);
    expect((await w.store.pages.findSet(first.code))!.boughtAt).toBeInstanceOf(Date);
    expect(await buyPageSet(w.deps, 'ana', second.code)).toBe(1800);
  });

  it("someone else's set answers like an unknown one: 404, nothing printed or charged", async () => {
    w.billing.balances.set('bruno', 500);
    const { code } = await setOf('ana');
    for (const err of [
      await failure(buyPageSet(w.deps, 'bruno', code)),
      await failure(buyPageSet(w.deps, 'bruno', 'A'.repeat(22))),
      await failure(setProgress(w.deps, 'bruno', code)),
      await failure(readBoughtSet(w.deps, 'bruno', code)),
    ]) {
      expect(err).toMatchObject({
        statusCode: 404,
        code: ErrorCode.NOT_FOUND,
        message: 'Conjunto não encontrado.',
      });
    }
    expect(w.calls).toEqual([]);
    expect(w.billing.balances.get('bruno')).toBe(500);
  });

  it('POST /api/buy with a version’s code: 404 "Página não encontrada." (a set is bought whole)', async () => {
    w.billing.balances.set('ana', 500);
    const { codes } = await setOf('ana');
    const err = await failure(buyPage(w.deps, 'ana', codes[1]!));
    expect(err).toMatchObject({ statusCode: 404, message: 'Página não encontrada.' });
    expect(w.calls).toEqual([]);
    expect(w.billing.holds).toEqual([]);
  });

  it('versions already printed are not queued again; an assembled set queues nothing', async () => {
    w.billing.balances.set('ana', 1000);
    const { code, codes } = await setOf('ana', 4);
    w.storeFile(`${codes[0]}.pdf`);
    w.storeFile(`${codes[2]}.pdf`);
    const first = await setOf('ana', 2);
    w.storeFile(`${first.code}.pdf`);

    await buyPageSet(w.deps, 'ana', code);
    expect(versionJobs().map((j) => j.payload.code)).toEqual([codes[1], codes[3]]);
    w.calls.length = 0;
    await buyPageSet(w.deps, 'ana', first.code);
    expect(w.calls.map((c) => c.subject)).toEqual([
      Rpc.billingHold.subject,
      Rpc.billingCapture.subject,
      Events.pageBought.subject,
      Events.pageBought.subject,
    ]);
    // Bought already: the balance, and the versions announced again.
    w.calls.length = 0;
    expect(await buyPageSet(w.deps, 'ana', first.code)).toBe(700);
    expect(w.calls.map((c) => c.subject)).toEqual([
      Events.pageBought.subject,
      Events.pageBought.subject,
      Rpc.billingBalance.subject,
    ]);
  });

  it('not printed within the wait: 503 and nothing charged; asked again it queues nothing twice; bought once stored', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    w = memoryDeps({ renderWaitMs: 8000 });
    w.billing.balances.set('ana', 500);
    const { code, codes } = await setOf('ana', 3);
    w.worker.running = false;

    const refused = failure(buyPageSet(w.deps, 'ana', code));
    await advance(8000);
    const err = await refused;
    expect(err).toMatchObject({ statusCode: 503, code: ErrorCode.NOT_READY, message: Msg.setRendering });
    expect(err.message).toBe('O conjunto ainda está sendo gerado. Tente novamente em instantes.');
    expect(w.requested(Rpc.billingCapture)).toEqual([]);
    expect(w.billing.heldCents('ana')).toBe(150);
    expect((await w.store.pages.findSet(code))!.boughtAt).toBeNull();
    const { holdId } = w.billing.holds[0]!;
    expect(versionJobs().map((j) => j.msgID)).toEqual(codes.map((c) => `set-document:${c}:${holdId}`));
    expect(await setProgress(w.deps, 'ana', code)).toEqual({ done: 0, total: 3, ready: false });

    // Two versions printed meanwhile: the bar moves; asked again, it joins the printing under way.
    w.storeFile(`${codes[0]}.pdf`);
    w.storeFile(`${codes[1]}.pdf`);
    expect(await setProgress(w.deps, 'ana', code)).toEqual({ done: 2, total: 3, ready: false });
    const again = failure(buyPageSet(w.deps, 'ana', code));
    await advance(3000);
    w.storeFile(`${codes[2]}.pdf`);
    await advance(5000);
    expect(await again).toMatchObject({ statusCode: 503 });
    expect(versionJobs()).toHaveLength(3);
    // Every version printed: the assembly was queued, named by the set and its hold.
    expect(assemblyJobs().map((j) => j.msgID)).toEqual([`set:${code}:${holdId}`]);
    expect(await setProgress(w.deps, 'ana', code)).toEqual({ done: 3, total: 3, ready: false });
    expect(w.billing.debits).toEqual([]);

    // Assembled with nobody waiting: charged and bought all the same; asked again, it answers the balance.
    w.storeFile(`${code}.pdf`);
    await advance(0);
    expect(await setProgress(w.deps, 'ana', code)).toEqual({ done: 3, total: 3, ready: true });
    expect(w.billing.debits).toHaveLength(1);
    expect((await w.store.pages.findSet(code))!.boughtAt).toBeInstanceOf(Date);
    expect(await buyPageSet(w.deps, 'ana', code)).toBe(350);
    expect(w.billing.debits).toHaveLength(1);
  });

  it('a wait ends as soon as the worker stores the set’s file', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    w = memoryDeps({ renderWaitMs: 8000 });
    w.billing.balances.set('ana', 500);
    const { code, codes } = await setOf('ana', 2);
    w.worker.running = false;
    for (const c of codes) w.storeFile(`${c}.pdf`);

    const outcome = buyPageSet(w.deps, 'ana', code);
    await advance(2000);
    expect(w.requested(Rpc.billingCapture)).toEqual([]);
    w.storeFile(`${code}.pdf`);
    await advance(0);
    expect(await outcome).toBe(400);
  });
});

describe('a bought set: download, versions, answers', () => {
  it('downloads the one file of a bought set only (403 before), with its purchase time and count', async () => {
    w.billing.balances.set('ana', 500);
    const { code } = await setOf('ana', 3);
    const err = await failure(readBoughtSet(w.deps, 'ana', code));
    expect(err).toMatchObject({ statusCode: 403, message: 'Compre este conjunto para baixá-lo.' });

    await buyPageSet(w.deps, 'ana', code);
    w.files.set(`${code}.pdf`, Buffer.from('%PDF-set'));
    const { pdf, boughtAt, versions } = await readBoughtSet(w.deps, 'ana', code);
    expect(pdf.toString()).toBe('%PDF-set');
    expect(boughtAt).toEqual((await w.store.pages.findSet(code))!.boughtAt);
    expect(versions).toBe(3);
  });

  it('a set file gone missing is assembled again at once (a job of its own id) and the download waits for it', async () => {
    w.billing.balances.set('ana', 500);
    const { code } = await setOf('ana', 2);
    await buyPageSet(w.deps, 'ana', code);
    w.files.delete(`${code}.pdf`);
    w.calls.length = 0;

    const { pdf } = await readBoughtSet(w.deps, 'ana', code);
    expect(pdf.toString()).toBe(`${code}.pdf`);
    expect(assemblyJobs()).toEqual([
      expect.objectContaining({ msgID: expect.stringMatching(`^set:${code}:[0-9a-f-]{36}$`) }),
    ]);
    expect(documentJobs()).toEqual([]);
  });

  it("a version's preview and PDF carry its label; its answers go to the buyer only", async () => {
    w.billing.balances.set('ana', 500);
    const { code, codes } = await setOf('ana', 3);
    await buyPageSet(w.deps, 'ana', code);
    w.files.delete(`${codes[1]}.pdf`);
    w.calls.length = 0;

    const pdf = await readBoughtPdf(w.deps, 'ana', codes[1]!);
    expect(pdf.pdf.toString()).toBe(`${codes[1]}.pdf`);
    expect(documentJobs()).toEqual([
      expect.objectContaining({
        payload: expect.objectContaining({ code: codes[1], version: { n: 2, of: 3 } }),
      }),
    ]);
    expect((await readThumbnail(w.deps, 'ana', codes[0]!)).toString()).toBe(`${codes[0]}.png`);

    const answers = await readAnswers(w.deps, { userId: 'ana', role: 'user' }, codes[2]!);
    expect(answers.problems.length).toBeGreaterThan(0);
    const other = await failure(readAnswers(w.deps, { userId: 'bia', role: 'user' }, codes[2]!));
    expect(other).toMatchObject({ statusCode: 403, message: Msg.answersBuyerOnly });
  });

  it("a set not bought: its versions' answers are unknown, and its versions download nothing", async () => {
    const { codes } = await setOf('ana', 2);
    expect(await failure(readAnswers(w.deps, { userId: 'ana', role: 'user' }, codes[0]!))).toMatchObject({
      statusCode: 404,
    });
    expect(await failure(readBoughtPdf(w.deps, 'ana', codes[0]!))).toMatchObject({ statusCode: 403 });
  });
});
