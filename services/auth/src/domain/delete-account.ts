import { ErrorCode, Events, Msg, PlatformMessages } from '@app/contracts';
import { AppError } from '@app/kit';
import { announceSessionsRevoked, type AuthDeps } from './deps.js';
import { googleRefusalReason, type GoogleIdentity } from './google-verifier.js';
import { confirmPasswordBehindSession } from './password-attempts.js';
import type { UserRow } from './ports.js';

/** A Google confirmation must have been issued this recently: a fresh sign-in, not an old credential. */
export const GOOGLE_CONFIRMATION_MAX_AGE_MS = 10 * 60 * 1000;
/** Clock skew allowed between Google (or the stand-in) and this server for an `iat` a little in the future. */
const CLOCK_SKEW_MS = 60 * 1000;

/** The address a deleted account keeps: unique, not personal, undeliverable (RFC 2606 `.invalid`). */
export const deletedAccountEmail = (userId: string) => `excluida-${userId}@conta-excluida.invalid`;

/** `clientAddress`: the caller's, as the gateway signed it (a password is counted like a sign-in). */
export type DeletionConfirmation =
  { password: string; clientAddress?: string | null } | { googleCredential: string };

/**
 * A member deletes their account (LGPD art. 18, VI). They confirm with their password, or with a Google sign-in of
 * the same Google account issued in the last 10 minutes. Then, in one transaction, the personal data goes (name,
 * email, password hash, Google id), the account can never sign in again, its activation and recovery codes and its
 * sign-in failure counter are removed; every session ends (the gateways hear `sessionsRevoked`), and
 * `userDeleted` tells the other services to anonymise what they hold. billing's ledger and top-ups stay: they hold
 * only the user id, amounts and dates. The admin account cannot be deleted.
 */
export async function deleteAccount(
  deps: AuthDeps,
  userId: string,
  confirmation: DeletionConfirmation,
  now: Date = new Date(),
): Promise<void> {
  const user = await deps.store.users.byId(userId);
  if (!user || user.deletedAt) throw AppError.unauthorized(PlatformMessages.unauthorized);
  if (user.role === 'admin') throw AppError.forbidden(Msg.deleteAccountAdminRefused);
  await confirmOwner(deps, user, confirmation, now);

  const deleted = await deps.store.transaction(async (tx) => {
    const row = await tx.users.anonymise(user.id, {
      email: deletedAccountEmail(user.id),
      fullname: Msg.deletedAccountName,
    });
    await tx.codes.removeAll(user.id);
    // The abuse limits' rows name the email; the addresses it signed in from are the account's too.
    await tx.attempts.forgetEmail(user.email);
    await tx.knownAddresses.forgetUser(user.id);
    return row;
  });
  // Deleted meanwhile by a twin request: that one announces it.
  if (!deleted) throw AppError.unauthorized(PlatformMessages.unauthorized);
  await announceSessionsRevoked(deps, deleted);
  try {
    await deps.bus.publishEvent(Events.userDeleted, { userId: user.id }, user.id, now);
  } catch (err) {
    // The account is deleted and the member is told so; the other services' copies wait for the event.
    deps.logger.error(
      { err, userId: user.id },
      'account deleted, but userDeleted was not published: publish it again for this user id',
    );
  }
}

async function confirmOwner(
  deps: AuthDeps,
  user: UserRow,
  confirmation: DeletionConfirmation,
  now: Date,
): Promise<void> {
  if ('password' in confirmation) {
    await confirmPasswordBehindSession(
      deps,
      user,
      confirmation.password,
      confirmation.clientAddress ?? null,
      () => AppError.badRequest(Msg.deleteAccountWrongPassword, ErrorCode.INVALID_CREDENTIALS),
    );
    return;
  }
  const refuse = (reason: string) => {
    deps.logger.warn({ reason, userId: user.id }, 'account deletion: google confirmation refused');
    return AppError.badRequest(Msg.deleteAccountGoogleFailed, ErrorCode.INVALID_CREDENTIALS);
  };
  let identity: GoogleIdentity;
  try {
    identity = await deps.verifyGoogle(confirmation.googleCredential);
  } catch (err) {
    throw refuse(googleRefusalReason(err));
  }
  if (!user.googleSub || identity.sub !== user.googleSub) throw refuse('other_google_account');
  const age = now.getTime() - identity.issuedAt.getTime();
  if (age > GOOGLE_CONFIRMATION_MAX_AGE_MS || age < -CLOCK_SKEW_MS) throw refuse('not_fresh');
}
