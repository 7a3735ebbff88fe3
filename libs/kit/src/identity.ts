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

const sign = (secret: string, id: Identity, requestId: string) =>
  createHmac('sha256', secret).update(`${id.userId}\n${id.role}\n${requestId}`).digest('base64url');

export function identityHeaders(secret: string, id: Identity, requestId: string): Record<string, string> {
  return {
    [IdentityHeaders.userId]: id.userId,
    [IdentityHeaders.role]: id.role,
    [IdentityHeaders.signature]: sign(secret, id, requestId),
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
  const expected = Buffer.from(sign(secret, { userId, role }, requestId));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { userId, role };
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

const signAddress = (secret: string, address: string, requestId: string) =>
  createHmac('sha256', secret).update(`address\n${address}\n${requestId}`).digest('base64url');

export function clientAddressHeaders(
  secret: string,
  address: string,
  requestId: string,
): Record<string, string> {
  return {
    [ClientAddressHeaders.address]: address,
    [ClientAddressHeaders.signature]: signAddress(secret, address, requestId),
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
  const expected = Buffer.from(signAddress(secret, address, requestId));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return address;
}
