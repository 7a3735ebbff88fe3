import { createHash, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  createPage,
  downloadPage,
  getMyPages,
  getReadingMaps,
  getUser,
  Msg,
  pageAnswers,
  type ReadingMaps,
  renderFiles,
  Rpc,
  thumb,
} from '@app/contracts';
import { formatFileDate } from '@app/contracts/format';
import { generatePage, RULES_VERSION } from '@app/generator';
import type { Bus } from '@app/kit';
import { jetstreamManager } from '@nats-io/jetstream';
import {
  buyPage,
  adminToken,
  balanceOf,
  call,
  connectBus,
  createActiveUser,
  defaultPageRequest,
  download,
  generatePageCode,
  readPdf,
  sql,
  topUp,
  waitForThumbnail,
  type PageRequest,
  type TestSession,
  controlProcess,
  fundedMember,
} from '@app/testing';

const stack = inject('stack');
const gw = stack.gatewayUrl;
let bus: Bus;

beforeAll(async () => {
  bus = await connectBus(stack, 'pages-test');
});
afterAll(async () => {
  await bus.drain();
});

const userIdOf = async (user: TestSession) =>
  (await call<{ _id: string }>(gw, getUser, { token: user.token })).body.payload!._id;
const buyAs = (user: TestSession, code: string) => buyPage(stack, user.token, code);
/** The database's clock, the one that stamps `created_at`: no comparison against this machine's clock. */
const dbNow = async () =>
  (await sql<{ now: Date }>(stack, 'SELECT clock_timestamp() AS now'))[0]!.now.getTime();
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Page count and whether every page is A4 (595 × 842 pt), read with pdfjs. */
async function pdfPages(bytes: Buffer): Promise<{ pages: number; allA4: boolean }> {
  const { pages } = await readPdf(bytes);
  return {
    pages: pages.length,
    allA4: pages.every((p) => Math.round(p.width) === 595 && Math.round(p.height) === 842),
  };
}

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

