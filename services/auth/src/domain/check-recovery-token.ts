import { ErrorCode, Msg } from '@app/contracts';
import { AppError } from '@app/kit';
import type { AuthDeps } from './deps.js';
import { maskEmail } from './link-confirmation.js';
import { hashSecret } from './secrets.js';

/**
 * Lets the new-password page know before showing its form whether the link still works (it is not consumed), and
 * which account it sets a password for (a link someone else sent names its account; the email partly
 * masked, as it is shown to whoever holds the link).
 */
export async function inspectRecoveryToken(
  deps: AuthDeps,
  recoveryToken: string,
): Promise<{ email: string }> {
  const found = await deps.store.codes.findUsable(hashSecret(recoveryToken), 'recovery');
  const user = found ? await deps.store.users.byId(found.userId) : null;
  if (!user || user.deletedAt) throw AppError.badRequest(Msg.recoveryTokenInvalid, ErrorCode.INVALID_TOKEN);
  return { email: maskEmail(user.email) };
}
