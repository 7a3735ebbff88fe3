import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { SignJWT } from 'jose';
import type { Subscription } from '@nats-io/nats-core';
import { changePassword, getUser, Rpc } from '@app/contracts';
import type { Bus } from '@app/kit';
import { call, connectBus, createActiveUser } from '@app/testing';
import { startGatewayReplica, type Replica } from './replicas.js';

/**
 * The session cache across gateway replicas: two gateway processes beside the tier's stack (its real auth, billing,
 * NATS), at the default SESSION_CACHE_TTL_MS (60 s). auth's questions are counted on the wire: a plain subscription
 * to the prefixed `auth.v1.verifySession` (no queue group) sees every request, next to auth's own queue subscriber.
 */
const stack = inject('stack');
let bus: Bus;
let replicas: Replica[];

/** Every question a gateway put to auth, by token, in the order the server passed them on. */
const asked: string[] = [];
let sub: Subscription;
const waiting = new Map<string, () => void>();

/**
 * Waits until every question `replica` has asked so far was counted: it asks about a marker token (well signed, of
 * nobody: auth says no, so nothing is cached), and one connection's requests reach a subscriber in order.
 */
async function drained(replica: Replica): Promise<void> {
  const marker = await new SignJWT({ tv: 0 })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(randomUUID())
    .setExpirationTime('5m')
    .sign(new TextEncoder().encode(stack.secrets.JWT_SECRET));
  const seen = new Promise<void>((resolve) => waiting.set(marker, resolve));
  expect(await status(replica, marker)).toBe(401);
  await seen;
}

const questionsAbout = (token: string) => asked.filter((t) => t === token).length;
const status = async (replica: Replica, token: string) =>
  (await call(replica.url, getUser, { token })).status;

beforeAll(async () => {
  bus = await connectBus(stack, 'verify-session-counter');
  sub = bus.nc.subscribe(bus.subject(Rpc.authVerifySession.subject));
  void (async () => {
    for await (const m of sub) {
      const { token } = m.json<{ token: string }>();
      asked.push(token);
      waiting.get(token)?.();
    }
  })();
  await bus.flush();
  replicas = await Promise.all([
    startGatewayReplica(stack, 'gateway-cache-a'),
    startGatewayReplica(stack, 'gateway-cache-b'),
  ]);
}, 180_000);

afterAll(async () => {
  await Promise.all((replicas ?? []).map((r) => r.process.stop()));
  sub?.unsubscribe();
  await bus?.drain();
});

describe('session cache across gateway replicas', () => {
  it('asks auth once per gateway for many protected requests with one token', async () => {
    const user = await createActiveUser(stack);
    for (const replica of replicas) {
      // At once (they share one question) and then one after another (answered from the cache).
      const together = await Promise.all(Array.from({ length: 20 }, () => status(replica, user.token)));
      expect(together).toEqual(Array(20).fill(200));
      for (let i = 0; i < 10; i++) expect(await status(replica, user.token)).toBe(200);
      await drained(replica);
    }
    expect(questionsAbout(user.token)).toBe(replicas.length);
  });

  it('ends the old session on both replicas as soon as the password changes through one; the new token works on both', async () => {
    const ana = await createActiveUser(stack);
    const bia = await createActiveUser(stack);
    for (const replica of replicas)
      for (const user of [ana, bia]) expect(await status(replica, user.token)).toBe(200);

    const [first, second] = replicas as [Replica, Replica];
    const changed = await call<{ token: string }>(first.url, changePassword, {
      token: ana.token,
      body: {
        oldPassword: ana.password,
        newPassword: 'senha-trocada-9',
        newPasswordConfirmation: 'senha-trocada-9',
      },
    });
    expect(changed.status).toBe(200);
    // Both hear auth's event: well within the cache's 60 s, with no fixed wait (the poll stops at the first 401).
    for (const replica of [first, second])
      await expect.poll(() => status(replica, ana.token), { timeout: 10_000 }).toBe(401);
    for (const replica of [first, second])
      expect(await status(replica, changed.body.payload!.token)).toBe(200);

    // Bia's session was not touched: both replicas still answer her from their cache, without asking auth.
    const before = questionsAbout(bia.token);
    for (const replica of replicas) {
      expect(await status(replica, bia.token)).toBe(200);
      await drained(replica);
    }
    expect(questionsAbout(bia.token)).toBe(before);
  });
});
