import { describe, expect, it } from 'vitest';
import { newPageCode, newPageSeed } from '../../src/domain/page-code.js';

describe('page codes', () => {
  it('carry 128 random bits in URL-safe characters', () => {
    const code = newPageCode();
    expect(code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(Buffer.from(code, 'base64url')).toHaveLength(16);
  });

  it('do not repeat', () => {
    const codes = new Set(Array.from({ length: 10_000 }, newPageCode));
    expect(codes.size).toBe(10_000);
    expect(newPageSeed()).not.toBe(newPageSeed());
  });
});
