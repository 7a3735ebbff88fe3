import { ErrorCode, Jobs, Msg } from '@app/contracts';
import { AppError } from '@app/kit';
import type { AuthDeps } from './deps.js';
import { passwordMatches } from './passwords.js';
import type { UserRow } from './ports.js';
import { hashAddress } from './secrets.js';

/** Every password compared against an account counts as this kind of attempt: sign-ins and checks behind a session. */
export const PASSWORD_FAILURE = 'sign-in-failure';

export interface CountedAttempt {
  /** The recorded attempt (taken back when the password turns out right). */
  id: string;
  /** Failures against the email from every address within LOGIN_EMAIL_WINDOW_MINUTES, this one included. */
  forEmail: number;
  /**
   * Past the per-email ceiling from an address the account never signed in from: no password may be compared (a
   * sign-in is offered the emailed link instead: sign-in-link.ts).
   */
  pastCeiling: boolean;
}

/**
 * The abuse limits of every password check (auth/README.md, "Abuse limits"), for a sign-in and for the checks behind a
 * session (changePassword, deleteMyAccount: a stolen token must not become a stolen password). The attempt is
 * recorded before anything is counted or compared: of a burst of simultaneous attempts each counts itself and those
 * before it, so no burst gets more comparisons than the limits. Past LOGIN_MAX_FAILURES_PER_EMAIL_ADDRESS for one
 * (email, address) or LOGIN_MAX_FAILURES_PER_ADDRESS for one address: 429 with `rateLimitedMessage`, before any
 * comparison.
 */
export async function countPasswordAttempt(
  deps: AuthDeps,
  email: string,
  addressHash: string,
  user: UserRow | null,
  rateLimitedMessage: string,
): Promise<CountedAttempt> {
  const c = deps.config;
  const tries = deps.store.attempts;
  const id = await tries.record(PASSWORD_FAILURE, email, addressHash);
  const [fromHere, fromAddress, forEmail] = await Promise.all([
    tries.count(PASSWORD_FAILURE, { email, addressHash }, c.LOGIN_FAILURE_WINDOW_MINUTES),
    tries.count(PASSWORD_FAILURE, { addressHash }, c.LOGIN_FAILURE_WINDOW_MINUTES),
    tries.count(PASSWORD_FAILURE, { email }, c.LOGIN_EMAIL_WINDOW_MINUTES),
  ]);
  if (fromHere > c.LOGIN_MAX_FAILURES_PER_EMAIL_ADDRESS || fromAddress > c.LOGIN_MAX_FAILURES_PER_ADDRESS)
    throw new AppError(429, ErrorCode.RATE_LIMITED, rateLimitedMessage);
  const pastCeiling =
    forEmail > c.LOGIN_MAX_FAILURES_PER_EMAIL &&
    !(user && (await deps.store.knownAddresses.has(user.id, addressHash)));
  return { id, forEmail, pastCeiling };
}

/**
 * A wrong password against an existing account: at LOGIN_ALERT_AFTER_FAILURES failures the owner is emailed, at most
 * once an hour (the mail id names the hour, and mail keeps one row per id).
 */
export async function passwordFailed(deps: AuthDeps, user: UserRow, forEmail: number): Promise<void> {
  if (forEmail < deps.config.LOGIN_ALERT_AFTER_FAILURES) return;
  const hour = new Date().toISOString().slice(0, 13);
  const mailId = `sign-in-alert:${user.id}:${hour}`;
  await deps.bus.publish(
    Jobs.sendMail,
    {
      mailId,
      to: user.email,
      template: 'sign-in-alert',
      data: { fullname: user.fullname, failures: String(forEmail) },
    },
    { msgID: mailId },
  );
}

/**
 * A password check behind a session (changePassword, deleteMyAccount): counted like a sign-in, so a stolen session
 * token takes no more guesses than a stranger at the sign-in screen. Past the limits, or past the
 * per-email ceiling from an address the account never signed in from, 429 (`Msg.passwordChecksRateLimited`) before
 * any comparison; a wrong password counts towards the owner's alert and throws `wrong`; a right one is taken back.
 */
export async function confirmPasswordBehindSession(
  deps: AuthDeps,
  user: UserRow,
  password: string,
  clientAddress: string | null,
  wrong: () => AppError,
): Promise<void> {
  await confirmCountedPassword(deps, user, password, clientAddress, wrong, { heldToCeiling: true });
}

/**
 * A password check only the holder of an emailed code can make (an activation link, or a sign-in link, opened in a
 * browser that did not ask for it). Counted like a sign-in (429 past the per-(email, address) or
 * per-address limit, wrong ones towards the owner's alert), but not held to the per-email ceiling: the code is the
 * proof of the inbox that the ceiling asks for (sign-in-link.ts).
 */
export async function confirmPasswordWithEmailedCode(
  deps: AuthDeps,
  user: UserRow,
  password: string,
  clientAddress: string | null,
  wrong: () => AppError,
): Promise<void> {
  await confirmCountedPassword(deps, user, password, clientAddress, wrong, { heldToCeiling: false });
}

async function confirmCountedPassword(
  deps: AuthDeps,
  user: UserRow,
  password: string,
  clientAddress: string | null,
  wrong: () => AppError,
  { heldToCeiling }: { heldToCeiling: boolean },
): Promise<void> {
  const attempt = await countPasswordAttempt(
    deps,
    user.email,
    hashAddress(clientAddress),
    user,
    Msg.passwordChecksRateLimited,
  );
  if (heldToCeiling && attempt.pastCeiling)
    throw new AppError(429, ErrorCode.RATE_LIMITED, Msg.passwordChecksRateLimited);
  if (!(await passwordMatches(deps.passwords, password, user.passwordHash, deps.config.BCRYPT_COST))) {
    await passwordFailed(deps, user, attempt.forEmail);
    throw wrong();
  }
  await deps.store.attempts.forget(attempt.id);
}
