import { createHash, randomBytes } from 'node:crypto';

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
