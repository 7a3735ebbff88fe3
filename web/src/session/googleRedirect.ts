import { GOOGLE_VERIFIER_KEY } from '@app/contracts';

/**
 * The tab's secret for Google's redirect mode (issue 23). Before Google is opened the SPA keeps 32 random bytes in
 * sessionStorage (this tab only) and gives Google their SHA-256 as the sign-in's `nonce`; Google puts it in the
 * credential, auth binds the one-time code it answers to it, and back on /login/google the SPA redeems the code with
 * the secret. A `/login/google#…` link someone else made finds no secret here (or not theirs), so it signs nobody in.
 */

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** The secret of the sign-in this tab is about to start (made once, kept until it is used). */
export function googleVerifier(): string {
  const kept = sessionStorage.getItem(GOOGLE_VERIFIER_KEY);
  if (kept) return kept;
  const made = base64url(crypto.getRandomValues(new Uint8Array(32)));
  sessionStorage.setItem(GOOGLE_VERIFIER_KEY, made);
  return made;
}

/** The nonce Google carries for this tab: base64url(SHA-256(secret)). */
export async function googleNonce(): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(googleVerifier()));
  return base64url(new Uint8Array(digest));
}

/** The secret, once: the sign-in it belonged to is over whatever the answer. Null when this tab started none. */
export function takeGoogleVerifier(): string | null {
  const kept = sessionStorage.getItem(GOOGLE_VERIFIER_KEY);
  sessionStorage.removeItem(GOOGLE_VERIFIER_KEY);
  return kept;
}
