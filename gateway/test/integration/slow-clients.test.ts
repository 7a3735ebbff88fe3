import http from 'node:http';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  activateUser,
  buy,
  checkRecoveryToken,
  createNewPassword,
  createUser,
  getBalance,
  login,
  loginGoogle,
  memberEvents,
  mercadoPagoWebhook,
  PlatformMessages,
  recoverPassword,
  resendActivation,
} from '@app/contracts';
import { call, createActiveUser, restartProcess } from '@app/testing';
import { startGatewayReplica, type Replica } from './replicas.js';

/**
 * A slow client holds only its own socket. A gateway replica beside the tier's stack (its real auth
 * and billing) with short deadlines, attacked through real sockets from many loopback addresses (Linux routes all of
 * 127/8 to lo): hundreds of requests to the public routes (Mercado Pago's webhook, sign-in, sign-up, recovery) that
 * declare a body and then send it a byte now and then, or nothing, or never finish their headers. Meanwhile a member's
 * balance and a sign-in answer 200 (before the fix, the webhook's bodies streamed to billing and held every connection
 * of the gateway's pool to it), the member's live stream stays open, and every held socket is closed by the gateway.
 * Its limits per address are counted in the stack's shared streams, with its own sizes: the stack's gateway is started
 * again afterwards, which sets the stack's sizes back.
 */
const stack = inject('stack');

const DEADLINES = {
  HEADERS_TIMEOUT_MS: '4000',
  REQUEST_TIMEOUT_MS: '8000',
  IDLE_TIMEOUT_MS: '3000',
};
const PER_ADDRESS = 8;
const WEBHOOK_PER_MINUTE = 5;

const PUBLIC_AUTH = [
  login,
  loginGoogle,
  createUser,
  activateUser,
  recoverPassword,
  checkRecoveryToken,
  createNewPassword,
  resendActivation,
];

let gw: Replica;
let port: number;

beforeAll(async () => {
  gw = await startGatewayReplica(stack, 'gateway-slow-clients', {
    ...DEADLINES,
    CONCURRENT_REQUESTS_PER_ADDRESS: String(PER_ADDRESS),
    WEBHOOK_RATE_LIMIT_PER_MINUTE: String(WEBHOOK_PER_MINUTE),
  });
  port = Number(new URL(gw.url).port);
}, 180_000);

afterAll(async () => {
  await gw?.process.stop();
  // Its sizes of the shared limits (per address, the webhook's) are the stack's until its own gateway starts again.
  await restartProcess(stack, 'gateway');
}, 120_000);

/** A socket the test holds open: what it received, and a promise settled when it closes (by whichever side). */
interface Held {
  socket: net.Socket;
  received: () => string;
  closed: Promise<void>;
  stop(): void;
}

type Mode = 'silent' | 'trickle' | 'headers';

/**
 * Opens a connection from `address` and sends a request to `path` the slow way: `silent` declares a body and sends
 * none, `trickle` sends one byte of it every 500 ms, `headers` sends its header lines one every 500 ms and never ends
 * them. Answers once the first bytes are written.
 */
async function hold(address: string, path: string, mode: Mode): Promise<Held> {
  const socket = net.connect({ host: '127.0.0.1', port, localAddress: address });
  let received = '';
  let timer: NodeJS.Timeout | undefined;
  const stop = () => clearInterval(timer);
  socket.on('data', (d: Buffer) => (received += d.toString()));
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) =>
    socket.once('close', () => {
      stop();
      resolve();
    }),
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const head = `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 4000\r\n`;
  if (mode === 'headers') {
    const lines = head.split('\r\n').filter(Boolean);
    await new Promise<void>((r) => socket.write(`${lines.shift()}\r\n`, () => r()));
    let n = 0;
    timer = setInterval(() => {
      if (!socket.destroyed) socket.write(`X-Slow-${n++}: ${lines.length ? lines.shift() : 'x'}\r\n`);
    }, 500);
  } else {
    await new Promise<void>((r) => socket.write(`${head}\r\n{`, () => r()));
    if (mode === 'trickle')
      timer = setInterval(() => {
        if (!socket.destroyed) socket.write('"');
      }, 500);
  }
  return { socket, received: () => received, closed, stop };
}

/** One GET from `address` on its own connection: its status and body. */
function getFrom(address: string, path: string, headers: http.OutgoingHttpHeaders = {}) {
  return new Promise<{ status: number; body: string; res: http.IncomingMessage }>((resolve, reject) => {
    const req = http.get(
      { host: '127.0.0.1', port, path, localAddress: address, headers, agent: false },
      (res) => {
        let body = '';
        res.on('data', (d: Buffer) => {
          body += d.toString();
          // A live stream never ends: its first bytes are enough.
          if (res.headers['content-type']?.startsWith('text/event-stream'))
            resolve({ status: res.statusCode!, body, res });
        });
        res.on('end', () => resolve({ status: res.statusCode!, body, res }));
      },
    );
    req.on('error', reject);
  });
}

const envelopeOf = (raw: string) => JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)) as { message: string };

