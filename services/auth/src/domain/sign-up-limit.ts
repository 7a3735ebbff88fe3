import { ErrorCode, Msg, PlatformMessages } from '@app/contracts';
import { AppError } from '@app/kit';
import type { AuthDeps } from './deps.js';

/**
 * A sign-up's turn: each may email an inbox the caller names (a new account's activation link, or the
 * owner's notice), so they are counted per caller address in the limits every auth replica shares (ACTIVATION_MAILS:
 * SIGN_UPS_PER_ADDRESS_PER_HOUR), before anything else, whether or not the email has an account (a refusal tells
 * nobody who has one). Past it, 429 `Msg.signUpsFromAddressRateLimited`; with the limits' store out of reach, 503:
 * no mail goes out uncounted.
 */
export async function takeSignUpTurn(
  deps: Pick<AuthDeps, 'limits'>,
  clientAddress: string | null,
): Promise<void> {
  const taken = await deps.limits.take('ACTIVATION_MAILS', clientAddress ?? 'unknown', 'refuse');
  if (taken.ok) return;
  throw taken.reason === 'full'
    ? new AppError(429, ErrorCode.RATE_LIMITED, Msg.signUpsFromAddressRateLimited)
    : new AppError(503, ErrorCode.SERVICE_UNAVAILABLE, PlatformMessages.unavailable);
}
