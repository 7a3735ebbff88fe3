import type { Role } from '@app/contracts';
import { isUuid, type AuthDeps } from './deps.js';
import type { UsersRepository } from './ports.js';

export type SessionCheck =
  { valid: true; userId: string; role: Role; tokenVersion: number } | { valid: false };

/**
 * The full session check (the gateway asks it on every protected request): a well-signed HS256 token with
 * `exp` and `sub`, whose token version matches the user's, and an active user. A valid answer carries that version
 * (the gateway caches it until a `sessionsRevoked` event). Only the token decides
 * "invalid": a database failure is thrown, so the RPC fails and the gateway answers 503 instead of signing
 * everybody out during an outage.
 */
export async function verifySession(
  deps: Pick<AuthDeps, 'tokens'> & { store: { users: Pick<UsersRepository, 'byId'> } },
  token: string,
): Promise<SessionCheck> {
  const claims = await deps.tokens.read(token);
  // We only ever sign user ids (UUIDs); anything else is not one of our sessions (and is never queried).
  if (!claims || !isUuid(claims.sub)) return { valid: false };
  const user = await deps.store.users.byId(claims.sub);
  if (!user || !user.active || user.tokenVersion !== claims.tv) return { valid: false };
  return { valid: true, userId: user.id, role: user.role, tokenVersion: user.tokenVersion };
}