describe('slow clients against the gateway', () => {
  it('hundreds of silent and trickling bodies from many addresses: the site still answers, every held socket is closed', async () => {
    const member = await createActiveUser(stack);

    // The member's live stream, opened before the attack: exempt from the idle deadline that closes silent sockets.
    const live = await getFrom('127.0.0.1', memberEvents.path, { authorization: `Bearer ${member.token}` });
    expect(live.status).toBe(200);
    let liveClosed = false;
    live.res.socket.once('close', () => (liveClosed = true));

    // 40 addresses × 6 requests (under the per-address cap): 4 to the webhook (160, more than the 128 connections the
    // gateway keeps to billing), 2 to the public auth routes; alternately silent and trickling; plus 20 sockets that
    // never finish their headers.
    const held: Array<Held & { mode: Mode }> = [];
    const opening: Array<Promise<void>> = [];
    for (let a = 0; a < 40; a++) {
      const address = `127.0.0.${10 + a}`;
      for (let i = 0; i < 6; i++) {
        const path = i < 4 ? mercadoPagoWebhook.path : PUBLIC_AUTH[(a * 2 + i) % PUBLIC_AUTH.length]!.path;
        const mode: Mode = (a + i) % 2 ? 'trickle' : 'silent';
        opening.push(hold(address, path, mode).then((h) => void held.push({ ...h, mode })));
      }
    }
    for (let a = 0; a < 20; a++)
      opening.push(
        hold(`127.0.0.${60 + a}`, login.path, 'headers').then(
          (h) => void held.push({ ...h, mode: 'headers' }),
        ),
      );
    await Promise.all(opening);
    expect(held).toHaveLength(260);

    // During the attack: the member's balance and a sign-in, through the attacked gateway.
    const balance = await call<number>(gw.url, getBalance, { token: member.token });
    expect([balance.status, balance.body.payload]).toEqual([200, 0]);
    const signIn = await call<{ token: string }>(gw.url, login, {
      body: { email: member.email, password: member.password },
    });
    expect([signIn.status, typeof signIn.body.payload?.token]).toEqual([200, 'string']);

    // Every held socket is closed by the gateway (the test never closes one): a trickling body when its request
    // deadline passes, with a 408 in the envelope; a silent one then or at the idle deadline; unfinished headers at
    // the headers deadline.
    await Promise.all(held.map((h) => h.closed));
    for (const h of held.filter((x) => x.mode === 'trickle')) {
      expect(h.received()).toMatch(/^HTTP\/1\.1 408 /);
      expect(envelopeOf(h.received()).message).toBe(PlatformMessages.requestTimeout);
    }
    for (const h of held.filter((x) => x.mode !== 'trickle'))
      expect(h.received() === '' || /^HTTP\/1\.1 408 /.test(h.received())).toBe(true);

    // The live stream outlived every silent socket opened after it.
    expect(liveClosed).toBe(false);
    live.res.destroy();

    // And the site answers as before.
    const after = await call<number>(gw.url, getBalance, { token: member.token });
    expect(after.status).toBe(200);
  });

  it('an address with too many requests in progress is answered 429 in the envelope; its requests end, it is served again', async () => {
    const address = '127.0.0.100';
    // A member's route without a token: refused (401) only once its body has been read, so each is held meanwhile.
    const held = await Promise.all(
      Array.from({ length: PER_ADDRESS }, () => hold(address, buy.path, 'trickle')),
    );
    // Counted once the gateway has their headers: asked until it has (another address is served meanwhile).
    let refused: Awaited<ReturnType<typeof getFrom>> | undefined;
    await expect
      .poll(
        async () => {
          refused = await getFrom(address, '/api/env');
          return refused.status;
        },
        { timeout: 20_000 },
      )
      .toBe(429);
    expect(JSON.parse(refused!.body)).toMatchObject({
      status: 'ERROR',
      message: PlatformMessages.tooManyConcurrent,
    });
    expect((await getFrom('127.0.0.101', '/api/env')).status).toBe(200);
    await Promise.all(held.map((h) => h.closed));
    expect((await getFrom(address, '/api/env')).status).toBe(200);
  });

  it("rate-limits Mercado Pago's webhook per address far above what the provider sends", async () => {
    const address = '127.0.0.110';
    const statuses: number[] = [];
    for (let i = 0; i <= WEBHOOK_PER_MINUTE; i++) {
      const status = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            path: `${mercadoPagoWebhook.path}?type=payment&data.id=1`,
            method: 'POST',
            localAddress: address,
            agent: false,
            headers: { 'content-type': 'application/json' },
          },
          (res) => {
            let body = '';
            res.on('data', (d: Buffer) => (body += d.toString()));
            res.on('end', () => resolve({ status: res.statusCode!, body }));
          },
        );
        req.on('error', reject);
        req.end('{}');
      });
      statuses.push(status.status);
      if (i === WEBHOOK_PER_MINUTE)
        expect(JSON.parse(status.body)).toMatchObject({
          status: 'ERROR',
          message: PlatformMessages.rateLimited,
        });
    }
    expect(statuses.slice(0, WEBHOOK_PER_MINUTE).every((s) => s !== 429)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
