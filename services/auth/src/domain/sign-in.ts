import { ErrorCode, Events, Jobs, Msg } from '@app/contracts';
import { AppError } from '@app/kit';
import { sessionFor, type AuthDeps, type Session } from './deps.js';
import { passwordMatches } from './passwords.js';
import type { UserRow } from './ports.js';
import { hashAddress } from './secrets.js';

const FAILURE = 'sign-in-failure';

/**
 * Email and password sign-in, with failures limited so that nobody can lock an owner out (auth/README.md, "Abuse
 * limits"): per email from one address and per address whatever the email (answered 429 before any password is
 * compared), and a slow ceiling per email from every address that still lets in an address the account has signed in
 * from. The owner is emailed once an hour when the failures against the account reach LOGIN_ALERT_AFTER_FAILURES.
 * The password is checked before the activation state so that an inactive account reveals itself only to someone who
 * knows its password.
 */
export async function signIn(
  deps: AuthDeps,
  email: string,
  password: string,
  clientAddress: string | null,
): Promise<Session> {
  const c = deps.config;
  const address = hashAddress(clientAddress);
  const tries = deps.repos.attempts;
  // Recorded before anything is counted or compared: of a burst of simultaneous attempts each counts itself and those
  // before it, so no burst gets more password comparisons than the limits allow. Taken back when the password is right.
  const attempt = await tries.record(FAILURE, email, address);
  const [fromHere, fromAddress, forEmail] = await Promise.all([
    tries.count(FAILURE, { email, addressHash: address }, c.LOGIN_FAILURE_WINDOW_MINUTES),
    tries.count(FAILURE, { addressHash: address }, c.LOGIN_FAILURE_WINDOW_MINUTES),
    tries.count(FAILURE, { email }, c.LOGIN_EMAIL_WINDOW_MINUTES),
  ]);
  if (fromHere > c.LOGIN_MAX_FAILURES_PER_EMAIL_ADDRESS || fromAddress > c.LOGIN_MAX_FAILURES_PER_ADDRESS)
    throw new AppError(429, ErrorCode.RATE_LIMITED, Msg.loginRateLimited);
  const user = await deps.repos.users.byEmail(email);
  if (
    forEmail > c.LOGIN_MAX_FAILURES_PER_EMAIL &&
    !(user && (await deps.repos.knownAddresses.has(user.id, address)))
  )
    throw new AppError(429, ErrorCode.RATE_LIMITED, Msg.loginRateLimited);
  // Compared even without an account, so the answer time does not tell which emails exist.
  const matches = await passwordMatches(deps.passwords, password, user?.passwordHash ?? null, c.BCRYPT_COST);
  if (!user || !matches) {
    if (user && forEmail >= c.LOGIN_ALERT_AFTER_FAILURES) await alertOwner(deps, user, forEmail);
    await deps.bus.publishEvent(Events.loginFailed, { email, reason: 'credentials' }, attempt);
    throw AppError.unauthorized(Msg.loginFailed, ErrorCode.INVALID_CREDENTIALS);
  }
  if (!user.active) {
    await tries.forget(attempt);
    await deps.bus.publishEvent(Events.loginFailed, { email, reason: 'inactive' }, attempt);
    throw new AppError(403, ErrorCode.ACCOUNT_INACTIVE, Msg.accountNotActivated);
  }
  await tries.clear(FAILURE, email, address);
  await deps.repos.knownAddresses.remember(user.id, address);
  return sessionFor(deps, user);
}

/**
 * Tells the owner that the account is seeing many failed sign-ins, at most once an hour: the mail id names the hour,
 * and mail keeps one row per id (a repeat inside the hour is dropped there, or by JetStream within its window).
 */
async function alertOwner(deps: AuthDeps, user: UserRow, failures: number): Promise<void> {
  const hour = new Date().toISOString().slice(0, 13);
  const mailId = `sign-in-alert:${user.id}:${hour}`;
  await deps.bus.publish(
    Jobs.sendMail,
    {
      mailId,
      to: user.email,
      template: 'sign-in-alert',
      data: { fullname: user.fullname, failures: String(failures) },
    },
    { msgID: mailId },
  );
}
