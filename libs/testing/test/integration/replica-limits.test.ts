import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import {
  buy,
  createPage,
  createUser,
  limitStream,
  login,
  memberEvents,
  Msg,
  PlatformMessages,
  recoverPassword,
  validateToken,
} from '@app/contracts';
import { identityHeaders, REQUEST_ID_HEADER } from '@app/kit';
import {
  call,
  createActiveUser,
  defaultPageRequest,
  resolveTestInfra,
  sql,
  startPrivateNats,
  startTestStack,
  uniqueEmail,
  userIdOf,
  type PrivateServer,
  type RunningTestStack,
  type StackInfo,
} from '../../src/index.js';

/**
 * The per-account and per-address limits hold once, whatever the burst and however many
 * replicas answer it. A whole stack of its own on a private `nats-server -js` (stopped in the outage test), with two
 * gateways and two pages replicas: gateway-2 proxies to pages-2, so requests spread over both gateways reach both
 * pages. No pdf-worker: no preview is ever drawn, so the previews waiting never go down during a test. Callers at
 * other addresses are played with X-Forwarded-For (the stack trusts it from loopback). Before the limits were shared,
 * the first burst made 36 pages (each replica read a count, then inserted).
 */
let nats: PrivateServer;
let running: RunningTestStack;
let stack: StackInfo;
/** The stack's gateway and the second one. */
let gateways: [string, string];
/** The stack's pages and the second one (behind gateway-2). */
let pagesReplicas: [string, string];

beforeAll(async () => {
  const [infra, server] = await Promise.all([resolveTestInfra(), startPrivateNats()]);
  nats = server;
  // The tier's raised per-address limits, lowered to what these tests count (the rest are the defaults).
  running = await startTestStack(
    'replicas',
    { AUTH_RATE_LIMIT_PER_MINUTE: '30', MEMBER_STREAMS_PER_ADDRESS: '10' },
    { ...infra, natsUrl: nats.url },
  );
  stack = running.info;
  await fetch(`${stack.controlUrl}/pdf-worker/stop`, { method: 'POST' });
  const pages2 = await running.startReplica('pages', 'pages-2');
  const gateway2 = await running.startReplica('gateway', 'gateway-2', { PAGES_URL: pages2.url });
  gateways = [stack.gatewayUrl, gateway2.url];
  pagesReplicas = [`http://127.0.0.1:${stack.env.pages!.PORT}`, pages2.url];
}, 240_000);

afterAll(async () => {
  await running?.stop();
  await nats?.remove();
}, 120_000);

/** `n` requests at once, spread over both gateways in turn. */
const burst = <T>(n: number, send: (gatewayUrl: string, i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, i) => send(gateways[i % 2]!, i)));

describe('per-account limits of pages, across two gateways and two pages replicas', () => {
  it('60 POST /api/page at once from one account: exactly PREVIEWS_WAITING_PER_ACCOUNT (10) are made', async () => {
    const member = await createActiveUser(stack);
    const answers = await burst(60, (url) =>
      call<string>(url, createPage, { token: member.token, body: defaultPageRequest }),
    );
    const statuses = answers.map((a) => a.status);
    expect(
      { made: statuses.filter((s) => s === 200).length, rows: await pagesOf(member.token) },
      JSON.stringify(statuses),
    ).toEqual({ made: 10, rows: 10 });
    expect(answers.filter((a) => a.status === 429).map((a) => a.body.message)).toEqual(
      Array<string>(50).fill(Msg.previewsStillWaiting),
    );
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
  });

  it('60 at once with room for 1 000 previews waiting: exactly PAGES_PER_MINUTE (30) are made', async () => {
    // Both pages replicas again with far more previews waiting: the minute's count is what holds now.
    for (const pages of ['pages', 'pages-2'])
      await running.restart(pages, { PREVIEWS_WAITING_PER_ACCOUNT: '1000' });
    const member = await createActiveUser(stack);
    const answers = await burst(60, (url) =>
      call<string>(url, createPage, { token: member.token, body: defaultPageRequest }),
    );
    const statuses = answers.map((a) => a.status);
    expect(
      { made: statuses.filter((s) => s === 200).length, rows: await pagesOf(member.token) },
      JSON.stringify(statuses),
    ).toEqual({ made: 30, rows: 30 });
    expect(answers.filter((a) => a.status === 429).map((a) => a.body.message)).toEqual(
      Array<string>(30).fill(Msg.tooManyPages),
    );
  });
});

