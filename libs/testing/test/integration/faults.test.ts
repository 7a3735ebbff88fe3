import { setTimeout as delay } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buy, createPage, downloadPage, getBalance, getMyPages, processPayment } from '@app/contracts';
import { reaisToCents } from '@app/contracts/format';
import {
  call,
  createActiveUser,
  createTopUpPreference,
  defaultPageRequest,
  download,
  generatePageCode,
  payPreference,
  startPrivateNats,
  startPrivatePostgres,
  startTestStack,
  topUp,
  waitForThumbnail,
  type CallResult,
  type PrivateServer,
  type RunningTestStack,
  type StackInfo,
} from '../../src/index.js';

/**
 * Broker and database faults on servers this file owns (a private `nats-server -js` and a private Postgres cluster,
 * libs/testing/src/private-servers.ts), under a whole stack of its own: NATS is restarted in the middle of renders and
 * buys, Postgres in the middle of buys and top-ups. Nothing is lost or charged twice; requests during the outage get
 * JSON answers (503 where the outage is the reason); service resumes once the server is back. The recovery times are
 * printed (measured, not asserted: a busy machine must not fail the suite).
 */
let nats: PrivateServer;
let postgres: PrivateServer;
let running: RunningTestStack;
let stack: StackInfo;

beforeAll(async () => {
  [nats, postgres] = await Promise.all([startPrivateNats(), startPrivatePostgres()]);
  running = await startTestStack(
    'faults',
    {},
    { natsUrl: nats.url, postgresBase: postgres.url, stop: async () => undefined },
  );
  stack = running.info;
}, 180_000);

afterAll(async () => {
  await running?.stop();
  await Promise.all([nats?.remove(), postgres?.remove()]);
}, 120_000);

/** A JSON envelope, and for a failure a 503 (the outage) or a 4xx that says what is wrong: never a bare 500. */
function expectJsonAnswer(res: CallResult<unknown>, what: string) {
  const seen = `${what}: ${res.status} ${JSON.stringify(res.body)}`;
  expect(['SUCCESS', 'ERROR'], seen).toContain(res.body.status);
  const allowed = res.status === 200 || res.status === 503 || (res.status >= 400 && res.status < 500);
  expect(allowed, seen).toBe(true);
}

/**
 * Asks `probe` every 100 ms, without waiting for the ones still out (a request caught by the outage may wait out its
 * own timeout), until one succeeds; answers the milliseconds from `since` to that success.
 */
async function recoveryMs(
  since: number,
  probe: () => Promise<boolean>,
  timeoutMs = 180_000,
): Promise<number> {
  return new Promise((resolve, reject) => {
    let done = false;
    const finish = (outcome: () => void) => {
      if (done) return;
      done = true;
      clearInterval(timer);
      clearTimeout(limit);
      outcome();
    };
    const ask = () =>
      void probe().then(
        (ok) => ok && finish(() => resolve(Date.now() - since)),
        () => undefined,
      );
    const timer = setInterval(ask, 100);
    const limit = setTimeout(
      () => finish(() => reject(new Error(`no recovery within ${timeoutMs} ms`))),
      timeoutMs,
    );
    ask();
  });
}

const recoveries: Record<string, number> = {};
// Measured, for the closing note and the README: printed on stderr so that the reporter shows it.
afterAll(() => console.warn('fault recovery (ms after the server answered again):', recoveries));

/**
 * POST /api/buy asked again, as the screen asks it, while it answers 503 (the page still printing, or a service not yet
 * back on its broker or its database: "Tente novamente em instantes", nothing charged), for up to 3 minutes: a loaded
 * machine brings the processes back slowly. Every answer, in order; the last is the first that was not a 503.
 */
async function buyUntilAnswered(token: string, code: string) {
  const answers: Array<Awaited<ReturnType<typeof call>>> = [];
  const deadline = Date.now() + 180_000;
  do {
    if (answers.length > 0) await delay(200);
    answers.push(await call(stack.gatewayUrl, buy, { token, body: { code } }));
  } while (answers.at(-1)!.status === 503 && Date.now() < deadline);
  return answers;
}

/** A member with R$ 10,00 and `pages` generated pages whose previews have arrived. */
async function memberWithPreviews(pages: number) {
  const user = await createActiveUser(stack);
  await topUp(stack, user.token, 10);
  const codes = await Promise.all(Array.from({ length: pages }, () => generatePageCode(stack, user.token)));
  for (const code of codes) expect((await waitForThumbnail(stack, user.token, code)).status).toBe(200);
  return { user, codes };
}

