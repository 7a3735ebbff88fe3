import { describe, expect, it, vi } from 'vitest';
import { SignJWT, UnsecuredJWT } from 'jose';
import { Msg } from '@app/contracts';
import { requireRecentSignIn } from '../../src/domain/change-password.js';
import { SessionTokens } from '../../src/domain/session-tokens.js';
import { hashSecret, newOneTimeSecret } from '../../src/domain/secrets.js';

const secret = 's'.repeat(40);
const key = new TextEncoder().encode(secret);
const tokens = new SessionTokens(secret);
const user = { id: '6f1c2d3e-0000-4000-8000-000000000001', tokenVersion: 3, role: 'user' as const };

describe('session tokens', () => {
  it('issues HS256 tokens with sub, tv and a 7-day exp, and reads them back', async () => {
    // A fixed clock: the exp is exactly 7 days from the issue, however long the machine takes in between.
    vi.useFakeTimers({ now: new Date('2025-01-10T09:00:00Z') });
    try {
      const token = await tokens.issue(user);
      const header = JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString());
      expect(header.alg).toBe('HS256');
      const claims = await tokens.read(token);
      expect(claims).toMatchObject({ sub: user.id, tv: 3 });
      expect(claims!.exp).toBe(Date.parse('2025-01-10T09:00:00Z') / 1000 + 7 * 24 * 3600);
    } finally {
      vi.useRealTimers();
    }
  });

  it('reads nothing from unsigned, other-algorithm, other-key, exp-less or tv-less tokens', async () => {
    const unsigned = new UnsecuredJWT({ tv: 0 }).setSubject(user.id).setExpirationTime('1h').encode();
    const hs512 = await new SignJWT({ tv: 0 })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(user.id)
      .setExpirationTime('1h')
      .sign(key);
    const otherKey = await new SignJWT({ tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('o'.repeat(40)));
    const noExp = await new SignJWT({ tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .sign(key);
    const noTv = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setExpirationTime('1h')
      .sign(key);
    const expired = await new SignJWT({ tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(user.id)
      .setExpirationTime('-1m')
      .sign(key);
    for (const token of [unsigned, hs512, otherKey, noExp, noTv, expired, 'garbage'])
      expect(await tokens.read(token)).toBeNull();
  });
});

describe('one-time secrets', () => {
  it('are 256-bit base64url strings, stored as their SHA-256 hex', () => {
    const a = newOneTimeSecret();
    const b = newOneTimeSecret();
    expect(Buffer.from(a.secret, 'base64url')).toHaveLength(32);
    expect(a.secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(a.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(a.hash).toBe(hashSecret(a.secret));
    expect(a.secret).not.toBe(b.secret);
  });
});

describe('admin sessions', () => {
  it('are issued for ADMIN_SESSION_TTL_MINUTES, with iat', async () => {
    vi.useFakeTimers({ now: new Date('2025-01-10T09:00:00Z') });
    try {
      const claims = await tokens.read(await new SessionTokens(secret, 90).issue({ ...user, role: 'admin' }));
      const issued = Date.parse('2025-01-10T09:00:00Z') / 1000;
      expect(claims).toMatchObject({ iat: issued, exp: issued + 90 * 60 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('change their password only within 10 minutes of signing in', () => {
    const now = Date.parse('2025-01-10T09:00:00Z');
    expect(() => requireRecentSignIn(now / 1000 - 600, now)).not.toThrow();
    for (const iat of [now / 1000 - 601, undefined])
      expect(() => requireRecentSignIn(iat, now)).toThrow(
        expect.objectContaining({
          statusCode: 403,
          code: 'REAUTH_REQUIRED',
          message: Msg.recentSignInRequired,
        }),
      );
  });
});
