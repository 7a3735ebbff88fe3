import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode, Events, Jobs, Msg, Rpc, type MessagePayload } from '@app/contracts';
import { RetryLater } from '@app/kit';
import { buyPage } from '../../src/domain/buy-page.js';
import { buyPageSet } from '../../src/domain/buy-page-set.js';
import { completeSetPurchase, SET_PURCHASE_DELIVERIES } from '../../src/domain/set-purchase-job.js';
import { makePageSet } from '../../src/domain/create-page-set.js';
import { readAnswers } from '../../src/domain/read-answers.js';
import { readBoughtPdf, readBoughtSet, readThumbnail } from '../../src/domain/read-render.js';
import { setProgress } from '../../src/domain/set-progress.js';
import { failure } from '../fakes/failure.js';
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

const documentJobs = () => w.published(Jobs.renderDocument);
const purchaseJobs = () => w.published(Jobs.buySet);
const versionJobs = () => w.published(Jobs.renderVersion);
const assemblyJobs = () => w.published(Jobs.assembleSet);
/** Lets the fake timers and the promises waiting on them run for `ms`. */
const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);

/** One delivery of the purchase's job, as the queue makes it: its outcome, or 'later' when it puts itself back. */
async function deliver(job: MessagePayload<typeof Jobs.buySet>, n = 1) {
  try {
    return await completeSetPurchase(w.deps, job, { deliveryCount: n });
  } catch (err) {
    if (err instanceof RetryLater) return 'later' as const;
    throw err;
  }
}

/**
 * POST /api/buySet, then, when it answered that the set prints (null: 202), its job's deliveries as the queue makes
 * them, until one ends it (the fake worker prints at once): the balance the request answered, or the one after.
 */
async function buy(userId: string, code: string): Promise<number> {
  const answered = await buyPageSet(w.deps, userId, code);
  if (answered !== null) return answered;
  const job = purchaseJobs().at(-1)!.payload;
  for (let n = 1; (await deliver(job, n)) === 'later'; n++);
  return w.billing.balances.get(userId) ?? 0;
}