describe('NATS restarted in the middle of renders and buys', () => {
  it('loses no page, charges no purchase twice, answers JSON during the outage and resumes', async () => {
    const { user, codes: ready } = await memberWithPreviews(4);

    // In flight as the broker goes: purchases (each waits for its PDF) and new pages (each queues a render).
    const buys = ready.map((code) =>
      call<{ balance: number }>(stack.gatewayUrl, buy, { token: user.token, body: { code } }),
    );
    const pages = Array.from({ length: 4 }, () =>
      call<string>(stack.gatewayUrl, createPage, { token: user.token, body: defaultPageRequest }),
    );
    await nats.stop();
    const during = await call<string>(stack.gatewayUrl, createPage, {
      token: user.token,
      body: defaultPageRequest,
    });
    expectJsonAnswer(during, 'createPage during the outage');
    expect(during.status).toBe(503);
    const started = Date.now();
    await nats.start();
    recoveries.nats = await recoveryMs(started, async () => {
      const res = await call<string>(stack.gatewayUrl, createPage, {
        token: user.token,
        body: defaultPageRequest,
      });
      return res.status === 200;
    });

    const bought = await Promise.all(buys);
    const generated = await Promise.all(pages);
    bought.forEach((res, i) => expectJsonAnswer(res, `buy ${i}`));
    generated.forEach((res, i) => expectJsonAnswer(res, `createPage ${i}`));

    // Every purchase that failed is bought again now; none is charged twice. The page service answers again before
    // billing and the workers are all back on the broker: until they are, a purchase hears 503 ("Tente novamente em
    // instantes"), in JSON, and is asked again as the screen asks it.
    for (const [i, code] of ready.entries()) {
      if (bought[i]!.status === 200) continue;
      const answers = await buyUntilAnswered(user.token, code);
      answers.forEach((res, n) => expectJsonAnswer(res, `buy again ${code} (${n + 1})`));
      const refused = answers.filter((res) => res.status !== 200 && res.status !== 503);
      expect(
        refused.map((res) => JSON.stringify(res.body)),
        `buy again ${code}`,
      ).toEqual([]);
      expect(answers.at(-1)?.status, `buy again ${code}: ${JSON.stringify(answers.at(-1)?.body)}`).toBe(200);
    }
    const mine = await call<Array<{ code: string }>>(stack.gatewayUrl, getMyPages, { token: user.token });
    expect(mine.body.payload!.map((p) => p.code).sort()).toEqual([...ready].sort());
    const balance = await call<number>(stack.gatewayUrl, getBalance, { token: user.token });
    expect(reaisToCents(balance.body.payload!)).toBe(1000 - 50 * ready.length);
    for (const code of ready) {
      const pdf = await download(stack.gatewayUrl, downloadPage, { code }, user.token);
      expect(pdf.status, code).toBe(200);
    }
    // Every page that was answered with a code gets its preview: no render was lost with the broker.
    for (const res of generated.filter((r) => r.status === 200))
      expect((await waitForThumbnail(stack, user.token, res.body.payload!, 60_000)).status).toBe(200);
  });
});

describe('Postgres restarted in the middle of buys and top-ups', () => {
  it('charges and credits exactly once, answers JSON 503s during the outage and resumes', async () => {
    const { user, codes } = await memberWithPreviews(3);
    // Two payments approved at Mercado Pago whose notifications never arrive: the payer's return credits them.
    const payments = [];
    for (let i = 0; i < 2; i++) {
      const preference = await createTopUpPreference(stack, user.token, 5);
      const { paymentId } = await payPreference(stack, preference.id, 'approved', { notify: false });
      payments.push({ preferenceId: preference.id, paymentId });
    }

    const buys = codes.map((code) => call(stack.gatewayUrl, buy, { token: user.token, body: { code } }));
    const credits = payments.map((body) =>
      call(stack.gatewayUrl, processPayment, { token: user.token, body }),
    );
    await postgres.stop();
    const balanceDuring = await call(stack.gatewayUrl, getBalance, { token: user.token });
    expectJsonAnswer(balanceDuring, 'getBalance during the outage');
    expect(balanceDuring.status).toBe(503);
    const buyDuring = await call(stack.gatewayUrl, buy, { token: user.token, body: { code: codes[0]! } });
    expectJsonAnswer(buyDuring, 'buy during the outage');
    expect(buyDuring.status).toBe(503);
    // The pdf-worker has no database (defineService without one): it stays ready and keeps rendering.
    const workerReady = await fetch(`http://127.0.0.1:${stack.env['pdf-worker']!.PORT}/ready`);
    expect(workerReady.status).toBe(200);
    expect(await workerReady.json()).toEqual({ status: 'ready', checks: { nats: true, started: true } });
    const started = Date.now();
    await postgres.start();
    // Back when both services that buying needs answer from their databases again (each pool reconnects on its own).
    recoveries.postgres = await recoveryMs(started, async () => {
      const [balance, pages] = await Promise.all([
        call(stack.gatewayUrl, getBalance, { token: user.token }),
        call(stack.gatewayUrl, getMyPages, { token: user.token }),
      ]);
      return balance.status === 200 && pages.status === 200;
    });

    (await Promise.all(buys)).forEach((res, i) => expectJsonAnswer(res, `buy ${i}`));
    (await Promise.all(credits)).forEach((res, i) => expectJsonAnswer(res, `processPayment ${i}`));
    // Whatever happened in flight, asking again settles each once: twice each, to show the second changes nothing.
    for (let round = 0; round < 2; round++) {
      for (const code of codes) {
        const answers = await buyUntilAnswered(user.token, code);
        answers.forEach((res, n) => expectJsonAnswer(res, `buy again ${code} (${n + 1})`));
        const res = answers.at(-1)!;
        expect(res.status, `buy ${code}: ${JSON.stringify(res.body)}`).toBe(200);
      }
      for (const body of payments) {
        const res = await call(stack.gatewayUrl, processPayment, { token: user.token, body });
        expectJsonAnswer(res, 'processPayment again');
        expect(res.body.status).toBe('SUCCESS');
      }
    }
    const balance = await call<number>(stack.gatewayUrl, getBalance, { token: user.token });
    expect(reaisToCents(balance.body.payload!)).toBe(1000 + 2 * 500 - 50 * codes.length);
  });
});
