import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { GOOGLE_VERIFIER_KEY } from '@app/contracts';
import { googleNonce, googleVerifier, takeGoogleVerifier } from '../../src/session/googleRedirect';
import { MemoryStorage } from './memoryStorage';

let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal('sessionStorage', storage);
  return () => vi.unstubAllGlobals();
});

describe('the tab secret of a Google redirect sign-in', () => {
  it('is 32 random bytes kept in sessionStorage, the same until taken, then gone', () => {
    const secret = googleVerifier();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(googleVerifier()).toBe(secret);
    expect(storage.getItem(GOOGLE_VERIFIER_KEY)).toBe(secret);
    expect(takeGoogleVerifier()).toBe(secret);
    expect(takeGoogleVerifier()).toBeNull();
    expect(googleVerifier()).not.toBe(secret);
  });

  it('gives Google its SHA-256 in base64url as the nonce (what auth binds the code to)', async () => {
    const secret = googleVerifier();
    expect(await googleNonce()).toBe(createHash('sha256').update(secret).digest('base64url'));
  });
});
