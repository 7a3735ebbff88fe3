import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { logout, memberEvents } from '@app/contracts';
import {
  buyPage,
  call,
  createActiveUser,
  EventSource,
  generatePageCode,
  type MemberStream,
  openMemberStream,
  topUp,
} from '@app/testing';
import { startGatewayReplica, type Replica } from './replicas.js';

/**
 * The members' live balance across gateway replicas. Two gateway processes beside the tier's stack (its
 * real auth, billing, pages, NATS): a member's tabs hold a stream on each; a change of the balance made through the
 * stack's own gateway reaches both (each replica hears billing's event on its fan-out subscription), and a sign-out
 * through one replica ends the streams on both.
 */
const stack = inject('stack');
let replicas: [Replica, Replica];
const streams: MemberStream[] = [];

beforeAll(async () => {
  replicas = (await Promise.all([
    startGatewayReplica(stack, 'gateway-live-a'),
    startGatewayReplica(stack, 'gateway-live-b'),
  ])) as [Replica, Replica];
}, 180_000);

afterAll(async () => {
  for (const s of streams) s.close();
  await Promise.all((replicas ?? []).map((r) => r.process.stop()));
});

async function stream(replica: Replica, token: string) {
  const s = await openMemberStream(replica.url, token);
  streams.push(s);
  return s;
}

const balances = (s: MemberStream) =>
  s.events
    .filter((e) => e.event === 'balance')
    .map((e) => e.data as { cause: string; balance: number | null; version: number });

describe('the live balance through two gateway replicas', () => {
  it("a credit and a purchase reach the member's streams on both replicas, and no one else's", async () => {
    const ana = await createActiveUser(stack);
    const bia = await createActiveUser(stack);
    const [a, b] = replicas;
    const anaOnA = await stream(a, ana.token);
    const anaOnB = await stream(b, ana.token);
    const biaOnB = await stream(b, bia.token);

    await topUp(stack, ana.token, 10);
    for (const s of [anaOnA, anaOnB])
      await expect
        .poll(() => balances(s), { timeout: 15_000 })
        .toEqual([{ cause: 'top_up', balance: 10, version: expect.any(Number) }]);

    const code = await generatePageCode(stack, ana.token);
    expect((await buyPage(stack, ana.token, code)).status).toBe(200);
    for (const s of [anaOnA, anaOnB])
      await expect
        .poll(() => balances(s).map((e) => [e.cause, e.balance]), { timeout: 15_000 })
        .toEqual([
          ['top_up', 10],
          ['purchase', 9.5],
        ]);
    const [credit, purchase] = balances(anaOnA);
    expect(purchase!.version).toBeGreaterThan(credit!.version);

    // A marker for Bia after Ana's changes: when it arrives on her stream, whatever was meant for Ana before it would
    // have arrived too (one subscription, in order). Only her own came.
    await topUp(stack, bia.token, 5);
    await expect.poll(() => balances(biaOnB).length, { timeout: 15_000 }).toBe(1);
    expect(balances(biaOnB)).toEqual([{ cause: 'top_up', balance: 5, version: expect.any(Number) }]);
  });

  it('a sign-out through one replica ends the streams of that session on both; a new session streams again', async () => {
    const ana = await createActiveUser(stack);
    const [a, b] = replicas;
    const onA = await stream(a, ana.token);
    const onB = await stream(b, ana.token);
    expect((await call(a.url, logout, { token: ana.token })).status).toBe(200);
    // Each stream ends; its browser reconnects with the old token and is refused: closed for good.
    for (const s of [onA, onB]) {
      await expect.poll(() => s.readyState(), { timeout: 20_000 }).toBe(EventSource.CLOSED);
      expect(s.refusedWith()).toBe(401);
    }
  });

  it('refuses a stream without a session, and a token in the URL instead of the header', async () => {
    const ana = await createActiveUser(stack);
    const bare = await fetch(new URL(memberEvents.path, replicas[0].url));
    expect(bare.status).toBe(401);
    const inUrl = await fetch(new URL(`${memberEvents.path}?token=${ana.token}`, replicas[0].url));
    expect(inUrl.status).toBe(401);
    const ok = await fetch(new URL(memberEvents.path, replicas[0].url), {
      headers: { authorization: `Bearer ${ana.token}` },
    });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(ok.headers.get('cache-control')).toBe('no-store');
    await ok.body?.cancel();
  });
});
