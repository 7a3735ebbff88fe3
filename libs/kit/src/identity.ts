import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Role } from '@app/contracts';

/** Headers the gateway sets after checking a session. Services trust them only with a valid signature. */
export const IdentityHeaders = {
  userId: 'x-user-id',
  role: 'x-user-role',
  signature: 'x-gateway-signature',
} as const;

export interface Identity {
  userId: string;
  role: Role;
}

/** The gateway's HMAC over some header values and the request id, one per line. */
const sign = (secret: string, ...lines: string[]) =>
  createHmac('sha256', secret).update(lines.join('\n')).digest('base64url');

/** Whether `signature` is the gateway's over these lines (compared in constant time). */
function signedBy(secret: string, signature: string, ...lines: string[]): boolean {
  const expected = Buffer.from(sign(secret, ...lines));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export function identityHeaders(secret: string, id: Identity, requestId: string): Record<string, string> {
  return {
    [IdentityHeaders.userId]: id.userId,
    [IdentityHeaders.role]: id.role,
    [IdentityHeaders.signature]: sign(secret, id.userId, id.role, requestId),
  };
}

/** Returns the identity only when the gateway's signature over (user, role, request id) checks out. */
export function verifyIdentity(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  requestId: string,
): Identity | null {
  const userId = headers[IdentityHeaders.userId];
  const role = headers[IdentityHeaders.role];
  const signature = headers[IdentityHeaders.signature];
  if (typeof userId !== 'string' || typeof signature !== 'string') return null;
  if (role !== 'user' && role !== 'admin') return null;
  return signedBy(secret, signature, userId, role, requestId) ? { userId, role } : null;
}

/**
 * The caller's network address as the gateway saw it (after TRUST_PROXY), for limits that count per address (failed
 * sign-ins, recovery emails). Set on every proxied request and signed like the identity, so a caller cannot name
 * another address.
 */
export const ClientAddressHeaders = {
  address: 'x-client-address',
  signature: 'x-client-address-signature',
} as const;

export function clientAddressHeaders(
  secret: string,
  address: string,
  requestId: string,
): Record<string, string> {
  return {
    [ClientAddressHeaders.address]: address,
    [ClientAddressHeaders.signature]: sign(secret, 'address', address, requestId),
  };
}

/** The address the gateway vouched for, or null (no header, or a signature that does not check out). */
export function verifyClientAddress(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  requestId: string,
): string | null {
  const address = headers[ClientAddressHeaders.address];
  const signature = headers[ClientAddressHeaders.signature];
  if (typeof address !== 'string' || typeof signature !== 'string' || address.length > 64) return null;
  return signedBy(secret, signature, 'address', address, requestId) ? address : null;
}