describe('pages', () => {
  it('generate → thumbnail → buy → download a valid PDF, the same bytes every time', async () => {
    const user = await fundedMember(stack, 5);
    const beforeCreation = await dbNow();
    const code = await generatePageCode(stack, user.token, {
      ...defaultPageRequest,
      mult: true,
      div: true,
      level: 2,
    });
    expect(code).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const preview = await waitForThumbnail(stack, user.token, code);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('image/png');
    expect(preview.bytes.subarray(1, 4).toString()).toBe('PNG');
    // The A4 sheet at its CSS size (96 dpi).
    expect(pngSize(preview.bytes)).toEqual({ width: 794, height: 1123 });

    const bought = await buyAs(user, code);
    expect(bought.status).toBe(200);
    expect(bought.body).toMatchObject({ status: 'SUCCESS', payload: { balance: 4.5 } });
    expect(await balanceOf(stack, user.token)).toBe(4.5);

    const file = await download(gw, downloadPage, { code }, user.token);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const day = formatFileDate(new Date());
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename=matematica-${day}.pdf; filename*=UTF-8''matem%C3%A1tica-${day}.pdf`,
    );
    // The sheet and its gabarito, both A4.
    expect(await pdfPages(file.bytes)).toEqual({ pages: 2, allA4: true });

    const again = await download(gw, downloadPage, { code }, user.token);
    expect(sha(again.bytes)).toBe(sha(file.bytes));

    const mine = await call<Array<{ code: string; created_at: string }>>(gw, getMyPages, {
      token: user.token,
    });
    expect(mine.body.status).toBe('SUCCESS');
    // Named by what it practises: the sheet's own title, the four operations at Difícil here.
    expect(mine.body.payload).toEqual([
      {
        code,
        created_at: expect.any(String),
        title: 'As quatro operações — Difícil',
        level: 2,
        // The page's settings, for "Gerar outra igual".
        options: { ...defaultPageRequest, mult: true, div: true, level: 2 },
      },
    ]);
    // Stamped by the database while the page was created: between two readings of the same clock.
    const createdAt = Date.parse(mine.body.payload![0]!.created_at);
    expect(createdAt).toBeGreaterThanOrEqual(beforeCreation);
    expect(createdAt).toBeLessThanOrEqual(await dbNow());
  });

  it("lists the user's bought pages newest first", async () => {
    const user = await fundedMember(stack, 5);
    const older = await generatePageCode(stack, user.token);
    const notBought = await generatePageCode(stack, user.token);
    const newer = await generatePageCode(stack, user.token);
    await buyAs(user, newer);
    await buyAs(user, older);
    const mine = await call<Array<{ code: string; created_at: string }>>(gw, getMyPages, {
      token: user.token,
    });
    expect(mine.body.payload!.map((p) => p.code)).toEqual([newer, older]);
    expect(mine.body.payload!.map((p) => p.code)).not.toContain(notBought);
  });

  it('a page without answers is one A4 page', async () => {
    const user = await fundedMember(stack, 5);
    const code = await generatePageCode(stack, user.token, {
      ...defaultPageRequest,
      answers: false,
      level: 0,
    });
    expect((await waitForThumbnail(stack, user.token, code)).status).toBe(200);
    expect((await buyAs(user, code)).status).toBe(200);
    const file = await download(gw, downloadPage, { code }, user.token);
    expect(await pdfPages(file.bytes)).toEqual({ pages: 1, allA4: true });
  });

  it('buying with R$ 0,40 is refused with the exact message and charges nothing', async () => {
    const user = await fundedMember(stack, 5);
    const userId = await userIdOf(user);
    const key = `set:${randomUUID()}`;
    await bus.request(Rpc.billingHold, { userId, key, cents: 460, reason: 'test: leave R$ 0,40' });
    expect(await bus.request(Rpc.billingCapture, { userId, key })).toEqual({
      outcome: 'captured',
      balanceCents: 40,
    });
    const code = await generatePageCode(stack, user.token);

    const refused = await buyAs(user, code);
    expect(refused.status).toBe(402);
    expect(refused.body).toMatchObject({
      status: 'ERROR',
      message: Msg.insufficientBalance,
      code: 'INSUFFICIENT_BALANCE',
    });
    expect(refused.body.message).toBe('Saldo insuficiente para comprar esta página');
    expect(await balanceOf(stack, user.token)).toBe(0.4);
    expect((await call(gw, getMyPages, { token: user.token })).body.payload).toEqual([]);
    const file = await download(gw, downloadPage, { code }, user.token);
    expect(file.status).toBe(403);
  });

  const control = (action: 'stop' | 'start') => controlProcess(stack, 'pdf-worker', action);

  it('a page whose render job was lost is queued again when its preview is asked for', async () => {
    const user = await createActiveUser(stack);
    await control('stop');
    let code: string;
    try {
      code = await generatePageCode(stack, user.token);
      // The job is gone, as if it had been terminated after its last delivery.
      const jsm = await jetstreamManager(bus.nc);
      await jsm.streams.purge(bus.streamName('JOBS_PDF'));
    } finally {
      await control('start');
    }
    // The lost job still counts as in the worker's queue for 30 s (pages' PREVIEW_RELEASE_AFTER_MS: a preview already
    // queued is not queued again): the asks meanwhile answer 503; then asking for it queues it anew
    // (test/unit/read-thumbnail.test.ts). Here: the preview arrives although its job is gone.
    const preview = await waitForThumbnail(stack, user.token, code, 120_000);
    expect(preview.status).toBe(200);
    expect(preview.bytes.subarray(1, 4).toString()).toBe('PNG');
  }, 180_000);

  // A page whose PDF has not arrived is not sold (503, nothing charged): test/unit/buy-page.test.ts.
  it('buying twice, even at the same moment, charges once', async () => {
    const user = await fundedMember(stack, 5);
    const code = await generatePageCode(stack, user.token);
    const answers = await Promise.all([buyAs(user, code), buyAs(user, code), buyAs(user, code)]);
    for (const a of answers) expect(a.body).toMatchObject({ status: 'SUCCESS', payload: { balance: 4.5 } });
    const later = await buyAs(user, code);
    expect(later.body).toMatchObject({ status: 'SUCCESS', payload: { balance: 4.5 } });
    expect(await balanceOf(stack, user.token)).toBe(4.5);
    expect((await call<unknown[]>(gw, getMyPages, { token: user.token })).body.payload).toHaveLength(1);
  });

  it("another user's code cannot be thumbnailed, bought or downloaded (answered like an unknown code)", async () => {
    const owner = await createActiveUser(stack);
    const other = await createActiveUser(stack);
    await topUp(stack, owner.token, 5);
    await topUp(stack, other.token, 5);
    const code = await generatePageCode(stack, owner.token);
    expect((await waitForThumbnail(stack, owner.token, code)).status).toBe(200);
    expect((await buyAs(owner, code)).status).toBe(200);

    const peek = await download(gw, thumb, { code }, other.token);
    expect(peek.status).toBe(404);
    expect(JSON.parse(peek.bytes.toString())).toMatchObject({ status: 'ERROR', message: Msg.pageNotFound });
    const steal = await buyAs(other, code);
    expect(steal.status).toBe(404);
    expect(steal.body.message).toBe(Msg.pageNotFound);
    const grab = await download(gw, downloadPage, { code }, other.token);
    expect(grab.status).toBe(404);
    expect(grab.bytes.subarray(0, 4).toString()).not.toBe('%PDF');
    expect(await balanceOf(stack, other.token)).toBe(5);
    expect((await call(gw, getMyPages, { token: other.token })).body.payload).toEqual([]);

    const unknown = await download(gw, thumb, { code: 'A'.repeat(22) }, other.token);
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.bytes.toString())).toEqual(JSON.parse(peek.bytes.toString()));
  });

  it('a page that was not bought cannot be downloaded', async () => {
    const user = await createActiveUser(stack);
    const code = await generatePageCode(stack, user.token);
    expect((await waitForThumbnail(stack, user.token, code)).status).toBe(200);
    const file = await download(gw, downloadPage, { code }, user.token);
    expect(file.status).toBe(403);
    expect(JSON.parse(file.bytes.toString())).toMatchObject({ status: 'ERROR', message: Msg.pageNotBought });
  });

  it('rejects a request without operations, a malformed code and a missing session', async () => {
    const user = await createActiveUser(stack);
    const none = await call(gw, createPage, {
      body: { add: false, sub: false, mult: false, div: false, answers: true, level: 1 },
      token: user.token,
    });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe(Msg.selectOperation);
    const badLevel = await call(gw, createPage, {
      body: { ...defaultPageRequest, level: 3 },
      token: user.token,
    });
    expect(badLevel.status).toBe(400);
    expect((await download(gw, thumb, { code: '../etc/passwd' }, user.token)).status).toBe(400);
    expect((await call(gw, createPage, { body: defaultPageRequest })).status).toBe(401);
    expect((await download(gw, downloadPage, { code: 'A'.repeat(22) })).status).toBe(401);
  });

  it('stores a render once: a repeated render never changes the bytes of a page', async () => {
    const user = await fundedMember(stack, 5);
    const code = await generatePageCode(stack, user.token);
    const first = await waitForThumbnail(stack, user.token, code);
    expect(first.status).toBe(200);
    await buyAs(user, code);
    const before = await download(gw, downloadPage, { code }, user.token);

    // A second render of the same page (a redelivered job) keeps the first files.
    const files = await bus.fileStore('RENDERS');
    await files.put(renderFiles(code).pdf, Buffer.from('%PDF-1.7 another render'));
    await files.put(renderFiles(code).png, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    const after = await download(gw, downloadPage, { code }, user.token);
    expect(sha(after.bytes)).toBe(sha(before.bytes));
    expect(sha((await download(gw, thumb, { code }, user.token)).bytes)).toBe(sha(first.bytes));
  });

  it("the gabarito online shows a bought page's answers to its buyer and the admin only, nothing about the buyer", async () => {
    const user = await createActiveUser(stack);
    const other = await createActiveUser(stack);
    await topUp(stack, user.token, 5);
    const code = await generatePageCode(stack, user.token, { ...defaultPageRequest, div: true, level: 2 });
    // Before the purchase, and for a code that does not exist: the same 404, even to the page's own account.
    const notBought = await call(gw, pageAnswers, { query: { code }, token: user.token });
    const unknown = await call(gw, pageAnswers, { query: { code: 'B'.repeat(22) }, token: user.token });
    for (const res of [notBought, unknown]) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(Msg.answersNotFound);
    }
    await waitForThumbnail(stack, user.token, code);
    expect((await buyAs(user, code)).status).toBe(200);

    // The QR code is on the student's sheet: no session, 401; another account, 403; both say to sign
    // in with the account that bought the page, and neither carries an answer.
    const anonymous = await call(gw, pageAnswers, { query: { code } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ status: 'ERROR', message: Msg.answersBuyerOnly });
    const stranger = await call(gw, pageAnswers, { query: { code }, token: other.token });
    expect(stranger.status).toBe(403);
    expect(stranger.body).toMatchObject({ status: 'ERROR', message: Msg.answersBuyerOnly });
    for (const res of [anonymous, stranger]) expect(res.body.payload ?? null).toBeNull();

    const [row] = await sql<{ seed: string; options: PageRequest; rules: number | null }>(
      stack,
      'SELECT seed, options, rules FROM pages.pages WHERE code = $1',
      [code],
    );
    expect(row!.rules).toBe(RULES_VERSION);
    const printed = generatePage(row!.seed, row!.options);
    for (const token of [user.token, await adminToken(stack)]) {
      const res = await call<{ title: string; level: number; problems: unknown[] }>(gw, pageAnswers, {
        query: { code },
        token,
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      expect(res.body.payload).toEqual({
        title: 'Adição, subtração e divisão — Difícil',
        level: 2,
        custom: false,
        problems: printed.problems,
      });
      const text = JSON.stringify(res.body);
      expect(text).not.toContain(user.email);
      expect(text).not.toContain(await userIdOf(user));
    }
  });

  it('GET /api/readingMaps: where the bought sheet printed its answer boxes, for its buyer only', async () => {
    const user = await fundedMember(stack, 5);
    const other = await createActiveUser(stack);
    const code = await generatePageCode(stack, user.token, { ...defaultPageRequest, div: true, level: 1 });
    await waitForThumbnail(stack, user.token, code);
    expect((await buyAs(user, code)).status).toBe(200);
    const res = await call<ReadingMaps>(gw, getReadingMaps, { query: { code }, token: user.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const [sheet] = res.body.payload!.sheets;
    expect(sheet).toMatchObject({ n: 1, code });
    // Measured by the worker as it printed the PDF: every problem's boxes, on the sheet's one page of exercises.
    const boxes = sheet!.map!.pages[0]!.boxes;
    expect(new Set(boxes.map((b) => b.problem)).size).toBe(12);
    expect(boxes.filter((b) => b.part === 'resto').length).toBeGreaterThan(0);
    for (const res of [
      await call(gw, getReadingMaps, { query: { code }, token: other.token }),
      await call(gw, getReadingMaps, { query: { code: 'C'.repeat(22) }, token: user.token }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(Msg.correctionNotFound);
    }
    expect((await call(gw, getReadingMaps, { query: { code } })).status).toBe(401);
  });

  it('a page bought before rules had versions answers and prints with rules 1, as it was printed', async () => {
    const user = await fundedMember(stack, 5);
    // A Fácil ÷ page: rules 1 drew 12 problems in the chave, rules 2 draws 20 facts.
    const request = { ...defaultPageRequest, add: false, sub: false, div: true, level: 0 as const };
    // The row of a page stored before the migration (no version), as it stands in the database: written here, not
    // generated now, so no render of today's rules was ever queued for it (an idle worker prints the PDFs of pages
    // just previewed ahead of time, with the rules of their preview's job).
    const code = `antiga-${randomUUID().slice(0, 8)}`;
    await sql(
      stack,
      `INSERT INTO pages.pages (code, user_id, seed, options, rules) VALUES ($1, $2, $3, $4::jsonb, NULL)`,
      [code, await userIdOf(user), `semente-${code}`, JSON.stringify(request)],
    );
    expect((await buyAs(user, code)).status).toBe(200);
    const [row] = await sql<{ seed: string; options: PageRequest }>(
      stack,
      'SELECT seed, options FROM pages.pages WHERE code = $1',
      [code],
    );
    const old = generatePage(row!.seed, row!.options, 1).problems;
    expect(old).toHaveLength(12);
    const res = await call<{ problems: unknown[] }>(gw, pageAnswers, { query: { code }, token: user.token });
    expect(res.status).toBe(200);
    expect(res.body.payload!.problems).toEqual(old);
    // Its PDF, printed for the purchase from the row without a version, holds the same 12 problems.
    const pdf = await download(gw, downloadPage, { code }, user.token);
    expect(pdf.status).toBe(200);
    const text = (await readPdf(pdf.bytes)).pages[1]!.text;
    for (const problem of old) expect(text).toContain(`quociente ${problem.result}`);
  });

  it('counts pages exactly for the admin statistics', async () => {
    const before = await bus.request(Rpc.pagesStats, {});
    const user = await fundedMember(stack, 5);
    const [a] = await Promise.all([generatePageCode(stack, user.token), generatePageCode(stack, user.token)]);
    await buyAs(user, a!);
    const after = await bus.request(Rpc.pagesStats, {});
    expect(after).toEqual({
      totalPages: before.totalPages + 2,
      pagesWithPayments: before.pagesWithPayments + 1,
      pagesWithoutPayments: before.pagesWithoutPayments + 1,
    });
  });
});
