import { createHash, generateKeyPairSync, type KeyObject } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SignJWT } from 'jose';
import { OAuth2Client } from 'google-auth-library';
import { Msg } from '@app/contracts';
import { createLogger } from '@app/kit';
import { recordingBus } from '@app/testing';
import type { AuthDeps } from '../../src/domain/deps.js';
import {
  createGoogleVerifier,
  googleRefusalReason,
  type GoogleRefusal,
} from '../../src/domain/google-verifier.js';
import { signInWithGoogle } from '../../src/domain/sign-in-google.js';

// The real google-auth-library verifies every credential below; only its certificate download is replaced, so
// the refusals (and their messages, which may carry the credential and its email) are the library's own.
const CLIENT_ID = 'our-client-id.apps.googleusercontent.com';
const ISSUER = 'https://accounts.google.test';
const EMAIL = 'vitima.segredo@exemplo.com';

const rsa = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const ours = rsa();
const stranger = rsa();
const publicPem = ours.publicKey.export({ type: 'spki', format: 'pem' }).toString();
const kid = createHash('sha256').update(publicPem).digest('hex').slice(0, 16);

interface Knobs {
  audience?: string;
  issuer?: string;
  iatOffset?: number;
  expOffset?: number;
  emailVerified?: boolean;
  name?: string;
  key?: KeyObject;
  kid?: string;
}
function credential(k: Knobs = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    email: EMAIL,
    email_verified: k.emailVerified ?? true,
    name: k.name ?? 'Vítima Segredo',
  })
    .setProtectedHeader({ alg: 'RS256', kid: k.kid ?? kid, typ: 'JWT' })
    .setIssuer(k.issuer ?? ISSUER)
    .setAudience(k.audience ?? CLIENT_ID)
    .setSubject('109876543210987654321')
    .setIssuedAt(now + (k.iatOffset ?? 0))
    .setExpirationTime(now + (k.expOffset ?? 3600))
    .sign(k.key ?? ours.privateKey);
}
async function tampered(): Promise<string> {
  const [header, payload, signature] = (await credential()).split('.');
  const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
  return `${header}.${Buffer.from(JSON.stringify({ ...claims, name: 'Outra' })).toString('base64url')}.${signature}`;
}

beforeAll(() => {
  vi.spyOn(OAuth2Client.prototype, 'getFederatedSignonCertsAsync').mockResolvedValue({
    certs: { [kid]: publicPem },
    format: 'PEM',
  } as Awaited<ReturnType<OAuth2Client['getFederatedSignonCertsAsync']>>);
});
afterAll(() => vi.restoreAllMocks());

/** auth's dependencies for a refused credential: nothing but the verifier, a log sink and a bus that accepts. */
function depsFor(verifyGoogle: AuthDeps['verifyGoogle']) {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, cb) {
      lines.push(chunk.toString());
      cb();
    },
  });
  const bus = recordingBus();
  const { publish } = bus;
  const deps = {
    verifyGoogle,
    logger: createLogger('auth', 'info', sink),
    bus,
  } as unknown as AuthDeps;
  return { deps, lines, publish };
}

const verifier = createGoogleVerifier({ clientId: CLIENT_ID, issuer: ISSUER });

describe('Google credential refusals', () => {
  it('accepts a good credential (the set-up below is sound)', async () => {
    expect(await verifier(await credential())).toMatchObject({ email: EMAIL, name: 'Vítima Segredo' });
  });

  it('cleans a name with control characters instead of refusing the account (Postgres refuses NUL)', async () => {
    const name = 'Ana\u0000 Beatriz\u202e\u0007  Lima\u0085';
    expect(await verifier(await credential({ name }))).toMatchObject({ name: 'Ana Beatriz Lima' });
    // Nothing left but controls: the email's local part names the account.
    expect(await verifier(await credential({ name: '\u0000\u202e' }))).toMatchObject({
      name: 'vitima.segredo',
    });
  });

  it.each<[string, () => Promise<string>, GoogleRefusal, ReturnType<typeof createGoogleVerifier>?]>([
    ['a payload changed after signing', tampered, 'bad_signature'],
    ['a signature by another key', () => credential({ key: stranger.privateKey }), 'bad_signature'],
    ['an unknown key id', () => credential({ kid: 'unknown-kid' }), 'bad_signature'],
    ['another audience', () => credential({ audience: 'someone-else' }), 'wrong_audience'],
    ['another issuer', () => credential({ issuer: 'https://evil.example' }), 'wrong_issuer'],
    ['an expired token', () => credential({ iatOffset: -7200, expOffset: -3600 }), 'expired'],
    ['a token issued in the future', () => credential({ iatOffset: 3600, expOffset: 7200 }), 'not_yet_valid'],
    ['a lifetime over a day', () => credential({ expOffset: 3 * 86_400 }), 'malformed'],
    ['an unverified email', () => credential({ emailVerified: false }), 'email_unverified'],
    ['one segment', async () => 'isto-nao-e-um-token', 'malformed'],
    ['three garbage segments', async () => 'a.b.c', 'malformed'],
    [
      'no client id configured',
      () => credential(),
      'not_configured',
      createGoogleVerifier({ issuer: ISSUER }),
    ],
  ])('%s: logs only the reason code, never the credential or its email', async (_n, make, reason, v) => {
    const cred = await make();
    const verify = v ?? verifier;
    expect(googleRefusalReason(await verify(cred).catch((e: unknown) => e))).toBe(reason);

    const { deps, lines, publish } = depsFor(verify);
    await expect(signInWithGoogle(deps, cred)).rejects.toMatchObject({
      statusCode: 401,
      message: Msg.googleFailed,
    });
    const out = lines.join('');
    for (const secret of [EMAIL, 'vitima.segredo', cred, ...cred.split('.').filter((s) => s.length > 8)])
      expect(out).not.toContain(secret);
    const refused = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'google credential refused');
    expect(refused).toMatchObject({ level: 40, reason });
    expect(publish).toHaveBeenCalledTimes(1);
  });
});

describe('googleRefusalReason', () => {
  it('maps a failed certificate download and anything unknown without echoing the message', () => {
    expect(
      googleRefusalReason(new Error('Failed to retrieve verification certificates: getaddrinfo ENOTFOUND')),
    ).toBe('certs_unavailable');
    expect(googleRefusalReason(new Error(`something new: ${EMAIL}`))).toBe('other');
    expect(googleRefusalReason('a string')).toBe('other');
    expect(googleRefusalReason(undefined)).toBe('other');
  });
});
