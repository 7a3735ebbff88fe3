import { ErrorCode, Msg, PlatformMessages } from '@app/contracts';
import { AppError } from '@app/kit';
import type { AuthDeps } from './deps.js';
import { sendPasswordLink, takeEmailedLinkTurn } from './emailed-links.js';
import { hashAddress } from './secrets.js';

/**
 * A signed-in account without a password (created with Google) asks to create one. No current password
 * can be asked, so the account's email confirms: a single-use link (1 hour, a recovery token, only its hash stored)
 * to the new-password page, whose use sets the password and ends the older sessions. A stolen session token alone
 * therefore cannot give an account a password. Limited like recovery; answers the address it was sent to.
 */
export async function sendPasswordSetupLink(
  deps: AuthDeps,
  userId: string,
  clientAddress: string | null,
): Promise<{ email: string }> {
  const user = await deps.store.users.byId(userId);
  if (!user || user.deletedAt) throw AppError.unauthorized(PlatformMessages.unauthorized);
  if (user.passwordHash) throw AppError.conflict(Msg.passwordSetupNotNeeded);
  if (!(await takeEmailedLinkTurn(deps, user.email, hashAddress(clientAddress))))
    throw new AppError(429, ErrorCode.RATE_LIMITED, Msg.passwordSetupRateLimited);
  await sendPasswordLink(deps, user, 'password-setup');
  return { email: user.email };
}
