import { ErrorCode } from '@app/contracts';
import { AppError } from '@app/kit';
import type { AuthDeps } from './deps.js';
import { confirmPasswordWithEmailedCode } from './password-attempts.js';
import type { UserRow } from './ports.js';
import { isBoundSecret } from './secrets.js';

/** How the opener of an emailed link shows that its account is theirs. */
export interface LinkConfirmation {
  /** The secret of the browser that asked for the link (its SHA-256 went with that request as the nonce). */
  verifier?: string;
  /** The account's password. */
  password?: string;
}

/**
 * The account an emailed link is for, as it is named to whoever opened the link before they prove it is theirs: the
 * first two letters of the address (one when it is short), then the domain, `ma***@exemplo.com.br`.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  const local = email.slice(0, at);
  return `${local.slice(0, local.length > 3 ? 2 : 1)}***${email.slice(at)}`;
}

/**
 * Against login CSRF (signed out): an emailed link (activation, sign-in) signs in at once only in the browser that
 * asked for it, whose secret hashes to `binding`. Opened anywhere else it signs in to nothing until the account's
 * password is typed: without one, 403 CONFIRMATION_REQUIRED with `ask` naming the account (its email partly masked);
 * with a wrong one, 401 `wrong` (counted like a sign-in). Nothing is used up either way.
 */
export async function confirmLinkOwner(
  deps: AuthDeps,
  user: UserRow,
  binding: string | null,
  proof: LinkConfirmation,
  clientAddress: string | null,
  texts: { ask: (maskedEmail: string) => string; wrong: string },
): Promise<void> {
  if (isBoundSecret(proof.verifier, binding)) return;
  if (proof.password === undefined)
    throw new AppError(403, ErrorCode.CONFIRMATION_REQUIRED, texts.ask(maskEmail(user.email)));
  await confirmPasswordWithEmailedCode(deps, user, proof.password, clientAddress, () =>
    AppError.unauthorized(texts.wrong, ErrorCode.INVALID_CREDENTIALS),
  );
}
