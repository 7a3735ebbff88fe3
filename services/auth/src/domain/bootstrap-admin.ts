import { randomUUID } from 'node:crypto';
import { AdminBootstrapEntity } from '../persistence/entities.js';
import { users } from '../persistence/repositories.js';
import type { AuthDeps } from './deps.js';
import { passwordMatches } from './passwords.js';

export const ADMIN_FULLNAME = 'Administrador';

/**
 * Makes sure ADMIN_EMAIL is an active admin. Its password is set from ADMIN_PASSWORD when the account is created
 * and whenever ADMIN_PASSWORD changes; a password changed on /admin/changePassword survives restarts otherwise.
 */
export async function bootstrapAdmin(deps: AuthDeps): Promise<void> {
  const { ADMIN_EMAIL: email, ADMIN_PASSWORD: password, BCRYPT_COST: cost } = deps.config;
  await deps.db.transaction(async (m) => {
    // Replicas starting together take turns.
    await m.query(`SELECT pg_advisory_xact_lock(hashtext('auth.bootstrap-admin'))`);
    const applied = await m.getRepository(AdminBootstrapEntity).findOneBy({ email });
    const envChanged =
      !applied ||
      !(await passwordMatches(deps.passwords, password, applied.passwordHash, deps.config.BCRYPT_COST));
    const repo = users(m);
    const existing = await repo.byEmail(email);
    const passwordHash = envChanged || !existing ? await deps.passwords.hash(password, cost) : null;
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
      await repo.update(existing.id, { role: 'admin', active: true });
      if (passwordHash) await repo.replacePassword(existing.id, passwordHash);
    }
    if (passwordHash) await m.getRepository(AdminBootstrapEntity).save({ email, passwordHash });
  });
  deps.logger.info({ admin: email }, 'admin account ready');
}
