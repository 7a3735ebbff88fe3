/**
 * Client-side expiry check: a token without `exp` counts as expired, and `exp` (seconds) is compared
 * in milliseconds with the current time. The signature is the server's business (validateToken).
 */
export function isTokenExpired(token: string, now: number = Date.now()): boolean {
  const exp = readExpiry(token);
  return exp === null || exp * 1000 < now;
}

function readExpiry(token: string): number | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(decodeBase64Url(payload));
    const exp = typeof claims === 'object' && claims !== null ? (claims as { exp?: unknown }).exp : undefined;
    return typeof exp === 'number' && Number.isFinite(exp) ? exp : null;
  } catch {
    return null;
  }
}

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '=');
  const bytes = Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}
