import { ErrorCode, Events, Msg } from '@app/contracts';
import { AppError } from '@app/kit';
import { announceSessionsRevoked, type AuthDeps } from './deps.js';
import { hashSecret } from './secrets.js';

/**
 * Sets a new password with a recovery token (consumed: it works once). Every older session ends. The emailed
 * link proves the address, so a not-yet-activated account becomes active too.
 */
export async function resetPassword(
  deps: AuthDeps,
  recoveryToken: string,
  newPassword: string,
): Promise<void> {
  const passwordHash = await deps.passwords.hash(newPassword, deps.config.BCRYPT_COST);
  const user = await deps.store.transaction(async (tx) => {
    const userId = await tx.codes.consume(hashSecret(recoveryToken), 'recovery');
    if (!userId) throw AppError.badRequest(Msg.recoveryTokenInvalid, ErrorCode.INVALID_TOKEN);
    const before = await tx.users.byId(userId);
    const user = await tx.users.replacePassword(userId, passwordHash, { active: true });
    if (!before || !user) throw AppError.badRequest(Msg.recoveryTokenInvalid, ErrorCode.INVALID_TOKEN);
    // The emailed link proves the owner: the failed sign-ins against the email no longer count, from anywhere.
    await tx.attempts.clear('sign-in-failure', user.email);
    if (!before.active) {
      // Active now with the password chosen here: no activation link of a pending sign-up may act any more.
      await tx.codes.retireUnused(userId, 'activation');
      await tx.users.update(userId, { signUpBinding: null });
      await deps.bus.publishEvent(Events.userActivated, { userId, email: user.email }, userId);
    }
    return user;
  });
  await announceSessionsRevoked(deps, user);
}
