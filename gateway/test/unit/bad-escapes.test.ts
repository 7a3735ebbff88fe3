import { describe, expect, it } from 'vitest';
import { hasBadEscape } from '../../src/bad-escapes.js';

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
