import { ErrorCode, Msg } from '@app/contracts';
import { AppError } from '@app/kit';
import { sessionFor, type AuthDeps, type Session } from './deps.js';
import { googleAccount } from './sign-in-google.js';
import { hashSecret, newOneTimeSecret, nonceBinding } from './secrets.js';

/** How long the gateway's one-time Google code lives: the SPA redeems it as soon as the 303 lands. */
export const GOOGLE_CODE_TTL_MS = 2 * 60 * 1000;

/**
 * Google's redirect mode. Google posts the credential to the site (the gateway checks its CSRF cookie and
 * calls this); the answer is not a session but a one-time code (2 minutes; only its SHA-256 kept), bound to the
 * credential's `nonce`. The SPA put that nonce in Google's button: the SHA-256 of a secret it keeps in the tab's
 * sessionStorage. A link carrying someone else's code (or session) therefore signs nobody in: only the tab that
 * started the sign-in can redeem it (redeemGoogleSignInCode).
 */
export async function issueGoogleSignInCode(deps: AuthDeps, credential: string): Promise<{ code: string }> {
  const { user, identity } = await googleAccount(deps, credential, (id) =>
    nonceBinding(id.nonce) ? null : 'no_nonce',
  );
  const boundTo = nonceBinding(identity.nonce)!;
  const code = newOneTimeSecret();
  await deps.store.codes.insert(
    code.hash,
    user.id,
    'google-sign-in',
    new Date(Date.now() + GOOGLE_CODE_TTL_MS),
    boundTo,
  );
  return { code: code.secret };
}

/**
 * The SPA's same-origin POST back from Google: the code and the tab's secret. A code without the secret it is bound
 * to, used, expired or unknown signs nobody in (and an unmatched secret leaves the code as it was: no guessing game,
 * the secret is 256 random bits).
 */
export async function redeemGoogleSignInCode(
  deps: AuthDeps,
  code: string,
  verifier: string,
): Promise<Session> {
  const userId = await deps.store.codes.consume(hashSecret(code), 'google-sign-in', hashSecret(verifier));
  const user = userId ? await deps.store.users.byId(userId) : null;
  if (!user || !user.active || user.deletedAt)
    throw AppError.badRequest(Msg.googleFailed, ErrorCode.INVALID_TOKEN);
  return sessionFor(deps, user);
}
