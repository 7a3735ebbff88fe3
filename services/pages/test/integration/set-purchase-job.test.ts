import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  createPageSet,
  downloadSet,
  getStatement,
  Jobs,
  Msg,
  RENDER_CONSUMERS,
  type Statement,
} from '@app/contracts';
import type { Bus } from '@app/kit';
import {
  balanceOf,
  call,
  connectBus,
  consumerInfo,
  controlProcess,
  defaultPageRequest,
  download,
  eventually,
  fundedMember,
  postBuySet,
  setProgressOf,
  userIdOf,
  type TestSession,
} from '@app/testing';

/**
 * A class set's purchase is a job of pages' own queue, not a request kept open: POST /api/buySet holds the price and
 * answers 202, and whichever pages replica takes the job prints, assembles and charges it. Here both the worker and
 * pages stop in the middle of it, and the purchase still ends bought, charged exactly once, its file downloadable.
 */
const stack = inject('stack');
const gw = stack.gatewayUrl;
let bus: Bus;

beforeAll(async () => {
  bus = await connectBus(stack, 'set-purchase-job-test');
});
afterAll(async () => {
  await bus.drain();
});

async function newSet(user: TestSession, versions: number) {
  const res = await call<{ code: string; codes: string[] }>(gw, createPageSet, {
    body: { ...defaultPageRequest, versions },
    token: user.token,
  });
  if (res.status !== 200 || !res.body.payload) throw new Error(`pageSet answered ${res.status}`);
  return res.body.payload;
}

const purchasesOf = async (user: TestSession) =>
  (await call<Statement>(gw, getStatement, { token: user.token })).body.payload!.entries.filter(
    (e) => e.kind === 'purchase',
  );

describe('a class set bought as a job', () => {
  it('survives a stop of the worker and of pages in the middle: bought, charged once, downloadable', async () => {
    const user = await fundedMember(stack, 5);
    const { code } = await newSet(user, 4);

    await controlProcess(stack, 'pdf-worker', 'stop');
    let pagesStopped = false;
    try {
      // Answered at once: the price held, the job queued.
      const answer = await postBuySet(stack, user.token, code);
      expect(answer.status).toBe(202);
      expect(answer.body).toEqual({
        status: 'SUCCESS',
        message: Msg.setRendering,
        payload: { balance: null, pending: true },
      });
      // pages took the job and queued the versions' renders, which wait for the worker.
      const job = await eventually(
        () => consumerInfo(stack, 'JOBS_PAGES', 'pages-buy-set'),
        (info) => info.num_ack_pending >= 1,
        30_000,
      );
      expect(job.num_ack_pending).toBeGreaterThanOrEqual(1);
      const versions = await eventually(
        () => consumerInfo(stack, 'JOBS_PDF', RENDER_CONSUMERS.version),
        (info) => info.num_pending >= 4,
        30_000,
      );
      expect(versions.num_pending).toBeGreaterThanOrEqual(4);
      expect(await setProgressOf(stack, user.token, code)).toEqual({
        done: 0,
        total: 4,
        ready: false,
        bought: false,
      });
      expect(await balanceOf(stack, user.token)).toBe(5);
      expect(await purchasesOf(user)).toEqual([]);

      // pages stops in the middle of the job; the worker comes back and prints while pages is away.
      await controlProcess(stack, 'pages', 'stop');
      pagesStopped = true;
      await controlProcess(stack, 'pdf-worker', 'start');
      await controlProcess(stack, 'pages', 'start');
      pagesStopped = false;
    } finally {
      if (pagesStopped) await controlProcess(stack, 'pages', 'start');
      await controlProcess(stack, 'pdf-worker', 'start').catch(() => undefined);
    }

    // Nobody asks again: the job, taken again by pages, assembles the set and charges it.
    const progress = await eventually(
      () => setProgressOf(stack, user.token, code),
      (p) => p.bought,
      180_000,
    );
    expect(progress).toEqual({ done: 4, total: 4, ready: true, bought: true });
    // Exactly 4 × R$ 0,50, once: one ledger line naming the set.
    expect(await balanceOf(stack, user.token)).toBe(3);
    expect(await purchasesOf(user)).toEqual([
      expect.objectContaining({
        amountCents: -200,
        description: `Compra: Adição e subtração — Médio — 4 versões (${code})`,
      }),
    ]);
    const file = await download(gw, downloadSet, { code }, user.token);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.bytes.subarray(0, 4).toString()).toBe('%PDF');

    // Asked again once bought: 200 with the balance, nothing more charged.
    const again = await postBuySet(stack, user.token, code);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ status: 'SUCCESS', payload: { balance: 3 } });
    expect(await purchasesOf(user)).toHaveLength(1);
  }, 300_000);

  it('its job delivered again after the purchase (another id, the same hold) charges nothing more', async () => {
    const user = await fundedMember(stack, 5);
    const { code } = await newSet(user, 2);
    expect((await postBuySet(stack, user.token, code)).status).toBe(202);
    await eventually(
      () => setProgressOf(stack, user.token, code),
      (p) => p.bought,
      120_000,
    );
    expect(await balanceOf(stack, user.token)).toBe(4);

    // The same purchase queued again under ids JetStream does not know: each handled (acked: gone from the work
    // queue), neither charges.
    const userId = await userIdOf(stack, user.token);
    const jsm = await bus.js.jetstreamManager();
    for (const holdId of ['again-1', 'again-2']) {
      const job = Jobs.buySet.payload.parse({ userId, setCode: code, holdId });
      const { seq } = await bus.js.publish(
        bus.subject(Jobs.buySet.subject),
        new TextEncoder().encode(JSON.stringify(job)),
        { msgID: `test:${holdId}:${code}` },
      );
      const left = await eventually(
        () => jsm.streams.getMessage(bus.streamName('JOBS_PAGES'), { seq }).catch(() => null),
        (message) => message === null,
        60_000,
      );
      expect(left).toBeNull();
    }
    expect(await balanceOf(stack, user.token)).toBe(4);
    expect(await purchasesOf(user)).toHaveLength(1);
    expect((await setProgressOf(stack, user.token, code)).bought).toBe(true);
  }, 240_000);
});
