import { describe, expect, it, vi } from 'vitest';
import { SignJWT } from 'jose';
import type { UserRow } from '../../src/domain/ports.js';
import { SessionTokens } from '../../src/domain/session-tokens.js';
import { verifySession } from '../../src/domain/verify-session.js';

const secret = 's'.repeat(40);
const tokens = new SessionTokens(secret);
const user: UserRow = {
  id: '6f1c2d3e-0000-4000-8000-000000000001',
  email: 'ana@exemplo.com',
  fullname: 'Ana Souza',
  passwordHash: null,
  googleSub: null,
  fromGoogle: false,
  role: 'user',
  active: true,
  tokenVersion: 2,
  createdAt: new Date(),
  updatedAt: new Date(),
  signUpBinding: null,
  deletedAt: null,
};

/** The users repository's byId is all verifySession touches. */
function reposWith(byId: (id: string) => Promise<UserRow | null>) {
  const spy = vi.fn(byId);
  return { store: { users: { byId: spy } }, byId: spy };
}

describe('verifySession', () => {
  it('rejects with the database error instead of answering invalid (an outage is not a sign-out)', async () => {
    const outage = new Error('Connection terminated unexpectedly');
    const { store, byId } = reposWith(() => Promise.reject(outage));
    const token = await tokens.issue(user);
    await expect(verifySession({ tokens, store }, token)).rejects.toBe(outage);
    expect(byId).toHaveBeenCalledWith(user.id);
  });

  it('answers valid with the user and role for a current session', async () => {
    const { store } = reposWith(async () => user);
    expect(await verifySession({ tokens, store }, await tokens.issue(user))).toEqual({
      valid: true,
      userId: user.id,
      role: 'user',
      tokenVersion: 2,
    });
  });

  it('answers invalid for a stale token version, an inactive user or an unknown user', async () => {
    const token = await tokens.issue(user);
    for (const found of [{ ...user, tokenVersion: 3 }, { ...user, active: false }, null]) {
      const { store } = reposWith(async () => found);
      expect(await verifySession({ tokens, store }, token)).toEqual({ valid: false });
    }
  });

  it('answers invalid for a forged, expired or non-UUID-subject token without asking the database', async () => {
    const { store, byId } = reposWith(() => Promise.reject(new Error('the database must not be asked')));
    const signed = (subject: string, expires: string, key = secret) =>
      new SignJWT({ tv: 2 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(subject)
        .setExpirationTime(expires)
        .sign(new TextEncoder().encode(key));
    const expired = await signed(user.id, '-1m');
    const otherKey = await signed(user.id, '1h', 'o'.repeat(40));
    const notAUuid = await signed('not-a-uuid', '1h');
    for (const token of [expired, otherKey, notAUuid, 'garbage'])
      expect(await verifySession({ tokens, store }, token)).toEqual({ valid: false });
    expect(byId).not.toHaveBeenCalled();
  });
});
