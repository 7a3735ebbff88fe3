import { jwtVerify } from 'jose';
import { Rpc, type Role } from '@app/contracts';
import { RpcError, type Bus, type Identity } from '@app/kit';

export type SessionCheck =
  { ok: true; identity: Identity } | { ok: false; reason: 'invalid' | 'unavailable' };

/**
 * Checks a bearer token at the edge: the JWT first (HS256 only, `exp` and `sub` required), so forged or
 * expired tokens never reach a service; then auth confirms the session is current (token version, active user).
 */
export function createSessionChecker(jwtSecret: string, bus: Bus) {
  const key = new TextEncoder().encode(jwtSecret);
  return async function checkSession(authorization: string | undefined): Promise<SessionCheck> {
    const token = /^Bearer (\S+)$/i.exec(authorization ?? '')?.[1];
    if (!token) return { ok: false, reason: 'invalid' };
    try {
      await jwtVerify(token, key, { algorithms: ['HS256'], requiredClaims: ['exp', 'sub'] });
    } catch {
      return { ok: false, reason: 'invalid' };
    }
    try {
      const session = await bus.request(Rpc.authVerifySession, { token }, { timeoutMs: 3000 });
      if (!session.valid) return { ok: false, reason: 'invalid' };
      return { ok: true, identity: { userId: session.userId, role: session.role as Role } };
    } catch (err) {
      if (err instanceof RpcError) return { ok: false, reason: 'unavailable' };
      throw err;
    }
  };
}
