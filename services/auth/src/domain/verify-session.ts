import type { Role } from '@app/contracts';
import { users } from '../persistence/repositories.js';
import type { AuthDeps } from './deps.js';

export type SessionCheck = { valid: true; userId: string; role: Role } | { valid: false };

/**
 * The full session check (the gateway asks it on every protected request): a well-signed HS256 token with
 * `exp` and `sub`, whose token version matches the user's, and an active user.
 */
export async function verifySession(
  deps: Pick<AuthDeps, 'tokens' | 'db'>,
  token: string,
): Promise<SessionCheck> {
  const claims = await deps.tokens.read(token);
  if (!claims) return { valid: false };
  const user = await users(deps.db.manager)
    .byId(claims.sub)
    .catch(() => null);
  if (!user || !user.active || user.tokenVersion !== claims.tv) return { valid: false };
  return { valid: true, userId: user.id, role: user.role };
}
