/**
 * The shape of a secret a browser keeps to prove later that it is the one that asked (the Google redirect, the
 * emailed links): 32 random bytes, and the nonce sent with the request, base64url(SHA-256(secret)). The
 * server keeps only the nonce's bytes; only the browser that holds the secret can show it back.
 */

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

export const newSecret = (): string => base64url(crypto.getRandomValues(new Uint8Array(32)));

export async function nonceOf(secret: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(secret));
  return base64url(new Uint8Array(digest));
}
