import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import type { UserRow } from './ports.js';

export const SESSION_TTL = '7d';
/** An admin's token lives a few hours (ADMIN_SESSION_TTL_MINUTES): a stolen one is not a lasting takeover. */
export const ADMIN_SESSION_TTL_MINUTES = 120;

const Claims = z.object({
  sub: z.string().min(1),
  tv: z.number().int().min(0),
  exp: z.number(),
  iat: z.number().optional(),
});
export type SessionClaims = z.infer<typeof Claims>;

/**
 * Session JWTs: HS256 only (the algorithm is pinned on verify), `sub` = user id, `tv` = token version, `iat` (a recent
 * sign-in is asked for before an admin's password changes); `exp` 7 days for users, ADMIN_SESSION_TTL_MINUTES for
 * admins.
 */
export class SessionTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly adminTtlMinutes = ADMIN_SESSION_TTL_MINUTES,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  issue(user: Pick<UserRow, 'id' | 'tokenVersion' | 'role'>): Promise<string> {
    return new SignJWT({ tv: user.tokenVersion })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setIssuedAt()
      .setExpirationTime(user.role === 'admin' ? `${this.adminTtlMinutes}m` : SESSION_TTL)
      .sign(this.key);
  }

  /** The claims of a well-signed, unexpired token; null for anything else. */
  async read(token: string): Promise<SessionClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        requiredClaims: ['exp', 'sub'],
      });
      const claims = Claims.safeParse(payload);
      return claims.success ? claims.data : null;
    } catch {
      return null;
    }
  }
}
