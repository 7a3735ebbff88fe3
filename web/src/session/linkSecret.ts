import { newSecret, nonceOf } from './browserSecret';

/**
 * The browser's secret for the links it asks to be emailed: a sign-up's activation link, the sign-in link
 * offered past the ceiling of failed sign-ins. The request carries its nonce; the link, opened in this browser (in any
 * tab: localStorage, and kept across sessions, as the inbox may be read days later), is redeemed with the secret and
 * goes straight in. Opened in another browser it finds no secret, names its account and asks for the password, so
 * someone else's link signs nobody in without a word.
 */
const LINK_SECRET_KEY = 'linkSecret';

/** The nonce to send with a request that may email a link (the secret is made once and kept). */
export async function linkNonce(): Promise<string> {
  let secret = localStorage.getItem(LINK_SECRET_KEY);
  if (!secret) {
    secret = newSecret();
    localStorage.setItem(LINK_SECRET_KEY, secret);
  }
  return nonceOf(secret);
}

/** The secret to redeem an emailed link with, when this browser has one (it asked for some link before). */
export function linkVerifier(): string | undefined {
  return localStorage.getItem(LINK_SECRET_KEY) ?? undefined;
}
