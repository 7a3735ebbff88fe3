import { OAuth2Client } from 'google-auth-library';
import { cleanName } from '@app/contracts';

export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string;
  /** The token's `iat`: when Google issued it (a deletion asks for a fresh sign-in). */
  issuedAt: Date;
  /** The `nonce` the page gave Google Identity Services (redirect mode: binds the sign-in to the tab); or null. */
  nonce: string | null;
}

export interface GoogleVerifierOptions {
  clientId?: string;
  /** Unset with the real Google (the library's defaults apply); the stand-in's URL and issuer in dev and tests. */
  certsUrl?: string;
  issuer?: string;
}

/** Why a credential was refused: the only thing about it that is logged (the credential itself never is). */
export type GoogleRefusal =
  | 'bad_signature'
  | 'wrong_audience'
  | 'wrong_issuer'
  | 'expired'
  | 'not_yet_valid'
  | 'email_unverified'
  | 'malformed'
  | 'certs_unavailable'
  | 'not_configured'
  | 'other';

/** A refusal decided by this module (not by google-auth-library), with its reason. */
export class GoogleCredentialError extends Error {
  constructor(readonly reason: GoogleRefusal) {
    super(`Google credential refused: ${reason}`);
    this.name = 'GoogleCredentialError';
  }
}

/**
 * google-auth-library's refusals, by the start of their message (10.x, OAuth2Client.verifySignedJwtWithCertsAsync
 * and getFederatedSignonCertsAsync). Several of those messages go on with the whole credential or its decoded
 * payload (email included), so only the reason they map to may be logged.
 */
const LIBRARY_REFUSALS: Array<[RegExp, GoogleRefusal]> = [
  [/^Invalid token signature/, 'bad_signature'],
  [/^No pem found for envelope/, 'bad_signature'],
  [/^Wrong recipient/, 'wrong_audience'],
  [/^Invalid issuer/, 'wrong_issuer'],
  [/^Token used too late/, 'expired'],
  [/^Token used too early/, 'not_yet_valid'],
  [/^Wrong number of segments/, 'malformed'],
  [/^Can't parse token/, 'malformed'],
  [/^No (issue|expiration) time in token/, 'malformed'],
  [/^(iat|exp) field using invalid format/, 'malformed'],
  [/^Expiration time too far in future/, 'malformed'],
  [/^The verifyIdToken method requires an ID Token/, 'malformed'],
  [/^Failed to retrieve verification certificates/, 'certs_unavailable'],
];

/** The short reason code of a verification failure; never echoes any part of the error's message. */
export function googleRefusalReason(err: unknown): GoogleRefusal {
  if (err instanceof GoogleCredentialError) return err.reason;
  const message = err instanceof Error ? err.message : '';
  return LIBRARY_REFUSALS.find(([pattern]) => pattern.test(message))?.[1] ?? 'other';
}

/**
 * Verifies a Google ID token with google-auth-library: signature against the published certificates, expiry,
 * issuer and audience (= our client id); then requires a verified email. Throws on any failure
 * (googleRefusalReason tells why).
 */
export function createGoogleVerifier(opts: GoogleVerifierOptions) {
  const client = new OAuth2Client({
    ...(opts.certsUrl ? { endpoints: { oauth2FederatedSignonPemCertsUrl: opts.certsUrl } } : {}),
    ...(opts.issuer ? { issuers: [opts.issuer] } : {}),
  });
  return async function verifyGoogleCredential(credential: string): Promise<GoogleIdentity> {
    if (!opts.clientId) throw new GoogleCredentialError('not_configured');
    const ticket = await client.verifyIdToken({ idToken: credential, audience: opts.clientId });
    const claims = ticket.getPayload();
    if (!claims?.sub || !claims.email) throw new GoogleCredentialError('malformed');
    if (claims.email_verified !== true) throw new GoogleCredentialError('email_unverified');
    const email = claims.email.trim().toLowerCase();
    return {
      sub: claims.sub,
      email,
      // Cleaned, not refused: a Google name with a control character (NUL, a bidi override) still signs in.
      name: (cleanName(claims.name ?? '') || email.split('@')[0] || email).slice(0, 120),
      // google-auth-library refuses a token without iat, so it is there.
      issuedAt: new Date(claims.iat! * 1000),
      nonce: typeof claims.nonce === 'string' && claims.nonce ? claims.nonce : null,
    };
  };
}
export type VerifyGoogleCredential = ReturnType<typeof createGoogleVerifier>;
