import { describe, expect, it, vi } from 'vitest';
import { SignJWT } from 'jose';
import type { MessageDef } from '@app/contracts';
import { createLogger, Metrics, RpcError, type ConnectionChange } from '@app/kit';
import { createJwtVerifier, startEdgeAuth } from '../../src/edge-auth.js';
import { sessionCacheMetrics } from '../../src/metrics.js';
import type { AuthAnswer } from '../../src/session-cache.js';

const JWT_SECRET = 'j'.repeat(40);
const ANA = 'a0000000-0000-4000-8000-000000000001';
const BIA = 'b0000000-0000-4000-8000-000000000002';

const sign = (sub: string, tv: unknown, exp: number | string = '1h', key = JWT_SECRET) =>
  new SignJWT(tv === undefined ? {} : { tv })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(sub)
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode(key));

/**
 * A bus double: auth's answers come from `answers` (by user), every question is counted, and the test plays the
 * revocation events and the connection changes the real bus would deliver.
 */
function fakeBus(answers: (userId: string, tokenVersion: number) => AuthAnswer | Error) {
  const listeners: Array<{ subject: string; handler: (payload: never) => void | Promise<void> }> = [];
  const connection: Array<(change: ConnectionChange) => void> = [];
  const request = vi.fn(async (_def: unknown, { token }: { token: string }) => {
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as {
      sub: string;
      tv: number;
    };
    const answer = answers(claims.sub, claims.tv);
    if (answer instanceof Error) throw answer;
    return answer;
  });
  const bus = {
    request,
    listen: (def: MessageDef<never>, handler: (payload: never) => void | Promise<void>) =>
      void listeners.push({ subject: def.subject, handler }),
    onConnectionChange: (listener: (change: ConnectionChange) => void) => {
      connection.push(listener);
      return () => void connection.splice(connection.indexOf(listener), 1);
    },
  };
  return {
    bus: bus as unknown as Parameters<typeof startEdgeAuth>[1],
    request,
    listeners,
    connection,
    revoke: async (userId: string, tokenVersion: number) => {
      const event = {
        eventId: `events.auth.sessions.revoked:${userId}:${tokenVersion}`,
        at: '',
        userId,
        tokenVersion,
      };
      for (const l of listeners.filter((l) => l.subject === 'events.auth.sessions.revoked'))
        await l.handler(event as never);
    },
    change: (change: ConnectionChange) => connection.forEach((l) => l(change)),
  };
}

/** auth's check: valid when the token carries the user's current version. */
const current = (versions: Record<string, number>) => (userId: string, tokenVersion: number) =>
  versions[userId] === tokenVersion
    ? ({ valid: true, userId, role: 'user', tokenVersion } as const)
    : ({ valid: false } as const);

function edge(answers: (userId: string, tokenVersion: number) => AuthAnswer | Error, ttl = 60_000) {
  const fake = fakeBus(answers);
  const metrics = new Metrics('gateway', { defaultMetrics: false });
  const auth = startEdgeAuth(
    { JWT_SECRET, SESSION_CACHE_TTL_MS: ttl, SESSION_CACHE_MAX_ENTRIES: 1000 },
    fake.bus,
    createLogger('gateway', 'silent'),
    sessionCacheMetrics(metrics),
  );
  const check = (token: string) => auth.checkSession(`Bearer ${token}`);
  const metric = async (name: string) => (await metrics.registry.getSingleMetric(name)!.get()).values;
  return { ...fake, auth, check, metric };
}

