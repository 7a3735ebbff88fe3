import { describe, expect, it } from 'vitest';
import { csrfTokensMatch, readCookie } from '../../src/google-form-post.js';

describe("Google's g_csrf_token double-submit check", () => {
  it('accepts only a cookie and a form field that are both present and equal', () => {
    expect(csrfTokensMatch('a1b2c3d4e5', 'a1b2c3d4e5')).toBe(true);
    expect(csrfTokensMatch('a1b2c3d4e5', 'a1b2c3d4e6')).toBe(false);
    expect(csrfTokensMatch('a1b2c3d4e5', 'a1b2c3d4e5f')).toBe(false);
    expect(csrfTokensMatch('A1B2C3D4E5', 'a1b2c3d4e5')).toBe(false);
    expect(csrfTokensMatch(undefined, 'a1b2c3d4e5')).toBe(false);
    expect(csrfTokensMatch('a1b2c3d4e5', undefined)).toBe(false);
    expect(csrfTokensMatch('', '')).toBe(false);
    expect(csrfTokensMatch(undefined, undefined)).toBe(false);
  });
});

describe('readCookie', () => {
  it('finds one cookie among others, by its exact name', () => {
    const header = 'theme=dark; g_csrf_token=f00d%2Fbeef; other_g_csrf_token=nope';
    expect(readCookie(header, 'g_csrf_token')).toBe('f00d/beef');
    expect(readCookie('g_csrf_token="quoted"', 'g_csrf_token')).toBe('quoted');
    expect(readCookie('x_g_csrf_token=1', 'g_csrf_token')).toBeUndefined();
    expect(readCookie('g_csrf_token', 'g_csrf_token')).toBeUndefined();
    expect(readCookie(undefined, 'g_csrf_token')).toBeUndefined();
    expect(readCookie('g_csrf_token=%E0%A4%A', 'g_csrf_token')).toBe('%E0%A4%A');
  });
});
