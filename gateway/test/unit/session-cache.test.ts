import { describe, expect, it, vi } from 'vitest';
import { SessionCache, type AuthAnswer, type LookupOutcome } from '../../src/session-cache.js';

/** A promise settled when the test says so: auth's answer arrives exactly where the test puts it. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const ANA = 'a0000000-0000-4000-8000-000000000001';
const BIA = 'b0000000-0000-4000-8000-000000000002';
const valid = (userId: string, tokenVersion: number, role: 'user' | 'admin' = 'user'): AuthAnswer => ({
  valid: true,
  userId,
  role,
  tokenVersion,
});

/** A cache whose questions to auth are recorded and answered by the test; its clock moves only when told. */
function setup(ttlMs = 60_000, maxEntries = 100) {
  let now = 1_000;
  const outcomes: LookupOutcome[] = [];
  const cache = new SessionCache({
    ttlMs,
    maxEntries,
    onLookup: (o) => outcomes.push(o),
    clock: { now: () => now },
  });
  const asked: Array<{ token: string; answer: ReturnType<typeof deferred<AuthAnswer>> }> = [];
  const ask = vi.fn((token: string) => {
    const answer = deferred<AuthAnswer>();
    asked.push({ token, answer });
    return answer.promise;
  });
  /** The identity for a token of `userId` at version `tv` (the token string names both). */
  const check = (userId: string, tv: number, token = `${userId}.${tv}`) =>
    cache.identity(token, { userId, tokenVersion: tv }, ask);
  /** Checks once, answering auth's question (if one is asked) with `answer`. */
  const checkAnswered = async (userId: string, tv: number, answer: AuthAnswer) => {
    const result = check(userId, tv);
    await Promise.resolve();
    asked.at(-1)?.answer.resolve(answer);
    return result;
  };
  return { cache, ask, asked, check, checkAnswered, outcomes, advance: (ms: number) => (now += ms) };
}

