import { jwtVerify, SignJWT } from 'jose';
import { z } from 'zod';
import type { UserRow } from '../persistence/entities.js';

export const SESSION_TTL = '7d';

const Claims = z.object({ sub: z.string().min(1), tv: z.number().int().min(0), exp: z.number() });
export type SessionClaims = z.infer<typeof Claims>;

/** Session JWTs: HS256 only (the algorithm is pinned on verify), 7-day `exp`, `sub` = user id, `tv` = token version. */
export class SessionTokens {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  issue(user: Pick<UserRow, 'id' | 'tokenVersion'>): Promise<string> {
    return new SignJWT({ tv: user.tokenVersion })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(user.id)
      .setIssuedAt()
      .setExpirationTime(SESSION_TTL)
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
