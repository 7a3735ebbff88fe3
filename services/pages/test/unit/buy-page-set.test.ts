import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode, Events, Jobs, Msg, Rpc } from '@app/contracts';
import { AppError } from '@app/kit';
import { buyPage } from '../../src/domain/buy-page.js';
import { buyPageSet } from '../../src/domain/buy-page-set.js';
import { createPageSet } from '../../src/domain/create-page-set.js';
import { readAnswers } from '../../src/domain/read-answers.js';
import { readBoughtPdf, readBoughtSet, readThumbnail } from '../../src/domain/read-render.js';
import { setProgress } from '../../src/domain/set-progress.js';
import { memoryDeps } from './memory-deps.js';

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
  const { code, codes } = await createPageSet(w.deps, userId, { ...options, versions });
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
const assemblyJobs = () => w.published(Jobs.assembleSet);

describe('buyPageSet (issue 26)', () => {
  it('prints every version (labelled), assembles the file, then debits N × R$ 0,50 once and marks all bought', async () => {
    w.billing.balances.set('ana', 500);
    const { code, codes } = await setOf('ana', 3);
    const set = (await w.repo.findSet(code))!;

    expect(await buyPageSet(w.deps, 'ana', code)).toBe(350);

    // The versions' PDFs first (each its own job, for any worker replica), then the assembly, then the money.
    expect(w.calls.map((c) => `${c.kind} ${c.subject}`)).toEqual([
      ...codes.map(() => `publish ${Jobs.renderDocument.subject}`),
      `publish ${Jobs.assembleSet.subject}`,
      `request ${Rpc.billingDebit.subject}`,
      ...codes.map(() => `publish ${Events.pageBought.subject}`),
    ]);
    expect(documentJobs()).toEqual(
      set.pages.map((p, i) => ({
        kind: 'publish',
        subject: Jobs.renderDocument.subject,
        msgID: `set-document:${p.code}`,
        payload: { code: p.code, seed: p.seed, options, rules: p.rules, version: { n: i + 1, of: 3 } },
      })),
    );
    expect(assemblyJobs()).toEqual([
      expect.objectContaining({
        msgID: `set:${code}`,
        payload: {
          setCode: code,
          options,
          rules: set.rules,
          versions: set.pages.map((p) => ({ code: p.code, seed: p.seed })),
        },
      }),
    ]);
    // ONE debit: the set's price, keyed by the set, its reason naming the set and N (Extrato: 'Compra: Conjunto...').
    expect(w.requested(Rpc.billingDebit)).toEqual([
      { userId: 'ana', cents: 150, reason: `Conjunto de 3 versões ${code}`, idempotencyKey: `set:${code}` },
    ]);
    expect(w.billing.balances.get('ana')).toBe(350);

    const bought = (await w.repo.findSet(code))!;
    expect(bought.boughtAt).toBeInstanceOf(Date);
    expect(bought.pages.map((p) => p.boughtAt)).toEqual(codes.map(() => bought.boughtAt));
    expect(await w.repo.stats()).toEqual({ totalPages: 3, boughtPages: 3 });
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

  it('buying again, or several times at once, debits once and keeps the first purchase time', async () => {
    w.billing.balances.set('ana', 2000);
    const { code } = await setOf('ana', 30);
    expect(await Promise.all([1, 2, 3].map(() => buyPageSet(w.deps, 'ana', code)))).toEqual([500, 500, 500]);
    const boughtAt = (await w.repo.findSet(code))!.boughtAt;
    expect(await buyPageSet(w.deps, 'ana', code)).toBe(500);

    expect(w.billing.debits).toEqual([
      expect.objectContaining({ cents: 1500, idempotencyKey: `set:${code}` }),
    ]);
    expect(w.billing.balances.get('ana')).toBe(500);
    expect((await w.repo.findSet(code))!.boughtAt).toEqual(boughtAt);
    // Announced on every answer, with fixed ids: JetStream keeps one a version.
    expect(new Set(w.published(Events.pageBought).map((e) => e.payload.at))).toEqual(
      new Set([boughtAt!.toISOString()]),
    );
  });

  it('with too little balance: 402 with the exact message; nothing charged or bought', async () => {
    w.billing.balances.set('ana', 100);
    const { code } = await setOf('ana', 3);
    const err = await failure(buyPageSet(w.deps, 'ana', code));
    expect(err).toMatchObject({ statusCode: 402, code: ErrorCode.INSUFFICIENT_BALANCE });
    expect(err.message).toBe('Saldo insuficiente para comprar esta página');
    expect(w.billing.balances.get('ana')).toBe(100);
    expect(w.billing.debits).toEqual([]);
    expect((await w.repo.findSet(code))!.boughtAt).toBeNull();
    expect(await w.repo.stats()).toEqual({ totalPages: 3, boughtPages: 0 });
    expect(w.published(Events.pageBought)).toEqual([]);
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
    expect(w.billing.debits).toEqual([]);
  });

  it('versions already printed are not queued again; an assembled set queues nothing', async () => {
    w.billing.balances.set('ana', 1000);
    const { code, codes } = await setOf('ana', 4);
    w.store(`${codes[0]}.pdf`);
    w.store(`${codes[2]}.pdf`);
    const first = await setOf('ana', 2);
    w.store(`${first.code}.pdf`);

    await buyPageSet(w.deps, 'ana', code);
    expect(documentJobs().map((j) => j.payload.code)).toEqual([codes[1], codes[3]]);
    w.calls.length = 0;
    await buyPageSet(w.deps, 'ana', first.code);
    expect(w.calls.map((c) => c.subject)).toEqual([
      Rpc.billingDebit.subject,
      Events.pageBought.subject,
      Events.pageBought.subject,
    ]);
  });

  it('not printed within the wait: 503, nothing charged; asked again it queues nothing twice; bought once stored', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    w = memoryDeps({ renderWaitMs: 8000 });
    w.billing.balances.set('ana', 500);
    const { code, codes } = await setOf('ana', 3);
    w.worker.running = false;

    const refused = failure(buyPageSet(w.deps, 'ana', code));
    await vi.advanceTimersByTimeAsync(8000);
    const err = await refused;
    expect(err).toMatchObject({ statusCode: 503, code: ErrorCode.NOT_READY, message: Msg.setRendering });
    expect(err.message).toBe('O conjunto ainda está sendo gerado. Tente novamente em instantes.');
    expect(w.requested(Rpc.billingDebit)).toEqual([]);
    expect((await w.repo.findSet(code))!.boughtAt).toBeNull();
    expect(documentJobs().map((j) => j.msgID)).toEqual(codes.map((c) => `set-document:${c}`));
    expect(await setProgress(w.deps, 'ana', code)).toEqual({ done: 0, total: 3, ready: false });

    // Two versions printed meanwhile: the bar moves; asked again, the third's job has the same id (JetStream drops it).
    w.store(`${codes[0]}.pdf`);
    w.store(`${codes[1]}.pdf`);
    expect(await setProgress(w.deps, 'ana', code)).toEqual({ done: 2, total: 3, ready: false });
    const again = failure(buyPageSet(w.deps, 'ana', code));
    await vi.advanceTimersByTimeAsync(3000);
    w.store(`${codes[2]}.pdf`);
    await vi.advanceTimersByTimeAsync(5000);
    expect(await again).toMatchObject({ statusCode: 503 });
    expect(documentJobs().map((j) => j.msgID)).toEqual([...codes, codes[2]].map((c) => `set-document:${c}`));
    // Every version printed: the assembly was queued, keyed by the set.
    expect(assemblyJobs().map((j) => j.msgID)).toEqual([`set:${code}`]);
    expect(await setProgress(w.deps, 'ana', code)).toEqual({ done: 3, total: 3, ready: false });
    expect(w.billing.debits).toEqual([]);

    w.store(`${code}.pdf`);
    expect(await setProgress(w.deps, 'ana', code)).toEqual({ done: 3, total: 3, ready: true });
    expect(await buyPageSet(w.deps, 'ana', code)).toBe(350);
    expect(w.billing.debits).toHaveLength(1);
  });

  it('a wait ends as soon as the worker stores the set’s file', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    w = memoryDeps({ renderWaitMs: 8000 });
    w.billing.balances.set('ana', 500);
    const { code, codes } = await setOf('ana', 2);
    w.worker.running = false;
    for (const c of codes) w.store(`${c}.pdf`);

    const outcome = buyPageSet(w.deps, 'ana', code);
    await vi.advanceTimersByTimeAsync(2000);
    expect(w.requested(Rpc.billingDebit)).toEqual([]);
    w.store(`${code}.pdf`);
    await vi.advanceTimersByTimeAsync(0);
    expect(await outcome).toBe(400);
  });
});

describe('a bought set: download, versions, answers (issue 26)', () => {
  it('downloads the one file of a bought set only (403 before), with its purchase time and count', async () => {
    w.billing.balances.set('ana', 500);
    const { code } = await setOf('ana', 3);
    const err = await failure(readBoughtSet(w.deps, 'ana', code));
    expect(err).toMatchObject({ statusCode: 403, message: 'Compre este conjunto para baixá-lo.' });

    await buyPageSet(w.deps, 'ana', code);
    w.files.set(`${code}.pdf`, Buffer.from('%PDF-set'));
    const { pdf, boughtAt, versions } = await readBoughtSet(w.deps, 'ana', code);
    expect(pdf.toString()).toBe('%PDF-set');
    expect(boughtAt).toEqual((await w.repo.findSet(code))!.boughtAt);
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
