import { OAuth2Client } from 'google-auth-library';

export interface GoogleIdentity {
  sub: string;
  email: string;
  name: string;
}

export interface GoogleVerifierOptions {
  clientId?: string;
  /** Unset with the real Google (the library's defaults apply); the stand-in's URL and issuer in dev and tests. */
  certsUrl?: string;
  issuer?: string;
}

/**
 * Verifies a Google ID token with google-auth-library: signature against the published certificates, expiry,
 * issuer and audience (= our client id); then requires a verified email. Throws on any failure.
 */
export function createGoogleVerifier(opts: GoogleVerifierOptions) {
  const client = new OAuth2Client({
    ...(opts.certsUrl ? { endpoints: { oauth2FederatedSignonPemCertsUrl: opts.certsUrl } } : {}),
    ...(opts.issuer ? { issuers: [opts.issuer] } : {}),
  });
  return async function verifyGoogleCredential(credential: string): Promise<GoogleIdentity> {
    if (!opts.clientId) throw new Error('Google sign-in is not configured (GOOGLE_CLIENT_ID)');
    const ticket = await client.verifyIdToken({ idToken: credential, audience: opts.clientId });
    const claims = ticket.getPayload();
    if (!claims?.sub || !claims.email) throw new Error('Google token without subject or email');
    if (claims.email_verified !== true) throw new Error('Google email not verified');
    const email = claims.email.trim().toLowerCase();
    return {
      sub: claims.sub,
      email,
      name: (claims.name ?? email.split('@')[0] ?? email).trim().slice(0, 120),
    };
  };
}
export type VerifyGoogleCredential = ReturnType<typeof createGoogleVerifier>;
