import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  buy,
  Events,
  getStatement,
  Msg,
  RENDER_CONSUMERS,
  renderFiles,
  type Statement,
} from '@app/contracts';
import type { Bus, FileStore } from '@app/kit';
import {
  buyPage,
  balanceOf,
  buySetAndWait,
  newPageSet,
  call,
  connectBus,
  consumerInfo,
  createActiveUser,
  eventually,
  generatePageCode,
  postBuySet,
  restartProcess,
  topUp,
  waitForThumbnail,
  waitUntilConsumed,
  type TestSession,
  controlProcess,
  fundedMember,
} from '@app/testing';

/**
 * Money before work. A purchase holds its price in billing before any render job is queued, so
 * the workers print nothing that is not paid for; an account prints one class set at a time; and a member's page is
 * not queued behind other members' class sets. Everything here is counted (files stored, jobs drained, the order in
 * which the bucket's watch hears the files), never timed. The stack's worker runs without PDFs ahead of time (an
 * idle worker would print the PDFs of pages just previewed) and is given back its own settings at the end.
 */
const stack = inject('stack');
const gw = stack.gatewayUrl;
let bus: Bus;
let files: FileStore;

beforeAll(async () => {
  bus = await connectBus(stack, 'money-before-work-test');
  files = await bus.fileStore('RENDERS');
  await restartProcess(stack, 'pdf-worker', { PDF_PRERENDER: 'off' });
});
afterAll(async () => {
  await restartProcess(stack, 'pdf-worker');
  await bus.drain();
});

const SET_PRINTING = 'Você já tem um conjunto sendo impresso. Aguarde ele ficar pronto para comprar outro.';

const newSet = (user: TestSession, versions: number) => newPageSet(stack, user.token, versions);

/** What POST /api/buySet answers while the set is printed: 202, its price held, its job under way. */
const started = { status: 'SUCCESS', message: Msg.setRendering, payload: { balance: null, pending: true } };

/** Every render job queued so far has been handled by the worker (its consumers have nothing pending or unacked). */
const drainRenders = () =>
  Promise.all(
    Object.values(RENDER_CONSUMERS).map((durable) => waitUntilConsumed(stack, 'JOBS_PDF', durable, 180_000)),
  );

const purchasesOf = async (user: TestSession) =>
  (await call<Statement>(gw, getStatement, { token: user.token })).body.payload!.entries.filter(
    (e) => e.kind === 'purchase',
  );

const storedPdfs = async (codes: string[]) =>
  (await Promise.all(codes.map((c) => files.has(renderFiles(c).pdf)))).filter(Boolean).length;

const control = (action: 'stop' | 'start') => controlProcess(stack, 'pdf-worker', action);

