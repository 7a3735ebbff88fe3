import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  buy,
  createPageSet,
  createReforcoSet,
  downloadPage,
  downloadSet,
  getMyPages,
  getSetProgress,
  getStatement,
  Msg,
  pageAnswers,
  Rpc,
  thumb,
  type Statement,
} from '@app/contracts';
import { formatFileDate } from '@app/contracts/format';
import { mistakeShows } from '@app/generator';
import type { Bus } from '@app/kit';
import {
  balanceOf,
  buySetAndWait,
  call,
  connectBus,
  createActiveUser,
  defaultPageRequest,
  download,
  eventually,
  postBuySet,
  readPdf,
  setProgressOf,
  waitForThumbnail,
  type PageRequest,
  type TestSession,
  controlProcess,
  fundedMember,
} from '@app/testing';

// Class sets on the whole stack: real pages, billing, Postgres, NATS and the pdf-worker that prints each
// version and assembles the set's one file.

const stack = inject('stack');
const gw = stack.gatewayUrl;
let bus: Bus;

beforeAll(async () => {
  bus = await connectBus(stack, 'page-sets-test');
});
afterAll(async () => {
  await bus.drain();
});

interface MyPage {
  code: string;
  title: string;
  set?: { code: string; versions: number; codes: string[] };
}

async function newSet(user: TestSession, versions: number, request: PageRequest = defaultPageRequest) {
  const res = await call<{ code: string; codes: string[] }>(gw, createPageSet, {
    body: { ...request, versions },
    token: user.token,
  });
  if (res.status !== 200 || !res.body.payload)
    throw new Error(`pageSet answered ${res.status}: ${res.body.message}`);
  return res.body.payload;
}

const buySetAs = (user: TestSession, code: string) => postBuySet(stack, user.token, code);

/** What POST /api/buySet answers while the set is printed: 202, its price held, its job under way. */
const started = { status: 'SUCCESS', message: Msg.setRendering, payload: { balance: null, pending: true } };

const progressOf = (user: TestSession, code: string) => setProgressOf(stack, user.token, code);

const purchases = async (user: TestSession) =>
  (await call<Statement>(gw, getStatement, { token: user.token })).body.payload!.entries.filter(
    (e) => e.kind === 'purchase',
  );

const control = (action: 'stop' | 'start') => controlProcess(stack, 'pdf-worker', action);

