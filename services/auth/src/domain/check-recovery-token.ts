import { ErrorCode, Msg } from '@app/contracts';
import { AppError } from '@app/kit';
import type { AuthDeps } from './deps.js';
import { hashSecret } from './secrets.js';

/** Lets the new-password page know before showing its form whether the link still works (it is not consumed). */
export async function checkRecoveryToken(deps: AuthDeps, recoveryToken: string): Promise<void> {
  if (!(await deps.store.codes.isUsable(hashSecret(recoveryToken), 'recovery'))) {
    throw AppError.badRequest(Msg.recoveryTokenInvalid, ErrorCode.INVALID_TOKEN);
  }
}
