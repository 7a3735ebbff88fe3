import { announceSessionsRevoked, type AuthDeps } from './deps.js';

/**
 * Server-side sign-out (`/logout` calls it): the account's token version moves on, so the token in hand, and every
 * other session of the account, stops working at once on every gateway (the revocation event). One version per
 * account, not a list of revoked tokens: "Sair" signs out everywhere, which is also what a stolen token calls for.
 */
export async function signOut(deps: AuthDeps, userId: string): Promise<void> {
  const user = await deps.store.users.endSessions(userId);
  if (user) await announceSessionsRevoked(deps, user);
}