describe('class sets', () => {
  it('a set of 3 with gabarito: one ledger line of R$ 1,50, every version bought, one PDF for the class', async () => {
    const user = await fundedMember(stack, 5);
    const statsBefore = await bus.request(Rpc.pagesStats, {});
    const { code, codes } = await newSet(user, 3, { ...defaultPageRequest, mult: true, level: 1 });
    expect(codes).toHaveLength(3);
    // The versions count as pages for the admin (total, bought, not bought).
    expect(await bus.request(Rpc.pagesStats, {})).toEqual({
      totalPages: statsBefore.totalPages + 3,
      pagesWithPayments: statsBefore.pagesWithPayments,
      pagesWithoutPayments: statsBefore.pagesWithoutPayments + 3,
    });
    // The preview is version 1's.
    expect((await waitForThumbnail(stack, user.token, codes[0]!, 60_000)).status).toBe(200);

    // Answered at once (202), the set printed, assembled and charged by pages' job; the screen follows the progress.
    const { answer, progress } = await buySetAndWait(stack, user.token, code);
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual(started);
    expect(progress).toEqual({ done: 3, total: 3, ready: true, bought: true });
    expect(await balanceOf(stack, user.token)).toBe(3.5);
    // Bought: asked again, 200 with the balance.
    expect(await buySetAs(user, code)).toMatchObject({
      status: 200,
      body: { status: 'SUCCESS', payload: { balance: 3.5 } },
    });
    // ONE line in Extrato, naming the set and its count.
    expect(await purchases(user)).toEqual([
      expect.objectContaining({
        amountCents: -150,
        description: `Compra: Adição, subtração e multiplicação — Médio — 3 versões (${code})`,
      }),
    ]);
    expect(await bus.request(Rpc.pagesStats, {})).toEqual({
      totalPages: statsBefore.totalPages + 3,
      pagesWithPayments: statsBefore.pagesWithPayments + 3,
      pagesWithoutPayments: statsBefore.pagesWithoutPayments,
    });
    expect(await progressOf(user, code)).toEqual({ done: 3, total: 3, ready: true, bought: true });

    // The one file: the 3 sheets in order, then their 3 gabaritos, then the answer table; named with the count.
    const file = await download(gw, downloadSet, { code }, user.token);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    const day = formatFileDate(new Date());
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename=matematica-${day}-3-versoes.pdf; ` +
        `filename*=UTF-8''matem%C3%A1tica-${day}-3-vers%C3%B5es.pdf`,
    );
    const { pages } = await readPdf(file.bytes);
    expect(pages.length).toBeGreaterThanOrEqual(7);
    for (const [i] of codes.entries()) {
      expect(pages[i]!.text).toContain(`Versão ${i + 1} de 3`);
      expect(pages[3 + i]!.text).toContain(`Versão ${i + 1} de 3`);
    }
    const table = pages
      .slice(6)
      .map((p) => p.text)
      .join('\n');
    for (const [i, c] of codes.entries()) expect(table).toContain(`Versão ${i + 1} de 3 · ${c}`);
    // The same bytes on every download.
    expect((await download(gw, downloadSet, { code }, user.token)).bytes.equals(file.bytes)).toBe(true);

    // Minhas Compras: ONE entry, named by version 1.
    const mine = await call<MyPage[]>(gw, getMyPages, { token: user.token });
    expect(mine.body.payload).toEqual([
      expect.objectContaining({ code: codes[0], set: { code, versions: 3, codes } }),
    ]);

    // Each version is a bought page of the buyer: its own PDF, and its answers (the QR code's gabarito); three
    // different lists of problems.
    const lists = new Set<string>();
    for (const c of codes) {
      const pdf = await download(gw, downloadPage, { code: c }, user.token);
      expect(pdf.status).toBe(200);
      const answers = await call<{ problems: unknown[] }>(gw, pageAnswers, {
        query: { code: c },
        token: user.token,
      });
      expect(answers.status).toBe(200);
      lists.add(JSON.stringify(answers.body.payload!.problems));
    }
    expect(lists.size).toBe(3);
    const other = await createActiveUser(stack);
    const stranger = await call(gw, pageAnswers, { query: { code: codes[1]! }, token: other.token });
    expect(stranger.status).toBe(403);
    expect(stranger.body.message).toBe(Msg.answersBuyerOnly);

    // A version is not sold alone: POST /api/buy answers as for an unknown code, and charges nothing.
    const alone = await call(gw, buy, { body: { code: codes[2] }, token: user.token });
    expect(alone.status).toBe(404);
    expect(alone.body.message).toBe('Página não encontrada.');
    expect(await balanceOf(stack, user.token)).toBe(3.5);
  }, 240_000);

  it('two purchases of the same set at once charge once', async () => {
    const user = await fundedMember(stack, 5);
    const { code, codes } = await newSet(user, 2);
    const answers = await Promise.all([
      buySetAndWait(stack, user.token, code),
      buySetAndWait(stack, user.token, code),
    ]);
    // Both held the same price (one hold) and queued the same job (one id): both started, one purchase.
    for (const a of answers) expect(a.answer).toMatchObject({ status: 202, body: started });
    expect((await buySetAs(user, code)).body).toMatchObject({ status: 'SUCCESS', payload: { balance: 4 } });
    expect(await balanceOf(stack, user.token)).toBe(4);
    expect(await purchases(user)).toHaveLength(1);
    const mine = await call<MyPage[]>(gw, getMyPages, { token: user.token });
    expect(mine.body.payload).toEqual([
      expect.objectContaining({ code: codes[0], set: { code, versions: 2, codes } }),
    ]);
  }, 240_000);

  it('too little balance: 402 with the product’s message, nothing charged, nothing bought', async () => {
    const user = await fundedMember(stack, 5);
    // R$ 5,00 buys 10 versions, not 11.
    const { code } = await newSet(user, 11);
    const refused = await buySetAs(user, code);
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({
      status: 'ERROR',
      code: 'INSUFFICIENT_BALANCE',
      message: 'Saldo insuficiente para comprar estas 11 versões',
    });
    expect(await balanceOf(stack, user.token)).toBe(5);
    expect(await purchases(user)).toEqual([]);
    expect((await call(gw, getMyPages, { token: user.token })).body.payload).toEqual([]);
    const file = await download(gw, downloadSet, { code }, user.token);
    expect(file.status).toBe(403);
    expect(JSON.parse(file.bytes.toString())).toMatchObject({ message: Msg.setNotBought });
  }, 240_000);

  it('a set that cannot be printed (no worker) is answered at once and charges nothing; bought once the worker is back', async () => {
    const user = await fundedMember(stack, 5);
    await control('stop');
    let code: string;
    try {
      ({ code } = await newSet(user, 2));
      const answer = await buySetAs(user, code);
      expect(answer.status).toBe(202);
      expect(answer.body).toEqual(started);
      expect(await balanceOf(stack, user.token)).toBe(5);
      expect(await purchases(user)).toEqual([]);
      expect(await progressOf(user, code)).toEqual({ done: 0, total: 2, ready: false, bought: false });
      expect((await download(gw, downloadSet, { code }, user.token)).status).toBe(403);
    } finally {
      await control('start');
    }
    // Nobody asks again: the job carries it to its end once the worker prints.
    const progress = await eventually(
      () => progressOf(user, code),
      (p) => p.bought,
      120_000,
    );
    expect(progress).toEqual({ done: 2, total: 2, ready: true, bought: true });
    expect(await balanceOf(stack, user.token)).toBe(4);
    expect(await purchases(user)).toEqual([expect.objectContaining({ amountCents: -100 })]);
    expect((await download(gw, downloadSet, { code }, user.token)).status).toBe(200);
  }, 240_000);

  it("another account's set answers like an unknown one; a set not bought does not download", async () => {
    const owner = await createActiveUser(stack);
    const other = await fundedMember(stack, 5);
    const { code, codes } = await newSet(owner, 2);

    const notBought = await download(gw, downloadSet, { code }, owner.token);
    expect(notBought.status).toBe(403);
    expect(JSON.parse(notBought.bytes.toString())).toMatchObject({
      message: 'Compre este conjunto para baixá-lo.',
    });

    for (const setCode of [code, 'C'.repeat(22)]) {
      const progress = await call(gw, getSetProgress, { query: { code: setCode }, token: other.token });
      const steal = await buySetAs(other, setCode);
      const grab = await download(gw, downloadSet, { code: setCode }, other.token);
      for (const res of [progress, steal, { status: grab.status, body: JSON.parse(grab.bytes.toString()) }]) {
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ status: 'ERROR', message: 'Conjunto não encontrado.' });
      }
    }
    // A version's code is a page code: another account's is a 404 page; nor is a set code a page's.
    expect((await download(gw, thumb, { code: codes[0]! }, other.token)).status).toBe(404);
    expect((await call(gw, buy, { body: { code }, token: owner.token })).status).toBe(404);
    expect(await balanceOf(stack, other.token)).toBe(5);
  });

  it('refuses 1 or 41 versions and a set without operations, with the pt-BR messages', async () => {
    const user = await createActiveUser(stack);
    for (const versions of [1, 41, 2.5]) {
      const res = await call(gw, createPageSet, {
        body: { ...defaultPageRequest, versions },
        token: user.token,
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Escolha de 1 a 40 versões.');
    }
    const none = await call(gw, createPageSet, {
      body: { ...defaultPageRequest, add: false, sub: false, versions: 3 },
      token: user.token,
    });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(Msg.selectOperation);
  });
});

describe('reforço sets', () => {
  it("a bought set's reforço: each version stored with its child's mistakes, printed and bought as any set", async () => {
    const owner = await fundedMember(stack, 5);
    const request: PageRequest = { ...defaultPageRequest, add: false, sub: true, level: 2 };
    const corrected = await newSet(owner, 2, request);
    expect((await buySetAndWait(stack, owner.token, corrected.code)).progress?.bought).toBe(true);

    const made = await call<{ code: string; codes: string[] }>(gw, createReforcoSet, {
      body: {
        code: corrected.code,
        versions: [
          { corrected: true, foco: [{ id: 'sub.zeroNoMinuendo' }] },
          { corrected: true, foco: [] },
        ],
      },
      token: owner.token,
    });
    expect(made.status, made.body.message).toBe(200);
    const { code, codes } = made.body.payload!;
    expect(codes).toHaveLength(2);
    expect((await buySetAndWait(stack, owner.token, code)).progress?.bought).toBe(true);
    const gabarito = await call<{ problems: Array<{ op: string; a: number; b: number }> }>(gw, pageAnswers, {
      query: { code: codes[0]! },
      token: owner.token,
    });
    expect(gabarito.status, gabarito.body.message).toBe(200);
    // Stored with its own options: its gabarito (drawn from them) is mostly subtractions that borrow across a zero.
    const problems = gabarito.body.payload!.problems as Array<{ op: 'sub'; a: number; b: number }>;
    const zeros = problems.filter((p) => mistakeShows({ id: 'sub.zeroNoMinuendo' }, p));
    expect(zeros.length / problems.length).toBeGreaterThanOrEqual(0.6);
    expect(await balanceOf(stack, owner.token)).toBe(3);
    const file = await download(gw, downloadSet, { code }, owner.token);
    expect(file.status).toBe(200);
    expect((await readPdf(file.bytes)).pages.length).toBeGreaterThanOrEqual(4);
  });

  it("refuses another account's set, a set not bought, and versions that are not the set's, in pt-BR", async () => {
    const owner = await fundedMember(stack, 5);
    const other = await createActiveUser(stack);
    const set = await newSet(owner, 2);
    const none = { corrected: true, foco: [] };
    const ask = (user: TestSession, versions: Array<typeof none>) =>
      call(gw, createReforcoSet, { body: { code: set.code, versions }, token: user.token });
    for (const [user, answer] of [
      [other, await ask(other, [none, none])],
      [owner, await ask(owner, [none, none])],
    ] as const) {
      expect(answer.status, user.email).toBe(404);
      expect(answer.body.message).toBe(Msg.setNotFound);
    }
    expect((await buySetAndWait(stack, owner.token, set.code)).progress?.bought).toBe(true);
    const three = await ask(owner, [none, none, none]);
    expect(three.status).toBe(400);
    expect(three.body.message).toBe(Msg.reforcoVersions(2));
    const unknown = await call(gw, createReforcoSet, {
      body: { code: set.code, versions: [{ corrected: true, foco: [{ id: 'sub.inventado' }] }, none] },
      token: owner.token,
    });
    expect(unknown.status).toBe(400);
  });
});
