import { ErrorCode, Msg } from '@app/contracts';
import { AppError } from '@app/kit';
import { announceSessionsRevoked, sessionFor, type AuthDeps, type Session } from './deps.js';
import { confirmPasswordBehindSession } from './password-attempts.js';

/** How recent the sign-in behind an admin's password change must be. */
export const RECENT_SIGN_IN_MS = 10 * 60 * 1000;

/**
 * Refuses an admin's password change unless the token was issued in the last 10 minutes: a stolen admin token alone
 * cannot take the account over. `issuedAt` is the token's `iat` in seconds.
 */
export function requireRecentSignIn(issuedAt: number | undefined, now = Date.now()): void {
  if (issuedAt === undefined || now - issuedAt * 1000 > RECENT_SIGN_IN_MS)
    throw new AppError(403, ErrorCode.REAUTH_REQUIRED, Msg.recentSignInRequired);
}

/**
 * Changes the password of a signed-in user. Older sessions end (token version + 1); the answer is a fresh
 * session so the browser that made the change stays signed in. The admin's own change skips the old password.
 */
export async function setNewPassword(
  deps: AuthDeps,
  userId: string,
  newPassword: string,
  /** `clientAddress`: the caller's, as the gateway signed it (the old password is counted like a sign-in). */
  opts: { oldPassword: string; clientAddress: string | null } | { asAdmin: true },
): Promise<Session> {
  const repo = deps.store.users;
  const user = await repo.byId(userId);
  if (!user) throw AppError.unauthorized(Msg.changePasswordFailed);
  // An account created with Google has no password to confirm: it creates one through an emailed link instead.
  if ('oldPassword' in opts && user.passwordHash === null)
    throw AppError.badRequest(Msg.passwordNotSetYet, ErrorCode.INVALID_CREDENTIALS);
  if ('oldPassword' in opts)
    await confirmPasswordBehindSession(deps, user, opts.oldPassword, opts.clientAddress, () =>
      AppError.badRequest(Msg.currentPasswordWrong, ErrorCode.INVALID_CREDENTIALS),
    );
  const updated = await repo.replacePassword(
    userId,
    await deps.passwords.hash(newPassword, deps.config.BCRYPT_COST),
  );
  if (!updated) throw AppError.unauthorized(Msg.changePasswordFailed);
  await announceSessionsRevoked(deps, updated);
  return sessionFor(deps, updated);
}