describe('money before work', () => {
  it('with R$ 5, three sets of 10 bought at once print 10 versions and charge R$ 5', async () => {
    const user = await fundedMember(stack, 5);
    const sets = await Promise.all([1, 2, 3].map(() => newSet(user, 10)));

    // Each bought as the builder does: one POST, then its progress followed until bought (a refusal is the answer).
    const answers = await Promise.all(sets.map((s) => buySetAndWait(stack, user.token, s.code)));
    await drainRenders();
    const printed = await Promise.all(sets.map((s) => storedPdfs(s.codes)));
    expect(printed.reduce((a, b) => a + b)).toBe(10);
    expect(await balanceOf(stack, user.token)).toBe(0);
    expect((await purchasesOf(user)).map((p) => p.amountCents)).toEqual([-500]);

    const bought = answers.filter((a) => a.answer.status === 202);
    expect(bought).toHaveLength(1);
    expect(bought[0]!.answer.body).toEqual(started);
    expect(bought[0]!.progress).toEqual({ done: 10, total: 10, ready: true, bought: true });
    // The others are told why, and charged nothing: one set prints at a time.
    for (const { answer: refused } of answers.filter((a) => a.answer.status !== 202)) {
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: 'CONFLICT', message: SET_PRINTING });
    }

    // Once the first is bought, the account may print another set (and its balance refuses it now: 402).
    const other = sets.find((s, i) => answers[i]!.answer.status !== 202)!;
    expect((await postBuySet(stack, user.token, other.code)).status).toBe(402);
  }, 240_000);

  it('a page without the money for it is refused before anything is printed', async () => {
    const user = await createActiveUser(stack);
    const code = await generatePageCode(stack, user.token);
    expect((await waitForThumbnail(stack, user.token, code, 60_000)).status).toBe(200);

    const refused = await call(gw, buy, { body: { code }, token: user.token });
    expect(refused.status).toBe(402);
    expect(refused.body.message).toBe('Saldo insuficiente para comprar esta página');
    await drainRenders();
    expect(await files.has(renderFiles(code).pdf)).toBe(false);
  }, 120_000);

  it("a member's page bought during a flood of other members' sets is printed before their versions", async () => {
    const flooders = await Promise.all([1, 2].map(() => createActiveUser(stack)));
    await Promise.all(flooders.map((f) => topUp(stack, f.token, 20)));
    const floods = await Promise.all(flooders.map((f) => newSet(f, 40)));
    const buyer = await fundedMember(stack, 5);
    const code = await generatePageCode(stack, buyer.token);
    expect((await waitForThumbnail(stack, buyer.token, code, 60_000)).status).toBe(200);

    // The worker is stopped: the sets' 80 versions go into its queue, then the page's PDF.
    await control('stop');
    const stored: string[] = [];
    const stopWatching = await files.watch((name) => stored.push(name));
    try {
      const flooding = await Promise.all(floods.map((s, i) => postBuySet(stack, flooders[i]!.token, s.code)));
      expect(flooding.map((r) => r.status)).toEqual([202, 202]);
      // Their jobs queue the 80 versions (pages' consumer, a moment after the answers): then the page's PDF.
      const versions = await eventually(
        () => consumerInfo(stack, 'JOBS_PDF', RENDER_CONSUMERS.version),
        (info) => info.num_pending >= 80,
        60_000,
      );
      expect(versions.num_pending).toBeGreaterThanOrEqual(80);
      expect((await call(gw, buy, { body: { code }, token: buyer.token })).status).toBe(503);

      // Back with one tab: it renders one job at a time, in the order its queues give them.
      await restartProcess(stack, 'pdf-worker', { PDF_PRERENDER: 'off', PDF_TABS: '1' });
      const bought = await buyPage(stack, buyer.token, code);
      expect(bought.body.payload).toEqual({ balance: 4.5 });
      await drainRenders();

      const pageAt = stored.indexOf(renderFiles(code).pdf);
      expect(pageAt).toBeGreaterThanOrEqual(0);
      const versionPdfs = new Set(floods.flatMap((s) => s.codes.map((c) => renderFiles(c).pdf)));
      const versionsBefore = stored.slice(0, pageAt).filter((name) => versionPdfs.has(name)).length;
      // At most the one render the tab had started when the page's job came: never the 80 queued before it.
      expect(versionsBefore).toBeLessThanOrEqual(1);
      // And the sets were printed and paid for all the same.
      expect(stored.filter((name) => versionPdfs.has(name))).toHaveLength(80);
      for (const [i, s] of floods.entries()) {
        const { progress } = await buySetAndWait(stack, flooders[i]!.token, s.code);
        expect(progress ?? { bought: true }).toMatchObject({ bought: true });
        expect(await balanceOf(stack, flooders[i]!.token)).toBe(0);
        expect((await purchasesOf(flooders[i]!)).map((p) => p.amountCents)).toEqual([-2000]);
      }
    } finally {
      stopWatching();
      await restartProcess(stack, 'pdf-worker', { PDF_PRERENDER: 'off' });
    }
  }, 300_000);

  it('a set whose printing fails for good gives its hold back', async () => {
    await restartProcess(stack, 'pdf-worker', { PDF_PRERENDER: 'off', PDF_MAX_DELIVER: '1' });
    try {
      const user = await fundedMember(stack, 5);
      const set = await newSet(user, 10);
      // Version 1's PDF in the bucket is not a PDF: the set's assembly fails, on its one delivery.
      await files.put(renderFiles(set.codes[0]!).pdf, Buffer.from('not a pdf'));
      const page = await generatePageCode(stack, user.token);

      // The worker tells of a render it gave up on; pages hears it and releases the purchase's hold.
      const failed = new Promise<void>((resolve) =>
        bus.listen(Events.renderFailed, (event) => {
          if (event.code === set.code) resolve();
        }),
      );
      await bus.flush();
      const answer = await postBuySet(stack, user.token, set.code);
      expect(answer.status).toBe(202);
      expect(answer.body).toEqual(started);
      await failed;
      await waitUntilConsumed(stack, 'EVENTS', 'pages-render-failed');

      // Nothing was charged, and the R$ 5 the set held is free again: a page of R$ 0,50 can be bought.
      expect(await purchasesOf(user)).toEqual([]);
      expect((await buyPage(stack, user.token, page)).body.payload).toEqual({ balance: 4.5 });
    } finally {
      await restartProcess(stack, 'pdf-worker', { PDF_PRERENDER: 'off' });
    }
  }, 240_000);
});
