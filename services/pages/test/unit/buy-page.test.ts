import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode, Events, Jobs, Msg, Rpc } from '@app/contracts';
import { buyPage } from '../../src/domain/buy-page.js';
import { failure } from '../fakes/failure.js';
import { memoryDeps } from '../fakes/memory-deps.js';

const options = { add: true, sub: true, mult: false, div: false, answers: true, level: 1 as const };
let w: ReturnType<typeof memoryDeps>;
beforeEach(() => {
  w = memoryDeps();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A page of `userId`, with its PDF already stored unless told. */
async function pageOf(userId: string, { pdf = true } = {}) {
  const code = `code-${userId}-${Math.random().toString(36).slice(2)}`;
  await w.store.pages.insert({ code, userId, seed: 'seed', options, rules: 2 });
  if (pdf) w.files.set(`${code}.pdf`, Buffer.from('%PDF-'));
  return code;
}

const renderJobs = () => w.published(Jobs.renderDocument);

/** Lets the fake timers and the promises waiting on them run for `ms`. */
const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);

describe('buyPage: money before work', () => {
  it('holds R$ 0,50 keyed by the page, captures it, marks the page bought and announces it', async () => {
    w.billing.balances.set('ana', 500);
    const code = await pageOf('ana');

    expect(await buyPage(w.deps, 'ana', code)).toBe(450);

    expect(w.calls.map((c) => `${c.kind} ${c.subject}`)).toEqual([
      `request ${Rpc.billingHold.subject}`,
      `request ${Rpc.billingCapture.subject}`,
      `publish ${Events.pageBought.subject}`,
    ]);
    expect(w.requested(Rpc.billingHold)).toEqual([
      { userId: 'ana', key: `page:${code}`, cents: 50, reason: `Adição e subtração — Médio (${code})` },
    ]);
    expect(w.requested(Rpc.billingCapture)).toEqual([{ userId: 'ana', key: `page:${code}` }]);
    expect(w.billing.balances.get('ana')).toBe(450);
    const page = await w.store.pages.findByCode(code);
    expect(page!.boughtAt).toBeInstanceOf(Date);
    expect(w.published(Events.pageBought)).toEqual([
      {
        kind: 'publish',
        subject: Events.pageBought.subject,
        msgID: `${Events.pageBought.subject}:${code}`,
        payload: {
          eventId: `${Events.pageBought.subject}:${code}`,
          at: page!.boughtAt!.toISOString(),
          code,
          userId: 'ana',
          priceCents: 50,
        },
      },
    ]);
    // Its PDF was there: no render was asked for.
    expect(renderJobs()).toEqual([]);
  });

  it('buying again, or several times at once, charges once and keeps the first purchase time', async () => {
    w.billing.balances.set('ana', 500);
    const code = await pageOf('ana', { pdf: false });
    expect(await Promise.all([1, 2, 3].map(() => buyPage(w.deps, 'ana', code)))).toEqual([450, 450, 450]);
    const boughtAt = (await w.store.pages.findByCode(code))!.boughtAt;
    expect(await buyPage(w.deps, 'ana', code)).toBe(450);

    expect(w.billing.debits).toHaveLength(1);
    expect(w.billing.heldCents('ana')).toBe(0);
    expect(w.billing.balances.get('ana')).toBe(450);
    expect(renderJobs()).toHaveLength(1);
    expect((await w.store.pages.findByCode(code))!.boughtAt).toEqual(boughtAt);
    // Announced on every answer with the same id and time: JetStream keeps one.
    const events = w.published(Events.pageBought);
    expect(new Set(events.map((e) => e.msgID))).toEqual(new Set([`${Events.pageBought.subject}:${code}`]));
    expect(new Set(events.map((e) => e.payload.at))).toEqual(new Set([boughtAt!.toISOString()]));
  });

  it('a retry after a failed announcement charges nothing more and announces the purchase', async () => {
    w.billing.balances.set('ana', 500);
    const code = await pageOf('ana');
    w.failing.add(Events.pageBought.subject);
    await expect(buyPage(w.deps, 'ana', code)).rejects.toThrow('not published');
    expect((await w.store.pages.findByCode(code))!.boughtAt).not.toBeNull();

    w.failing.clear();
    expect(await buyPage(w.deps, 'ana', code)).toBe(450);
    expect(w.billing.debits).toHaveLength(1);
    expect(w.published(Events.pageBought)).toEqual([
      expect.objectContaining({ msgID: `${Events.pageBought.subject}:${code}` }),
    ]);
  });

  it.each([0, 40])(
    'with R$ %i cents, 402 with the exact message before anything is printed; nothing held or bought',
    async (cents) => {
      w.billing.balances.set('ana', cents);
      const code = await pageOf('ana', { pdf: false });
      const err = await failure(buyPage(w.deps, 'ana', code));
      expect(err).toMatchObject({ statusCode: 402, code: ErrorCode.INSUFFICIENT_BALANCE });
      expect(err.message).toBe('Saldo insuficiente para comprar esta página');
      expect(err.message).toBe(Msg.insufficientBalance);

      expect(renderJobs()).toEqual([]);
      expect(w.billing.holds).toEqual([]);
      expect(w.billing.balances.get('ana')).toBe(cents);
      expect((await w.store.pages.findByCode(code))!.boughtAt).toBeNull();
      expect(w.published(Events.pageBought)).toEqual([]);
    },
  );

  it('what other purchases hold is not available: a page is refused while a set holds the balance', async () => {
    w.billing.balances.set('ana', 500);
    w.billing.hold({ userId: 'ana', key: 'set:abc', cents: 500, reason: 'Conjunto', exclusive: true });
    const code = await pageOf('ana', { pdf: false });
    expect(await failure(buyPage(w.deps, 'ana', code))).toMatchObject({ statusCode: 402 });
    expect(renderJobs()).toEqual([]);
  });

  it("someone else's page is answered like an unknown one, and nothing is held or printed", async () => {
    w.billing.balances.set('bruno', 500);
    const code = await pageOf('ana', { pdf: false });

    const stolen = await failure(buyPage(w.deps, 'bruno', code));
    const unknown = await failure(buyPage(w.deps, 'bruno', 'A'.repeat(22)));
    for (const err of [stolen, unknown]) {
      expect(err).toMatchObject({ statusCode: 404, code: ErrorCode.NOT_FOUND, message: Msg.pageNotFound });
    }
    expect(w.calls).toEqual([]);
    expect(w.billing.balances.get('bruno')).toBe(500);
    expect((await w.store.pages.findByCode(code))!.boughtAt).toBeNull();
  });

  it('a PDF not stored yet is printed after the hold, its job named by the hold, then the page is charged', async () => {
    w.billing.balances.set('ana', 500);
    const code = await pageOf('ana', { pdf: false });

    expect(await buyPage(w.deps, 'ana', code)).toBe(450);

    expect(w.calls.map((c) => `${c.kind} ${c.subject}`)).toEqual([
      `request ${Rpc.billingHold.subject}`,
      `publish ${Jobs.renderDocument.subject}`,
      `request ${Rpc.billingCapture.subject}`,
      `publish ${Events.pageBought.subject}`,
    ]);
    const [job] = renderJobs();
    expect(job!.payload).toEqual({ code, seed: 'seed', options, rules: 2 });
    expect(job!.msgID).toBe(`document:${code}:${w.billing.holds[0]!.holdId}`);
  });

  it('not printed within the wait: 503 and nothing charged; the purchase completes once the PDF is stored, buyer or not', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    w = memoryDeps({ renderWaitMs: 8000 });
    w.worker.running = false;
    w.billing.balances.set('ana', 500);
    const code = await pageOf('ana', { pdf: false });

    const refused = failure(buyPage(w.deps, 'ana', code));
    await advance(7999);
    expect(renderJobs()).toHaveLength(1);
    expect(w.requested(Rpc.billingCapture)).toEqual([]);
    await advance(1);
    const err = await refused;
    expect(err).toMatchObject({ statusCode: 503, code: ErrorCode.NOT_READY, message: Msg.pageRendering });
    expect(err.message).toBe('A página ainda está sendo gerada. Tente novamente em instantes.');
    // The price is held, not spent; the page is not bought.
    expect(w.billing.heldCents('ana')).toBe(50);
    expect(w.billing.balances.get('ana')).toBe(500);
    expect(await w.store.pages.listBought('ana')).toEqual([]);

    // Asked again while it prints: it joins the same printing (nothing queued twice), and waits again.
    const again = failure(buyPage(w.deps, 'ana', code));
    await advance(8000);
    expect(await again).toMatchObject({ statusCode: 503 });
    expect(renderJobs()).toHaveLength(1);

    // The worker stores it with nobody waiting: the purchase is charged and the page bought all the same.
    w.storeFile(`${code}.pdf`);
    await advance(0);
    expect(w.billing.balances.get('ana')).toBe(450);
    expect(w.billing.heldCents('ana')).toBe(0);
    expect((await w.store.pages.findByCode(code))!.boughtAt).toBeInstanceOf(Date);
    expect(w.published(Events.pageBought)).toHaveLength(1);
    expect(await buyPage(w.deps, 'ana', code)).toBe(450);
    expect(w.billing.debits).toHaveLength(1);
  });

  it('a PDF stored while the buyer waits ends the wait at once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    w = memoryDeps({ renderWaitMs: 8000 });
    w.worker.running = false;
    w.billing.balances.set('ana', 500);
    const code = await pageOf('ana', { pdf: false });

    const outcome = buyPage(w.deps, 'ana', code);
    await advance(3000);
    expect(w.requested(Rpc.billingCapture)).toEqual([]);
    w.storeFile(`${code}.pdf`);
    await advance(0);
    expect(await outcome).toBe(450);
    expect(renderJobs()).toHaveLength(1);
  });

  it('a hold released meanwhile (its render failed for good) is not captured; asked again, the price is held anew', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    w = memoryDeps({ renderWaitMs: 8000 });
    w.worker.running = false;
    w.billing.balances.set('ana', 500);
    const code = await pageOf('ana', { pdf: false });

    const refused = failure(buyPage(w.deps, 'ana', code));
    await advance(8000);
    expect(await refused).toMatchObject({ statusCode: 503 });
    w.billing.release({ userId: 'ana', key: `page:${code}` });
    // A later job stores the PDF: nothing is held any more, so nothing is charged nor bought.
    w.storeFile(`${code}.pdf`);
    await advance(0);
    expect(w.billing.debits).toEqual([]);
    expect((await w.store.pages.findByCode(code))!.boughtAt).toBeNull();

    expect(await buyPage(w.deps, 'ana', code)).toBe(450);
    expect(w.billing.holds.map((h) => h.state)).toEqual(['released', 'captured']);
  });

  it('a purchase not completed within PURCHASE_WAIT_MS lets go: its hold stays for billing to expire', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    w = memoryDeps({ renderWaitMs: 8000, purchaseWaitMs: 60_000 });
    w.worker.running = false;
    w.billing.balances.set('ana', 500);
    const code = await pageOf('ana', { pdf: false });

    const refused = failure(buyPage(w.deps, 'ana', code));
    await advance(8000);
    await refused;
    expect(w.deps.purchases.size).toBe(1);
    await advance(52_000);
    expect(w.deps.purchases.size).toBe(0);
    w.storeFile(`${code}.pdf`);
    await advance(0);
    expect(w.billing.debits).toEqual([]);
    expect(w.billing.heldCents('ana')).toBe(50);
  });
});
