import { ErrorCode, Events, Msg } from '@app/contracts';
import { AppError } from '@app/kit';
import { loginFailures, users } from '../persistence/repositories.js';
import { publishEvent, sessionFor, type AuthDeps, type Session } from './deps.js';
import { passwordMatches } from './passwords.js';

/**
 * Email and password sign-in. Too many failures for one email within the window answer 429 before any password
 * is compared (a guesser learns nothing more); the password is checked before the activation state so that an
 * inactive account reveals itself only to someone who knows its password.
 */
export async function signIn(deps: AuthDeps, email: string, password: string): Promise<Session> {
  const { LOGIN_MAX_FAILURES_PER_EMAIL: maxFailures, LOGIN_FAILURE_WINDOW_MINUTES: window } = deps.config;
  const failures = loginFailures(deps.db.manager);
  if ((await failures.count(email, window)) >= maxFailures) {
    throw new AppError(429, ErrorCode.RATE_LIMITED, Msg.loginRateLimited);
  }
  const user = await users(deps.db.manager).byEmail(email);
  // Compared even without an account, so the answer time does not tell which emails exist.
  const matches = await passwordMatches(
    deps.passwords,
    password,
    user?.passwordHash ?? null,
    deps.config.BCRYPT_COST,
  );
  if (!user || !matches) {
    await failures.record(email, window);
    await publishEvent(deps, Events.loginFailed, { email, reason: 'credentials' });
    throw AppError.unauthorized(Msg.loginFailed, ErrorCode.INVALID_CREDENTIALS);
  }
  if (!user.active) {
    await publishEvent(deps, Events.loginFailed, { email, reason: 'inactive' });
    throw new AppError(403, ErrorCode.ACCOUNT_INACTIVE, Msg.accountNotActivated);
  }
  await failures.clear(email);
  return sessionFor(deps, user);
}