describe('SessionCache', () => {
  it('asks auth for a user it does not know, then answers the same token version without asking', async () => {
    const s = setup();
    expect(await s.checkAnswered(ANA, 3, valid(ANA, 3))).toEqual({ userId: ANA, role: 'user' });
    expect(await s.check(ANA, 3)).toEqual({ userId: ANA, role: 'user' });
    expect(await s.check(ANA, 3, 'another token of the same session version')).toEqual({
      userId: ANA,
      role: 'user',
    });
    expect(s.ask).toHaveBeenCalledTimes(1);
    expect(s.outcomes).toEqual(['miss', 'hit', 'hit']);
  });

  it('refuses a token older than the cached version without asking', async () => {
    const s = setup();
    await s.checkAnswered(ANA, 4, valid(ANA, 4));
    expect(await s.check(ANA, 3)).toBeNull();
    expect(s.ask).toHaveBeenCalledTimes(1);
    expect(s.outcomes).toEqual(['miss', 'stale']);
  });

  it('asks again for a newer token version, and the newer answer makes the older tokens stale', async () => {
    const s = setup();
    await s.checkAnswered(ANA, 1, valid(ANA, 1, 'user'));
    expect(await s.checkAnswered(ANA, 2, valid(ANA, 2, 'admin'))).toEqual({ userId: ANA, role: 'admin' });
    expect(s.ask).toHaveBeenCalledTimes(2);
    expect(await s.check(ANA, 1)).toBeNull();
    expect(await s.check(ANA, 2)).toEqual({ userId: ANA, role: 'admin' });
    expect(s.outcomes).toEqual(['miss', 'miss', 'stale', 'hit']);
  });

  it('caches no invalid answer: the next request asks again', async () => {
    const s = setup();
    expect(await s.checkAnswered(ANA, 1, { valid: false })).toBeNull();
    expect(await s.checkAnswered(ANA, 1, valid(ANA, 1))).toEqual({ userId: ANA, role: 'user' });
    expect(s.ask).toHaveBeenCalledTimes(2);
  });

  it("lets auth's failure through and caches nothing", async () => {
    const s = setup();
    const first = s.check(ANA, 1);
    await Promise.resolve();
    const outage = new Error('auth.v1.verifySession: timeout');
    s.asked[0]!.answer.reject(outage);
    await expect(first).rejects.toBe(outage);
    expect(await s.checkAnswered(ANA, 1, valid(ANA, 1))).toEqual({ userId: ANA, role: 'user' });
    expect(s.ask).toHaveBeenCalledTimes(2);
  });

  it('asks once for many requests with the same token at the same time', async () => {
    const s = setup();
    const many = Array.from({ length: 5 }, () => s.check(ANA, 1));
    await Promise.resolve();
    expect(s.ask).toHaveBeenCalledTimes(1);
    s.asked[0]!.answer.resolve(valid(ANA, 1));
    expect(await Promise.all(many)).toEqual(Array(5).fill({ userId: ANA, role: 'user' }));
  });

  it('forgets a revoked user at once: the same token is asked about again', async () => {
    const s = setup();
    await s.checkAnswered(ANA, 1, valid(ANA, 1));
    s.cache.revoke(ANA);
    expect(await s.checkAnswered(ANA, 1, { valid: false })).toBeNull();
    expect(s.ask).toHaveBeenCalledTimes(2);
  });

  it('does not save an answer asked for before the revocation arrived (it may predate the change)', async () => {
    const s = setup();
    const before = s.check(ANA, 1);
    await Promise.resolve();
    // The password changes and the event arrives while auth's answer (read before the change) is on its way.
    s.cache.revoke(ANA);
    s.asked[0]!.answer.resolve(valid(ANA, 1));
    // The request that asked is answered (it was under way when the change was made)...
    expect(await before).toEqual({ userId: ANA, role: 'user' });
    // ...but nothing was cached: the next request with that token asks auth, which now says no.
    expect(s.cache.size).toBe(0);
    expect(await s.checkAnswered(ANA, 1, { valid: false })).toBeNull();
    expect(s.ask).toHaveBeenCalledTimes(2);
  });

  it('does not join a request that arrives after a revocation to a question asked before it', async () => {
    const s = setup();
    const before = s.check(ANA, 1);
    await Promise.resolve();
    s.cache.revoke(ANA);
    const after = s.check(ANA, 1);
    await Promise.resolve();
    expect(s.ask).toHaveBeenCalledTimes(2);
    s.asked[0]!.answer.resolve(valid(ANA, 1));
    s.asked[1]!.answer.resolve({ valid: false });
    expect(await before).toEqual({ userId: ANA, role: 'user' });
    expect(await after).toBeNull();
    expect(s.cache.size).toBe(0);
  });

  it('saves an answer asked for after the revocation', async () => {
    const s = setup();
    s.cache.revoke(ANA);
    await s.checkAnswered(ANA, 2, valid(ANA, 2));
    expect(await s.check(ANA, 2)).toEqual({ userId: ANA, role: 'user' });
    expect(s.ask).toHaveBeenCalledTimes(1);
  });

  it('never replaces a newer cached version with an older answer that arrives late', async () => {
    const s = setup();
    const old = s.check(ANA, 1);
    await Promise.resolve();
    await s.checkAnswered(ANA, 2, valid(ANA, 2));
    s.asked[0]!.answer.resolve(valid(ANA, 1));
    await old;
    expect(await s.check(ANA, 1)).toBeNull();
    expect(await s.check(ANA, 2)).toEqual({ userId: ANA, role: 'user' });
  });

  it('revokes one user only: the others stay cached', async () => {
    const s = setup();
    await s.checkAnswered(ANA, 1, valid(ANA, 1));
    await s.checkAnswered(BIA, 7, valid(BIA, 7, 'admin'));
    s.cache.revoke(ANA);
    expect(await s.check(BIA, 7)).toEqual({ userId: BIA, role: 'admin' });
    expect(s.ask).toHaveBeenCalledTimes(2);
  });

  it('forgets everyone when cleared (NATS disconnected), answers in flight included', async () => {
    const s = setup();
    await s.checkAnswered(ANA, 1, valid(ANA, 1));
    const inFlight = s.check(BIA, 1);
    await Promise.resolve();
    s.cache.clear();
    s.asked[1]!.answer.resolve(valid(BIA, 1));
    await inFlight;
    expect(s.cache.size).toBe(0);
    await s.checkAnswered(ANA, 1, valid(ANA, 1));
    await s.checkAnswered(BIA, 1, valid(BIA, 1));
    expect(s.ask).toHaveBeenCalledTimes(4);
  });

  it('trusts an answer for the TTL after it was given, however often it is used', async () => {
    const s = setup(60_000);
    await s.checkAnswered(ANA, 1, valid(ANA, 1));
    s.advance(59_999);
    expect(await s.check(ANA, 1)).toEqual({ userId: ANA, role: 'user' });
    s.advance(2);
    await s.checkAnswered(ANA, 1, valid(ANA, 1));
    expect(s.ask).toHaveBeenCalledTimes(2);
  });

  it('keeps at most maxEntries users, the least recently used going first', async () => {
    const s = setup(60_000, 2);
    const C = 'c0000000-0000-4000-8000-000000000003';
    await s.checkAnswered(ANA, 1, valid(ANA, 1));
    await s.checkAnswered(BIA, 1, valid(BIA, 1));
    await s.check(ANA, 1);
    await s.checkAnswered(C, 1, valid(C, 1));
    expect(s.cache.size).toBe(2);
    expect(await s.check(ANA, 1)).toEqual({ userId: ANA, role: 'user' });
    expect(s.ask).toHaveBeenCalledTimes(3);
    await s.checkAnswered(BIA, 1, valid(BIA, 1));
    expect(s.ask).toHaveBeenCalledTimes(4);
  });

  it('with TTL 0 asks auth on every request (the old behaviour) and keeps nothing', async () => {
    const s = setup(0);
    expect(s.cache.enabled).toBe(false);
    for (let i = 0; i < 3; i++)
      expect(await s.checkAnswered(ANA, 1, valid(ANA, 1))).toEqual({ userId: ANA, role: 'user' });
    expect(s.ask).toHaveBeenCalledTimes(3);
    expect(s.cache.size).toBe(0);
    expect(s.outcomes).toEqual([]);
  });
});
