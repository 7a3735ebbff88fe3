import { randomUUID } from 'node:crypto';
import { AdminBootstrapEntity, type UserRow } from '../persistence/entities.js';
import { users } from '../persistence/repositories.js';
import { announceSessionsRevoked, type AuthDeps } from './deps.js';
import { passwordMatches } from './passwords.js';

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
  const sessionsEnded = await deps.db.transaction(async (m): Promise<UserRow | null> => {
    // Replicas starting together take turns.
    await m.query(`SELECT pg_advisory_xact_lock(hashtext('auth.bootstrap-admin'))`);
    const applied = await m.getRepository(AdminBootstrapEntity).findOneBy({ email });
    const envChanged =
      !applied ||
      !(await passwordMatches(deps.passwords, password, applied.passwordHash, deps.config.BCRYPT_COST));
    const repo = users(m);
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
      });
    } else {
      ended = await repo.makeActiveAdmin(existing.id);
      if (passwordHash) ended = (await repo.replacePassword(existing.id, passwordHash)) ?? ended;
    }
    if (passwordHash) await m.getRepository(AdminBootstrapEntity).save({ email, passwordHash });
    return ended;
  });
  if (sessionsEnded) await announceSessionsRevoked(deps, sessionsEnded);
  deps.logger.info({ admin: email }, 'admin account ready');
}
