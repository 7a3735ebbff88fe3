import { createHash } from 'node:crypto';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { linkNonce, linkVerifier } from '../../src/session/linkSecret';
import { clearSession } from '../../src/session/storage';
import { MemoryStorage } from './memoryStorage';

let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal('localStorage', storage);
  return () => vi.unstubAllGlobals();
});

describe("the browser's secret for the links it asks to be emailed", () => {
  it('does not exist until a request that may email a link is made', () => {
    expect(linkVerifier()).toBeUndefined();
  });

  it('is made once, sent as its SHA-256 in base64url, and kept for the link (in every tab, after signing out)', async () => {
    const nonce = await linkNonce();
    const secret = linkVerifier()!;
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(nonce).toBe(createHash('sha256').update(secret).digest('base64url'));
    expect(await linkNonce()).toBe(nonce);
    // The account pages forget the session; the browser's secret is not the session's.
    clearSession();
    expect(linkVerifier()).toBe(secret);
  });
});
