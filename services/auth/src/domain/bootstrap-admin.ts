import { randomUUID } from 'node:crypto';
import { announceSessionsRevoked, type AuthDeps } from './deps.js';
import { passwordMatches } from './passwords.js';
import type { UserRow } from './ports.js';

export const ADMIN_FULLNAME = 'Administrador';

/**
 * Makes sure ADMIN_EMAIL is an active admin. Its password is set from ADMIN_PASSWORD when the account is created
 * and whenever ADMIN_PASSWORD changes; a password changed on /admin/changePassword survives restarts otherwise.
 * Making an existing account admin (or active again) and resetting its password end its older sessions, and the
 * gateways hear it (`sessionsRevoked`) once the transaction commits.
 */
export async function bootstrapAdmin(deps: AuthDeps): Promise<void> {
  const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password, BCRYPT_COST: cost } = deps.config;
  // The account whose older sessions this start-up ended, if any.
  const sessionsEnded = await deps.store.transaction(async (tx): Promise<UserRow | null> => {
    // Replicas starting together take turns.
    await tx.adminBootstrap.lock();
    const applied = await tx.adminBootstrap.appliedPasswordHash(email);
    const envChanged =
      !applied || !(await passwordMatches(deps.passwords, password, applied, deps.config.BCRYPT_COST));
    const repo = tx.users;
    const existing = await repo.byEmail(email);
    const passwordHash = envChanged || !existing ? await deps.passwords.hash(password, cost) : null;
    let ended: UserRow | null = null;
    if (!existing) {
      await repo.insert({
        id: randomUUID(),
        email,
        fullname: ADMIN_FULLNAME,
        passwordHash,
        googleSub: null,
        fromGoogle: false,
        role: 'admin',
        active: true,
        tokenVersion: 0,
        signUpBinding: null,
      });
    } else {
      ended = await repo.makeActiveAdmin(existing.id);
      if (passwordHash) ended = (await repo.replacePassword(existing.id, passwordHash)) ?? ended;
    }
    if (passwordHash) await tx.adminBootstrap.saveAppliedPasswordHash(email, passwordHash);
    return ended;
  });
  if (sessionsEnded) await announceSessionsRevoked(deps, sessionsEnded);
  deps.logger.info({ admin: email }, 'admin account ready');
}
