import { randomUUID } from 'node:crypto';
import { ErrorCode, Events, Msg } from '@app/contracts';
import { AppError } from '@app/kit';
import type { UserRow } from '../persistence/entities.js';
import { users } from '../persistence/repositories.js';
import { isUniqueViolation, publishEvent, sessionFor, type AuthDeps, type Session } from './deps.js';
import type { GoogleIdentity } from './google-verifier.js';

/**
 * Google sign-in: the credential is verified (signature, issuer, audience, expiry, verified email); the account
 * is found by Google `sub`, else linked by its (Google-verified) email, else created active with `fromGoogle`.
 */
export async function signInWithGoogle(deps: AuthDeps, credential: string): Promise<Session> {
  let identity: GoogleIdentity;
  try {
    identity = await deps.verifyGoogle(credential);
  } catch (err) {
    deps.logger.warn({ reason: (err as Error).message.slice(0, 200) }, 'google credential refused');
    await publishEvent(deps, Events.loginFailed, { email: '', reason: 'google' });
    throw AppError.unauthorized(Msg.googleFailed, ErrorCode.INVALID_CREDENTIALS);
  }
  let user: UserRow;
  try {
    user = await deps.db.transaction((m) => findOrCreate(deps, m, identity));
  } catch (err) {
    // Two first sign-ins of the same account at once: the loser finds the winner's row.
    if (!isUniqueViolation(err)) throw err;
    user = await deps.db.transaction((m) => findOrCreate(deps, m, identity));
  }
  return sessionFor(deps, user);
}

async function findOrCreate(
  deps: AuthDeps,
  m: Parameters<typeof users>[0],
  g: GoogleIdentity,
): Promise<UserRow> {
  const repo = users(m);
  const linked = await repo.byGoogleSub(g.sub);
  if (linked) return linked;
  const sameEmail = await repo.byEmail(g.email);
  if (sameEmail) {
    // Google vouches for the address, which is also what activation proves.
    await repo.update(sameEmail.id, { googleSub: g.sub, active: true });
    if (!sameEmail.active)
      await publishEvent(deps, Events.userActivated, { userId: sameEmail.id, email: g.email });
    return (await repo.byId(sameEmail.id))!;
  }
  const id = randomUUID();
  await repo.insert({
    id,
    email: g.email,
    fullname: g.name,
    passwordHash: null,
    googleSub: g.sub,
    fromGoogle: true,
    role: 'user',
    active: true,
    tokenVersion: 0,
  });
  await publishEvent(deps, Events.userRegistered, {
    userId: id,
    email: g.email,
    fullname: g.name,
    fromGoogle: true,
  });
  return (await repo.byId(id))!;
}
