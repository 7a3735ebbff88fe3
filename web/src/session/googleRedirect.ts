import { GOOGLE_VERIFIER_KEY } from '@app/contracts';
import { newSecret, nonceOf } from './browserSecret';

/**
 * The tab's secret for Google's redirect mode. Before Google is opened the SPA keeps 32 random bytes in
 * sessionStorage (this tab only) and gives Google their SHA-256 as the sign-in's `nonce`; Google puts it in the
 * credential, auth binds the one-time code it answers to it, and back on /login/google the SPA redeems the code with
 * the secret. A `/login/google#…` link someone else made finds no secret here (or not theirs), so it signs nobody in.
 */

/** The secret of the sign-in this tab is about to start (made once, kept until it is used). */
export function googleVerifier(): string {
  const kept = sessionStorage.getItem(GOOGLE_VERIFIER_KEY);
  if (kept) return kept;
  const made = newSecret();
  sessionStorage.setItem(GOOGLE_VERIFIER_KEY, made);
  return made;
}

/** The nonce Google carries for this tab: base64url(SHA-256(secret)). */
export const googleNonce = (): Promise<string> => nonceOf(googleVerifier());

/** The secret, once: the sign-in it belonged to is over whatever the answer. Null when this tab started none. */
export function takeGoogleVerifier(): string | null {
  const kept = sessionStorage.getItem(GOOGLE_VERIFIER_KEY);
  sessionStorage.removeItem(GOOGLE_VERIFIER_KEY);
  return kept;
}
