import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 256 random bits, URL-safe: the secret goes in the emailed link, only its hash is stored. */
export function newOneTimeSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString('base64url');
  return { secret, hash: hashSecret(secret) };
}

export const hashSecret = (secret: string): string =>
  createHash('sha256').update(secret, 'utf8').digest('hex');

export const ACTIVATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const RECOVERY_TTL_MS = 60 * 60 * 1000;

/**
 * The caller's address as the abuse limits keep it: a hash, never the address itself (personal data under the LGPD).
 * Requests that did not come through the gateway (no signed address) share one bucket.
 */
export const hashAddress = (address: string | null): string => hashSecret(`address:${address ?? 'unknown'}`);

/** A nonce as the SPA makes it: base64url of a SHA-256 (32 bytes, 43 characters). */
const NONCE = /^[A-Za-z0-9_-]{43}$/;

/**
 * What a browser's nonce binds a code (or a pending sign-up) to: the SHA-256 (hex) of the secret the browser keeps,
 * which the nonce carries as base64url (Google's redirect mode; the links a browser asks to be emailed).
 * Null when there is no nonce of that form (no browser of ours asked).
 */
export function nonceBinding(nonce: string | null | undefined): string | null {
  if (!nonce || !NONCE.test(nonce)) return null;
  return Buffer.from(nonce, 'base64url').toString('hex');
}

/** Whether `verifier` is the secret whose SHA-256 is `binding` (compared in constant time); false without either. */
export function isBoundSecret(verifier: string | undefined, binding: string | null): boolean {
  if (!verifier || !binding) return false;
  const shown = Buffer.from(hashSecret(verifier), 'hex');
  const kept = Buffer.from(binding, 'hex');
  return shown.length === kept.length && timingSafeEqual(shown, kept);
}
