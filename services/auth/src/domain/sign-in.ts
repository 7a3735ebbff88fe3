import { ErrorCode, Events, Msg } from '@app/contracts';
import { AppError } from '@app/kit';
import { sessionFor, type AuthDeps, type Session } from './deps.js';
import { countPasswordAttempt, PASSWORD_FAILURE, passwordFailed } from './password-attempts.js';
import { passwordMatches } from './passwords.js';
import { hashAddress, nonceBinding } from './secrets.js';
import { offerSignInLink } from './sign-in-link.js';

/**
 * Email and password sign-in, with failures limited so that nobody can lock an owner out (auth/README.md, "Abuse
 * limits"): per email from one address and per address whatever the email (answered 429 before any password is
 * compared: password-attempts.ts), and a slow ceiling per email from every address past which an address the account
 * has signed in from still gets in, and any other is offered a sign-in link by email instead of a comparison (the
 * answer is then null: sign-in-link.ts). The owner is emailed once an hour when the failures against the account reach
 * LOGIN_ALERT_AFTER_FAILURES. The password is checked before the activation state so that an inactive account reveals
 * itself only to someone who knows its password. `nonce`: the SHA-256 of the secret of the browser signing in; an
 * emailed link offered to it signs in at once in that browser only.
 */
export async function signIn(
  deps: AuthDeps,
  email: string,
  password: string,
  clientAddress: string | null,
  nonce?: string,
): Promise<Session | null> {
  const address = hashAddress(clientAddress);
  const user = await deps.store.users.byEmail(email);
  const attempt = await countPasswordAttempt(deps, email, address, user, Msg.loginRateLimited);
  if (attempt.pastCeiling) {
    // The same answer whether or not the email has an account: the link goes only to an owner.
    await offerSignInLink(deps, user, nonceBinding(nonce));
    return null;
  }
  // Compared even without an account, so the answer time does not tell which emails exist.
  const matches = await passwordMatches(
    deps.passwords,
    password,
    user?.passwordHash ?? null,
    deps.config.BCRYPT_COST,
  );
  if (!user || !matches) {
    if (user) await passwordFailed(deps, user, attempt.forEmail);
    await deps.bus.publishEvent(Events.loginFailed, { email, reason: 'credentials' }, attempt.id);
    throw AppError.unauthorized(Msg.loginFailed, ErrorCode.INVALID_CREDENTIALS);
  }
  const tries = deps.store.attempts;
  if (!user.active) {
    await tries.forget(attempt.id);
    await deps.bus.publishEvent(Events.loginFailed, { email, reason: 'inactive' }, attempt.id);
    throw new AppError(403, ErrorCode.ACCOUNT_INACTIVE, Msg.accountNotActivated);
  }
  await tries.clear(PASSWORD_FAILURE, email, address);
  await deps.store.knownAddresses.remember(user.id, address);
  return sessionFor(deps, user);
}