describe('the edge limits, across two gateways', () => {
  it('a rate-limited route allows AUTH_RATE_LIMIT_PER_MINUTE (30) a minute from one address in all, not 30 a gateway', async () => {
    const from = { 'x-forwarded-for': '203.0.113.50' };
    const answers = await burst(40, (url) => call(url, login, { body: {}, headers: from }));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s !== 429).length, JSON.stringify(statuses)).toBe(30);
    expect(answers.find((a) => a.status === 429)?.body.message).toBe(PlatformMessages.rateLimited);
    // Another address has its whole allowance, on either gateway.
    expect(
      (await call(gateways[1], login, { body: {}, headers: { 'x-forwarded-for': '203.0.113.51' } })).status,
    ).toBe(400);
  });

  it('an address holds CONCURRENT_REQUESTS_PER_ADDRESS (64) requests in progress over both, the next is 429; one ended frees one', async () => {
    const address = '198.51.100.64';
    // 32 on each gateway: each body declared and never sent, so each request stays in progress. Held 8 at a time, each
    // eight counted in the limit's stream before the next (a slot is a message there), so that a busy machine meets
    // no burst of 64 slots taken at once.
    const held: Array<Awaited<ReturnType<typeof holdRequest>>> = [];
    for (let i = 0; i < 64; i += 8) {
      held.push(
        ...(await Promise.all(
          Array.from({ length: 8 }, (_, j) => holdRequest(gateways[(i + j) % 2]!, address)),
        )),
      );
      await expect
        .poll(() => slotsInProgress(), {
          timeout: 30_000,
          message: `the ${held.length} requests held are counted`,
        })
        .toBeGreaterThanOrEqual(held.length);
    }
    for (const url of gateways)
      await expect.poll(async () => (await getEnv(url, address)).status, { timeout: 20_000 }).toBe(429);
    const refused = await getEnv(gateways[0], address);
    expect(refused.body).toMatchObject({ message: PlatformMessages.tooManyConcurrent });
    // Only the GET live stream is left out of the count: another method on its path is a request like any.
    const post = await fetch(new URL(memberEvents.path, gateways[1]), {
      method: 'POST',
      headers: { 'x-forwarded-for': address },
    });
    expect(post.status).toBe(429);
    // None of the 64 was refused: each is still waiting for its body.
    expect(held.map((h) => h.received())).toEqual(Array<string>(64).fill(''));
    held[0]!.socket.destroy();
    await expect.poll(async () => (await getEnv(gateways[1], address)).status, { timeout: 20_000 }).toBe(200);
    for (const h of held) h.socket.destroy();
  });

  it('a member holds MEMBER_STREAMS_PER_USER (10) live streams over both gateways; one closed frees one', async () => {
    const member = await createActiveUser(stack);
    const streams = await Promise.all(
      Array.from({ length: 10 }, (_, i) => openStream(gateways[i % 2]!, member.token, `192.0.2.${i + 1}`)),
    );
    expect(streams.map((s) => s.status)).toEqual(Array<number>(10).fill(200));
    for (const url of gateways) expect((await openStream(url, member.token, '192.0.2.99')).status).toBe(429);
    streams[0]!.close();
    await expect
      .poll(async () => {
        const again = await openStream(gateways[1], member.token, '192.0.2.99');
        again.close();
        return again.status;
      })
      .toBe(200);
    for (const s of streams) s.close();
  });

  it('one address holds MEMBER_STREAMS_PER_ADDRESS (10) live streams, whoever signs in behind it', async () => {
    const members = await Promise.all([1, 2, 3, 4].map(() => createActiveUser(stack)));
    const address = '192.0.2.200';
    // 3 tabs each of 4 members behind one address, on either gateway: 12 asked, 10 held.
    const streams = await Promise.all(
      Array.from({ length: 12 }, (_, i) => openStream(gateways[i % 2]!, members[i % 4]!.token, address)),
    );
    const statuses = streams.map((s) => s.status);
    expect(statuses.filter((s) => s === 200).length, JSON.stringify(statuses)).toBe(10);
    expect(statuses.filter((s) => s === 429).length).toBe(2);
    for (const s of streams) s.close();
  });
});

