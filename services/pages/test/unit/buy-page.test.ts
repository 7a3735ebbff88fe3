import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode, Events, Jobs, Msg, Rpc } from '@app/contracts';
import { AppError } from '@app/kit';
import { buyPage } from '../../src/domain/buy-page.js';
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

/** The AppError a call failed with (or a failure of the test). */
async function failure(call: Promise<unknown>): Promise<AppError> {
  const err = await call.then(
    () => new Error('it succeeded'),
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

const renderJobs = () => w.published(Jobs.renderDocument);

describe('buyPage', () => {
  it('debits R$ 0,50 keyed by the page code, marks the page bought and announces it', async () => {
    w.billing.balances.set('ana', 500);
    const code = await pageOf('ana');

    expect(await buyPage(w.deps, 'ana', code)).toBe(450);

    expect(w.requested(Rpc.billingDebit)).toEqual([
      { userId: 'ana', cents: 50, reason: `Página de exercícios ${code}`, idempotencyKey: code },
    ]);
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

  it('buying again, or several times at once, debits once and keeps the first purchase time', async () => {
    w.billing.balances.set('ana', 500);
    const code = await pageOf('ana');
    expect(await buyPage(w.deps, 'ana', code)).toBe(450);
    const boughtAt = (await w.store.pages.findByCode(code))!.boughtAt;

    const again = await Promise.all([1, 2, 3].map(() => buyPage(w.deps, 'ana', code)));
    expect(again).toEqual([450, 450, 450]);
    expect(await buyPage(w.deps, 'ana', code)).toBe(450);

    expect(w.billing.debits).toHaveLength(1);
    expect(w.billing.balances.get('ana')).toBe(450);
    // Every attempt asked with the same key: billing's idempotency is what makes a repeat free.
    expect(new Set(w.requested(Rpc.billingDebit).map((r) => r.idempotencyKey))).toEqual(new Set([code]));
    expect((await w.store.pages.findByCode(code))!.boughtAt).toEqual(boughtAt);
    // Announced on every answer with the same id and time: JetStream keeps one.
    const events = w.published(Events.pageBought);
    expect(events).toHaveLength(5);
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
    'with R$ %i cents, the purchase is refused with 402 and the exact message; nothing is bought',
    async (cents) => {
      w.billing.balances.set('ana', cents);
      const code = await pageOf('ana');
      const err = await failure(buyPage(w.deps, 'ana', code));
      expect(err).toMatchObject({ statusCode: 402, code: ErrorCode.INSUFFICIENT_BALANCE });
      expect(err.message).toBe('Saldo insuficiente para comprar esta página');
      expect(err.message).toBe(Msg.insufficientBalance);

      expect(w.billing.balances.get('ana')).toBe(cents);
      expect(w.billing.debits).toEqual([]);
      expect((await w.store.pages.findByCode(code))!.boughtAt).toBeNull();
      expect(w.published(Events.pageBought)).toEqual([]);
    },
  );

  it("someone else's page is answered like an unknown one, and nothing is charged or printed", async () => {
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

  it('a PDF not stored yet is printed first (its job queued at once), then the page is charged', async () => {
    w.billing.balances.set('ana', 500);
    const code = await pageOf('ana', { pdf: false });

    expect(await buyPage(w.deps, 'ana', code)).toBe(450);

    expect(w.calls.map((c) => `${c.kind} ${c.subject}`)).toEqual([
      `publish ${Jobs.renderDocument.subject}`,
      `request ${Rpc.billingDebit.subject}`,
      `publish ${Events.pageBought.subject}`,
    ]);
    const [job] = renderJobs();
    expect(job!.payload).toEqual({ code, seed: 'seed', options, rules: 2 });
    // A later request for the same PDF gets a job of its own (a shared id would be dropped by JetStream).
    expect(job!.msgID).toMatch(new RegExp(`^document:${code}:[0-9a-f-]{36}$`));
  });

  it('a PDF that does not arrive within the wait: 503, nothing charged or bought, its render queued again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    w = memoryDeps({ renderWaitMs: 8000 });
    w.worker.running = false;
    w.billing.balances.set('ana', 500);
    const code = await pageOf('ana', { pdf: false });

    const refused = failure(buyPage(w.deps, 'ana', code));
    await vi.advanceTimersByTimeAsync(7999);
    expect(renderJobs()).toHaveLength(1);
    expect(w.requested(Rpc.billingDebit)).toEqual([]);

    await vi.advanceTimersByTimeAsync(1);
    const err = await refused;
    expect(err).toMatchObject({ statusCode: 503, code: ErrorCode.NOT_READY, message: Msg.pageRendering });
    expect(err.message).toBe('A página ainda está sendo gerada. Tente novamente em instantes.');
    expect(w.requested(Rpc.billingDebit)).toEqual([]);
    expect(w.billing.balances.get('ana')).toBe(500);
    expect((await w.store.pages.findByCode(code))!.boughtAt).toBeNull();
    expect(await w.store.pages.listBought('ana')).toEqual([]);
    expect(w.published(Events.pageBought)).toEqual([]);
    expect(renderJobs()).toHaveLength(2);

    // Once the worker has stored it, the purchase goes through.
    w.storeFile(`${code}.pdf`);
    expect(await buyPage(w.deps, 'ana', code)).toBe(450);
  });

  it('a PDF stored while the buyer waits ends the wait at once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    w = memoryDeps({ renderWaitMs: 8000 });
    w.worker.running = false;
    w.billing.balances.set('ana', 500);
    const code = await pageOf('ana', { pdf: false });

    const outcome = buyPage(w.deps, 'ana', code);
    await vi.advanceTimersByTimeAsync(3000);
    expect(w.requested(Rpc.billingDebit)).toEqual([]);
    w.storeFile(`${code}.pdf`);
    await vi.advanceTimersByTimeAsync(0);
    expect(await outcome).toBe(450);
    expect(renderJobs()).toHaveLength(1);
  });
});
