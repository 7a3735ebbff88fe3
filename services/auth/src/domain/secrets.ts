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