describe('with NATS down (the limits cannot be counted)', () => {
  it('refuses money and mail with 503 in pt-BR on both gateways, and new pages; reads pass; logged once', async () => {
    const member = await createActiveUser(stack);
    const userId = await userIdOf(stack, member.token);
    await nats.stop();
    try {
      for (const url of gateways) {
        const purchase = await call(url, buy, {
          token: member.token,
          body: { code: 'AAAAAAAAAAAAAAAAAAAAAA' },
        });
        const signUp = await call(url, createUser, {
          body: {
            fullname: 'Maria da Silva',
            email: uniqueEmail(),
            password: 'senha-1',
            passwordConfirmation: 'senha-1',
          },
        });
        const recovery = await call(url, recoverPassword, { body: { email: uniqueEmail() } });
        for (const refused of [purchase, signUp, recovery])
          expect([refused.status, refused.body.message]).toEqual([503, PlatformMessages.unavailable]);
        // Reads pass, unlimited: the gateway's own, and one a service answers (a member's routes need auth over NATS
        // for the session, whatever the limits: the gateways forget their cached sessions on a disconnect).
        expect((await fetch(new URL('/api/env', url))).status).toBe(200);
        const session = await call(url, validateToken, { query: { token: member.token } });
        expect(session.status).toBe(200);
      }
      // pages itself makes no page uncounted: asked directly (as the gateway would, with the signed identity).
      for (const pagesUrl of pagesReplicas) {
        const requestId = randomUUID();
        const page = await fetch(new URL(createPage.path, pagesUrl), {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            [REQUEST_ID_HEADER]: requestId,
            ...identityHeaders(stack.secrets.INTERNAL_SECRET, { userId, role: 'user' }, requestId),
          },
          body: JSON.stringify(defaultPageRequest),
        });
        expect([page.status, ((await page.json()) as { message: string }).message]).toEqual([
          503,
          PlatformMessages.unavailable,
        ]);
      }
      const gatewayLog = readFileSync(path.join(stack.logDir, 'gateway.log'), 'utf8');
      expect(gatewayLog.split('limits store unreachable').length - 1).toBe(1);
    } finally {
      await nats.start();
    }
    // Back: counted again, and a page is made.
    await expect
      .poll(
        async () =>
          (await call(gateways[0], createPage, { token: member.token, body: defaultPageRequest })).status,
        {
          timeout: 60_000,
          interval: 500,
        },
      )
      .toBe(200);
  });
});

/** The rows of the member's pages in pages' schema. */
async function pagesOf(token: string): Promise<number> {
  const rows = await sql<{ n: string }>(stack, 'SELECT count(*) AS n FROM pages.pages WHERE user_id = $1', [
    await userIdOf(stack, token),
  ]);
  return Number(rows[0]!.n);
}

/** GET /api/env from a client `address` (the stack trusts X-Forwarded-For from loopback). */
async function getEnv(gatewayUrl: string, address: string) {
  const res = await fetch(new URL('/api/env', gatewayUrl), { headers: { 'x-forwarded-for': address } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/**
 * A POST from a client `address` that declares a body and never sends it (a member's route, not rate-limited: it
 * would answer 401 once the body is read): in progress at the gateway until its deadline or until the test closes
 * the socket. `received`: what the gateway answered so far.
 */
async function holdRequest(gatewayUrl: string, address: string) {
  const socket = net.connect(Number(new URL(gatewayUrl).port), '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  socket.on('error', () => undefined);
  socket.write(
    `POST ${buy.path} HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-For: ${address}\r\n` +
      'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n',
  );
  return { socket, received: () => received };
}

/** Slots of REQUESTS_IN_PROGRESS held now, by every address: the messages of the limit's stream. */
async function slotsInProgress(): Promise<number> {
  const nc = await connect({ servers: nats.url });
  try {
    const jsm = await jetstreamManager(nc);
    const info = await jsm.streams.info(
      `${stack.natsPrefix.toUpperCase()}_${limitStream('REQUESTS_IN_PROGRESS')}`,
    );
    return info.state.messages;
  } finally {
    await nc.close();
  }
}

/** A member's live stream from a client `address`: its status, and `close` (the browser went away). */
async function openStream(gatewayUrl: string, token: string, address: string) {
  const abort = new AbortController();
  const res = await fetch(new URL(memberEvents.path, gatewayUrl), {
    headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': address },
    signal: abort.signal,
  });
  if (res.status !== 200) await res.arrayBuffer();
  return { status: res.status, close: () => abort.abort() };
}
