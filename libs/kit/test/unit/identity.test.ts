import { describe, expect, it } from 'vitest';
import {
  clientAddressHeaders,
  identityHeaders,
  verifyClientAddress,
  verifyIdentity,
} from '../../src/identity.js';
import { requestIdFrom } from '../../src/context.js';

const secret = 'k'.repeat(40);

describe('gateway identity headers', () => {
  it('round-trips a signed identity for the same request', () => {
    const headers = identityHeaders(secret, { userId: 'u1', role: 'admin' }, 'req-1');
    expect(verifyIdentity(secret, headers, 'req-1')).toEqual({ userId: 'u1', role: 'admin' });
  });

  it('refuses a forged role, another user, another request, another key or no signature', () => {
    const headers = identityHeaders(secret, { userId: 'u1', role: 'user' }, 'req-1');
    expect(verifyIdentity(secret, { ...headers, 'x-user-role': 'admin' }, 'req-1')).toBeNull();
    expect(verifyIdentity(secret, { ...headers, 'x-user-id': 'u2' }, 'req-1')).toBeNull();
    expect(verifyIdentity(secret, headers, 'req-2')).toBeNull();
    expect(verifyIdentity('o'.repeat(40), headers, 'req-1')).toBeNull();
    expect(verifyIdentity(secret, { 'x-user-id': 'u1', 'x-user-role': 'user' }, 'req-1')).toBeNull();
  });
});

describe('request ids', () => {
  it('keeps a sane incoming id and replaces anything else', () => {
    expect(requestIdFrom('abc-123')).toBe('abc-123');
    expect(requestIdFrom('bad id\nwith newline')).not.toContain('\n');
    expect(requestIdFrom(undefined)).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("the caller's address the gateway vouches for", () => {
  const secret = 's'.repeat(40);
  it('verifies its own signature, for this request only', () => {
    const headers = clientAddressHeaders(secret, '203.0.113.7', 'req-1');
    expect(verifyClientAddress(secret, headers, 'req-1')).toBe('203.0.113.7');
    expect(verifyClientAddress(secret, headers, 'req-2')).toBeNull();
    expect(verifyClientAddress('o'.repeat(40), headers, 'req-1')).toBeNull();
  });

  it('refuses another address under the signature, or none at all', () => {
    const headers = clientAddressHeaders(secret, '203.0.113.7', 'req-1');
    expect(verifyClientAddress(secret, { ...headers, 'x-client-address': '10.0.0.1' }, 'req-1')).toBeNull();
    expect(verifyClientAddress(secret, { 'x-client-address': '10.0.0.1' }, 'req-1')).toBeNull();
    expect(verifyClientAddress(secret, {}, 'req-1')).toBeNull();
  });
});
