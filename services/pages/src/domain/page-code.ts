import { randomBytes } from 'node:crypto';

/** 128 random bits, URL-safe: a page code cannot be guessed, so it never reveals someone else's page. */
export const newPageCode = (): string => randomBytes(16).toString('base64url');

/** The generator's seed: stored with the page so the same code always renders the same problems. */
export const newPageSeed = (): string => randomBytes(16).toString('hex');