describe('edge auth with the session cache', () => {
  it('asks auth once for many requests with one token', async () => {
    const e = edge(current({ [ANA]: 1 }));
    const token = await sign(ANA, 1);
    for (let i = 0; i < 5; i++)
      expect(await e.check(token)).toMatchObject({ ok: true, identity: { userId: ANA, role: 'user' } });
    expect(e.request).toHaveBeenCalledTimes(1);
    const lookups = await e.metric('gateway_session_cache_lookups_total');
    expect(Object.fromEntries(lookups.map((v) => [v.labels.outcome, v.value]))).toEqual({ miss: 1, hit: 4 });
  });

  it('forgets the user named by a revocation event, and only that user', async () => {
    const versions: Record<string, number> = { [ANA]: 1, [BIA]: 1 };
    const e = edge(current(versions));
    const ana = await sign(ANA, 1);
    const bia = await sign(BIA, 1);
    await e.check(ana);
    await e.check(bia);
    versions[ANA] = 2;
    await e.revoke(ANA, 2);
    expect(await e.check(ana)).toEqual({ ok: false, reason: 'invalid' });
    expect(await e.check(bia)).toMatchObject({ ok: true, identity: { userId: BIA, role: 'user' } });
    // Ana's old token asked again (auth said no); Bia's answered from the cache.
    expect(e.request).toHaveBeenCalledTimes(3);
    expect((await e.metric('gateway_session_revocations_total'))[0]!.value).toBe(1);
  });

  it('forgets everyone when NATS disconnects or reconnects (revocations may have been missed)', async () => {
    const e = edge(current({ [ANA]: 1 }));
    const token = await sign(ANA, 1);
    await e.check(token);
    e.change('disconnected');
    await e.check(token);
    e.change('reconnected');
    await e.check(token);
    await e.check(token);
    expect(e.request).toHaveBeenCalledTimes(3);
    expect((await e.metric('gateway_session_cache_clears_total'))[0]!.value).toBe(2);
    // Closing the app stops following the connection.
    e.auth.stop();
    expect(e.connection).toHaveLength(0);
  });

  it('refuses forged, expired and version-less tokens before asking auth', async () => {
    const e = edge(current({ [ANA]: 1 }));
    const forged = await sign(ANA, 1, '1h', 'o'.repeat(40));
    const expired = await sign(ANA, 1, Math.floor(Date.now() / 1000) - 60);
    for (const token of [
      forged,
      expired,
      await sign(ANA, undefined),
      await sign(ANA, '1'),
      await sign(ANA, -1),
    ])
      expect(await e.check(token)).toEqual({ ok: false, reason: 'invalid' });
    for (const header of [undefined, '', 'Bearer', 'Basic abc'])
      expect(await e.auth.checkSession(header)).toEqual({ ok: false, reason: 'invalid' });
    expect(e.request).not.toHaveBeenCalled();
  });

  it('answers unavailable (503) when auth does not answer, and caches nothing', async () => {
    let down = true;
    const e = edge((userId, tv) =>
      down ? new RpcError('auth.v1.verifySession: timeout', 'TIMEOUT') : current({ [ANA]: 1 })(userId, tv),
    );
    const token = await sign(ANA, 1);
    expect(await e.check(token)).toEqual({ ok: false, reason: 'unavailable' });
    down = false;
    expect(await e.check(token)).toMatchObject({ ok: true, identity: { userId: ANA, role: 'user' } });
    expect(e.request).toHaveBeenCalledTimes(2);
  });

  it('with SESSION_CACHE_TTL_MS=0 asks auth on every request and follows no events', async () => {
    const e = edge(current({ [ANA]: 1 }), 0);
    const token = await sign(ANA, 1);
    for (let i = 0; i < 3; i++) await e.check(token);
    expect(e.request).toHaveBeenCalledTimes(3);
    expect(e.listeners).toHaveLength(0);
    expect(e.connection).toHaveLength(0);
  });
});

describe('createJwtVerifier', () => {
  it('remembers a verified token until its exp, then refuses it', async () => {
    let now = Date.now();
    const verify = createJwtVerifier(JWT_SECRET, 10, () => now);
    const exp = Math.floor(now / 1000) + 30;
    const token = await sign(ANA, 4, exp);
    expect(await verify(token)).toEqual({ userId: ANA, tokenVersion: 4, expiresAt: exp * 1000 });
    now = exp * 1000 - 1;
    expect(await verify(token)).toMatchObject({ userId: ANA, tokenVersion: 4 });
    now = exp * 1000;
    expect(await verify(token)).toBeNull();
    expect(await verify(token)).toBeNull();
  });

  it('never remembers a token that failed: a forged one stays refused', async () => {
    const verify = createJwtVerifier(JWT_SECRET, 10);
    const forged = await sign(ANA, 1, '1h', 'o'.repeat(40));
    expect(await verify(forged)).toBeNull();
    expect(await verify(forged)).toBeNull();
    expect(await verify('not.a.jwt')).toBeNull();
  });
});
