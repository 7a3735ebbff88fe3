import { describe, expect, it } from 'vitest';
import { isTokenExpired } from '../../src/session/token';

const base64Url = (text: string) =>
  Buffer.from(text, 'utf8').toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const jwt = (claims: object) =>
  `${base64Url('{"alg":"HS256","typ":"JWT"}')}.${base64Url(JSON.stringify(claims))}.sig`;

const now = Date.UTC(2025, 5, 1, 12, 0, 0);
const nowSeconds = now / 1000;

describe('isTokenExpired', () => {
  it('accepts a token whose exp is still ahead', () => {
    expect(isTokenExpired(jwt({ sub: 'u1', exp: nowSeconds + 60 }), now)).toBe(false);
  });

  it('rejects a token whose exp has passed', () => {
    expect(isTokenExpired(jwt({ sub: 'u1', exp: nowSeconds - 1 }), now)).toBe(true);
  });

  it('compares in milliseconds: a token expiring this very millisecond is still valid', () => {
    expect(isTokenExpired(jwt({ exp: nowSeconds }), now)).toBe(false);
    expect(isTokenExpired(jwt({ exp: nowSeconds }), now + 1)).toBe(true);
  });

  it('treats a token without exp as expired', () => {
    expect(isTokenExpired(jwt({ sub: 'u1' }), now)).toBe(true);
    expect(isTokenExpired(jwt({ exp: 'tomorrow' }), now)).toBe(true);
  });

  it('treats anything that is not a decodable JWT as expired', () => {
    expect(isTokenExpired('', now)).toBe(true);
    expect(isTokenExpired('no-dots', now)).toBe(true);
    expect(isTokenExpired('a.%%%.c', now)).toBe(true);
    expect(isTokenExpired(`a.${base64Url('not json')}.c`, now)).toBe(true);
    expect(isTokenExpired(`a.${base64Url('null')}.c`, now)).toBe(true);
  });

  it('decodes base64url payloads with non-ASCII claims', () => {
    expect(isTokenExpired(jwt({ fullname: 'João Conceição ÿ?>', exp: nowSeconds + 1 }), now)).toBe(false);
  });

  it('uses the current time by default', () => {
    expect(isTokenExpired(jwt({ exp: Math.floor(Date.now() / 1000) + 3600 }))).toBe(false);
    expect(isTokenExpired(jwt({ exp: Math.floor(Date.now() / 1000) - 3600 }))).toBe(true);
  });
});