describe('buyPageSet and its purchase job', () => {
  it('holds N × R$ 0,50 first and answers at once; its job prints every version (labelled) on their own queue, assembles, then charges once', async () => {
    w.billing.balances.set('ana', 500);
    const { code, codes } = await setOf('ana', 3);
    const set = (await w.store.pages.findSet(code))!;

    expect(await buyPageSet(w.deps, 'ana', code)).toBeNull();
    // The request held the price and queued the purchase's job: nothing printed or charged by it.
    expect(w.calls.map((c) => `${c.kind} ${c.subject}`)).toEqual([
      `request ${Rpc.billingHold.subject}`,
      `publish ${Jobs.buySet.subject}`,
    ]);
    const { holdId } = w.billing.holds[0]!;
    expect(purchaseJobs()).toEqual([
      expect.objectContaining({
        msgID: `buy-set:${holdId}`,
        payload: { userId: 'ana', setCode: code, holdId },
      }),
    ]);
    expect(w.billing.heldCents('ana')).toBe(150);

    expect(await deliver(purchaseJobs()[0]!.payload)).toBe('bought');
    // Then the job: the versions' PDFs (each its own job, for any worker replica), then the assembly, then the money.
    expect(w.calls.map((c) => `${c.kind} ${c.subject}`)).toEqual([
      `request ${Rpc.billingHold.subject}`,
      `publish ${Jobs.buySet.subject}`,
      ...codes.map(() => `publish ${Jobs.renderVersion.subject}`),
      `publish ${Jobs.assembleSet.subject}`,
      `request ${Rpc.billingCapture.subject}`,
      ...codes.map(() => `publish ${Events.pageBought.subject}`),
    ]);
    // ONE hold: the set's price, keyed by the set, exclusive (one set printing at a time), its reason naming the set
    // and N (Extrato: 'Compra: Adição, subtração e multiplicação — Médio — 3 versões (...)').
    expect(w.requested(Rpc.billingHold)).toEqual([
      {
        userId: 'ana',
        key: `set:${code}`,
        cents: 150,
        reason: `Adição, subtração e multiplicação — Médio — 3 versões (${code})`,
        exclusive: true,
      },
    ]);
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
    expect(w.billing.heldCents('ana')).toBe(0);

    const bought = (await w.store.pages.findSet(code))!;
    expect(bought.boughtAt).toBeInstanceOf(Date);
    expect(bought.pages.map((p) => p.boughtAt)).toEqual(codes.map(() => bought.boughtAt));
    expect(await w.store.pages.stats()).toEqual({ totalPages: 3, boughtPages: 3 });
    expect(await setProgress(w.deps, 'ana', code)).toEqual({ done: 3, total: 3, ready: true, bought: true });
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

  it('buying again, or several times at once, queues one job a hold; its job delivered several times at once charges once', async () => {
    w.billing.balances.set('ana', 2000);
    const { code } = await setOf('ana', 30);
    expect(await Promise.all([1, 2, 3].map(() => buyPageSet(w.deps, 'ana', code)))).toEqual([
      null,
      null,
      null,
    ]);
    const { holdId } = w.billing.holds[0]!;
    expect(w.billing.holds).toHaveLength(1);
    // The same id each time: JetStream keeps one job.
    expect(purchaseJobs().map((j) => j.msgID)).toEqual([1, 2, 3].map(() => `buy-set:${holdId}`));

    // Delivered three times at once (a redelivery while a replica still works on it): one debit.
    const outcomes = await Promise.all(purchaseJobs().map((j, i) => deliver(j.payload, i + 1)));
    expect(outcomes).toEqual(['bought', 'bought', 'bought']);
    expect(w.billing.debits).toEqual([expect.objectContaining({ cents: 1500, key: `set:${code}` })]);
    expect(w.billing.balances.get('ana')).toBe(500);
    // The versions' renders asked under one id each: JetStream keeps one a version.
    expect(new Set(versionJobs().map((j) => j.msgID)).size).toBe(30);
    const boughtAt = (await w.store.pages.findSet(code))!.boughtAt;
    const captures = w.requested(Rpc.billingCapture).length;

    // Delivered again once bought, or bought again: billing not even asked, the first purchase time kept.
    expect(await deliver(purchaseJobs()[0]!.payload, 4)).toBe('bought');
    expect(await buyPageSet(w.deps, 'ana', code)).toBe(500);
    expect(w.requested(Rpc.billingCapture)).toHaveLength(captures);
    expect(w.billing.debits).toHaveLength(1);
    expect(w.billing.balances.get('ana')).toBe(500);
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
    expect(err.message).toBe('Saldo insuficiente para comprar estas 3 versões');
    expect(w.billing.balances.get('ana')).toBe(100);
    expect(w.billing.holds).toEqual([]);
    expect((await w.store.pages.findSet(code))!.boughtAt).toBeNull();
    expect(await w.store.pages.stats()).toEqual({ totalPages: 3, boughtPages: 0 });
    expect(w.published(Events.pageBought)).toEqual([]);
    expect(purchaseJobs()).toEqual([]);
    expect(versionJobs()).toEqual([]);
    expect(assemblyJobs()).toEqual([]);
  });

  it('one set printing at a time per account: another answers 409 and prints nothing until the first is done', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    w = memoryDeps({ setPurchaseWaitMs: 20_000 });
    w.billing.balances.set('ana', 2000);
    w.billing.balances.set('bia', 2000);
    const first = await setOf('ana', 2);
    const second = await setOf('ana', 2);
    const bias = await setOf('bia', 2);
    w.worker.running = false;

    expect(await buyPageSet(w.deps, 'ana', first.code)).toBeNull();
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
    expect(await buyPageSet(w.deps, 'bia', bias.code)).toBeNull();
    expect(purchaseJobs().map((j) => j.payload.setCode)).toEqual([first.code, bias.code]);
    const [anas, bia] = purchaseJobs().map((j) => j.payload);
    const waits = Promise.all([deliver(anas!), deliver(bia!)]);
    await advance(20_000);
    expect(await waits).toEqual(['later', 'later']);
    expect(versionJobs().map((j) => j.payload.code)).toEqual([...first.codes, ...bias.codes]);

    w.worker.running = true;
    for (const c of first.codes) w.storeFile(`${c}.pdf`);
    expect(await deliver(anas!, 2)).toBe('bought');
    expect((await w.store.pages.findSet(first.code))!.boughtAt).toBeInstanceOf(Date);
    expect(await buy('ana', second.code)).toBe(1800);
  });

  it("someone else's set answers like an unknown one: 404, nothing printed or charged; a job naming it does nothing", async () => {
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
    expect(await deliver({ userId: 'bruno', setCode: code, holdId: 'hold-x' })).toBe('unknown_set');
    expect(await deliver({ userId: 'ana', setCode: 'A'.repeat(22), holdId: 'hold-x' })).toBe('unknown_set');
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

  it('versions already printed are not queued again; an assembled set is charged by the request itself', async () => {
    w.billing.balances.set('ana', 1000);
    const { code, codes } = await setOf('ana', 4);
    w.storeFile(`${codes[0]}.pdf`);
    w.storeFile(`${codes[2]}.pdf`);
    const first = await setOf('ana', 2);
    w.storeFile(`${first.code}.pdf`);

    expect(await buy('ana', code)).toBe(800);
    expect(versionJobs().map((j) => j.payload.code)).toEqual([codes[1], codes[3]]);
    w.calls.length = 0;
    // Its file stored already: held, then charged at once; no job.
    expect(await buyPageSet(w.deps, 'ana', first.code)).toBe(700);
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

  it('not printed within a delivery: the job comes back, nothing charged; asked again it queues nothing twice; bought once stored, with nobody waiting', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    w = memoryDeps({ setPurchaseWaitMs: 20_000 });
    w.billing.balances.set('ana', 500);
    const { code, codes } = await setOf('ana', 3);
    w.worker.running = false;

    expect(await buyPageSet(w.deps, 'ana', code)).toBeNull();
    const { holdId } = w.billing.holds[0]!;
    const job = purchaseJobs()[0]!.payload;
    const first = deliver(job, 1);
    await advance(20_000);
    expect(await first).toBe('later');
    expect(w.requested(Rpc.billingCapture)).toEqual([]);
    expect(w.billing.heldCents('ana')).toBe(150);
    expect((await w.store.pages.findSet(code))!.boughtAt).toBeNull();
    expect(versionJobs().map((j) => j.msgID)).toEqual(codes.map((c) => `set-document:${c}:${holdId}`));
    expect(await setProgress(w.deps, 'ana', code)).toEqual({
      done: 0,
      total: 3,
      ready: false,
      bought: false,
    });

    // Two versions printed meanwhile: the bar moves; asked again, the same job (JetStream keeps one).
    w.storeFile(`${codes[0]}.pdf`);
    w.storeFile(`${codes[1]}.pdf`);
    expect(await setProgress(w.deps, 'ana', code)).toEqual({
      done: 2,
      total: 3,
      ready: false,
      bought: false,
    });
    expect(await buyPageSet(w.deps, 'ana', code)).toBeNull();
    expect(purchaseJobs().map((j) => j.msgID)).toEqual([`buy-set:${holdId}`, `buy-set:${holdId}`]);
    expect(w.billing.holds).toHaveLength(1);

    // The job back: it asks again only for the version missing, under the same id.
    const second = deliver(job, 2);
    await advance(3000);
    w.storeFile(`${codes[2]}.pdf`);
    await advance(0);
    expect(new Set(versionJobs().map((j) => j.msgID))).toEqual(
      new Set(codes.map((c) => `set-document:${c}:${holdId}`)),
    );
    expect(
      versionJobs()
        .slice(3)
        .map((j) => j.payload.code),
    ).toEqual([codes[2]]);
    // Every version printed: the assembly was queued, named by the set and its hold.
    expect(assemblyJobs().map((j) => j.msgID)).toEqual([`set:${code}:${holdId}`]);
    expect(await setProgress(w.deps, 'ana', code)).toEqual({
      done: 3,
      total: 3,
      ready: false,
      bought: false,
    });
    expect(w.billing.debits).toEqual([]);

    // Assembled: charged and bought, though no request waits; asked again, it answers the balance.
    w.storeFile(`${code}.pdf`);
    expect(await second).toBe('bought');
    expect(await setProgress(w.deps, 'ana', code)).toEqual({ done: 3, total: 3, ready: true, bought: true });
    expect(w.billing.debits).toHaveLength(1);
    expect((await w.store.pages.findSet(code))!.boughtAt).toBeInstanceOf(Date);
    expect(await buyPageSet(w.deps, 'ana', code)).toBe(350);
    expect(w.billing.debits).toHaveLength(1);
  });

  it('a delivery’s wait ends as soon as the worker stores the set’s file', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    w = memoryDeps({ setPurchaseWaitMs: 20_000 });
    w.billing.balances.set('ana', 500);
    const { code, codes } = await setOf('ana', 2);
    w.worker.running = false;
    for (const c of codes) w.storeFile(`${c}.pdf`);

    expect(await buyPageSet(w.deps, 'ana', code)).toBeNull();
    const outcome = deliver(purchaseJobs()[0]!.payload);
    await advance(2000);
    expect(w.requested(Rpc.billingCapture)).toEqual([]);
    w.storeFile(`${code}.pdf`);
    await advance(0);
    expect(await outcome).toBe('bought');
    expect(w.billing.balances.get('ana')).toBe(400);
  });

  it('its hold released meanwhile (a render failed for good) or expired: the job ends without charging', async () => {
    w.billing.balances.set('ana', 500);
    const { code } = await setOf('ana', 2);
    w.worker.running = false;
    expect(await buyPageSet(w.deps, 'ana', code)).toBeNull();
    expect(w.billing.release({ userId: 'ana', key: `set:${code}` })).toEqual({ released: true });
    w.worker.running = true;

    expect(await deliver(purchaseJobs()[0]!.payload)).toBe('not_held');
    expect(w.requested(Rpc.billingCapture)).toEqual([{ userId: 'ana', key: `set:${code}` }]);
    expect(w.billing.debits).toEqual([]);
    expect(w.billing.balances.get('ana')).toBe(500);
    expect((await w.store.pages.findSet(code))!.boughtAt).toBeNull();
    expect(w.published(Events.pageBought)).toEqual([]);
    // Bought again later: a new hold, the file found at once, one debit.
    expect(await buyPageSet(w.deps, 'ana', code)).toBe(400);
    expect(w.billing.debits).toHaveLength(1);
  });

  it('a refund that left less than the hold: the job ends without charging, the hold released', async () => {
    w.billing.balances.set('ana', 500);
    const { code } = await setOf('ana', 2);
    expect(await buyPageSet(w.deps, 'ana', code)).toBeNull();
    w.billing.balances.set('ana', 50);

    expect(await deliver(purchaseJobs()[0]!.payload)).toBe('insufficient');
    expect(w.billing.debits).toEqual([]);
    expect(w.billing.heldCents('ana')).toBe(0);
    expect(w.billing.balances.get('ana')).toBe(50);
    expect((await w.store.pages.findSet(code))!.boughtAt).toBeNull();
  });

  it('a file that never comes: the job comes back until its last delivery, then gives up; nothing charged', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    w = memoryDeps({ setPurchaseWaitMs: 20_000 });
    w.billing.balances.set('ana', 500);
    const { code } = await setOf('ana', 2);
    w.worker.running = false;
    expect(await buyPageSet(w.deps, 'ana', code)).toBeNull();
    const job = purchaseJobs()[0]!.payload;

    const before = deliver(job, SET_PURCHASE_DELIVERIES - 1);
    await advance(20_000);
    expect(await before).toBe('later');
    const last = deliver(job, SET_PURCHASE_DELIVERIES);
    await advance(20_000);
    expect(await last).toBe('given_up');
    expect(w.requested(Rpc.billingCapture)).toEqual([]);
    expect(w.billing.debits).toEqual([]);
    // The hold is left to billing's expiry: a release here could free a newer hold of the same key.
    expect(w.requested(Rpc.billingRelease)).toEqual([]);
    expect((await w.store.pages.findSet(code))!.boughtAt).toBeNull();
  });
});

describe('a bought set: download, versions, answers', () => {
  it('downloads the one file of a bought set only (403 before), with its purchase time and count', async () => {
    w.billing.balances.set('ana', 500);
    const { code } = await setOf('ana', 3);
    const err = await failure(readBoughtSet(w.deps, 'ana', code));
    expect(err).toMatchObject({ statusCode: 403, message: 'Compre este conjunto para baixá-lo.' });

    await buy('ana', code);
    w.files.set(`${code}.pdf`, Buffer.from('%PDF-set'));
    const { pdf, boughtAt, versions } = await readBoughtSet(w.deps, 'ana', code);
    expect(pdf.toString()).toBe('%PDF-set');
    expect(boughtAt).toEqual((await w.store.pages.findSet(code))!.boughtAt);
    expect(versions).toBe(3);
  });

  it('a set file gone missing is assembled again at once (a job of its own id) and the download waits for it', async () => {
    w.billing.balances.set('ana', 500);
    const { code } = await setOf('ana', 2);
    await buy('ana', code);
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
    await buy('ana', code);
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
