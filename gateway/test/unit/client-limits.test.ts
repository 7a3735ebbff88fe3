import { describe, expect, it } from 'vitest';
import { ConcurrentRequests, hasBadEscape } from '../../src/client-limits.js';

describe('requests in progress per client address', () => {
  it('refuses past the limit, per address, and counts each ended request once', () => {
    const limit = new ConcurrentRequests(2);
    const a1 = limit.begin('10.0.0.1')!;
    const a2 = limit.begin('10.0.0.1')!;
    expect(limit.begin('10.0.0.1')).toBeNull();
    expect(limit.begin('10.0.0.2')).not.toBeNull();
    a1();
    a1();
    expect(limit.count('10.0.0.1')).toBe(1);
    expect(limit.begin('10.0.0.1')).not.toBeNull();
    expect(limit.begin('10.0.0.1')).toBeNull();
    a2();
    expect(limit.count('10.0.0.1')).toBe(1);
  });

  it('forgets an address with nothing in progress', () => {
    const limit = new ConcurrentRequests(1);
    limit.begin('::1')!();
    expect(limit.addresses).toBe(0);
  });
});

describe('malformed %-escapes in an address', () => {
  it.each(['/api/answers?x=%', '/api/thumb?code=%zz', '/x?a=%E0%A4%A', '/api/env?%', '/api%2'])(
    '%s is malformed',
    (url) => expect(hasBadEscape(url)).toBe(true),
  );
  it.each(['/api/env', '/api/answers?code=a%20b', '/x?q=%C3%A9&r=%25', '/login?next=%2Fconta'])(
    '%s is not',
    (url) => expect(hasBadEscape(url)).toBe(false),
  );
});
