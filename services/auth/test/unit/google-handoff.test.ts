import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Msg } from '@app/contracts';
import {
  GOOGLE_CODE_TTL_MS,
  issueGoogleSignInCode,
  redeemGoogleSignInCode,
} from '../../src/domain/google-handoff.js';
import { nonceBinding } from '../../src/domain/secrets.js';
import type { GoogleIdentity } from '../../src/domain/google-verifier.js';
import { signInWithGoogle } from '../../src/domain/sign-in-google.js';
import { countingHasher, memoryDeps } from '../fakes/memory-deps.js';

// Google's redirect mode hands the SPA a one-time code bound to the nonce of the tab that started the
// sign-in, never a session; only that tab's secret redeems it.
const VERIFIER = 'segredo-da-aba-0123456789abcdefghijklmnopqrstuv';
const nonceOf = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

function withGoogle(identity: Partial<GoogleIdentity>) {
  const memory = memoryDeps(countingHasher());
  memory.deps.verifyGoogle = async () => ({
    sub: '42',
    email: 'gabi@exemplo.com',
    name: 'Gabriela',
    issuedAt: new Date(),
    nonce: nonceOf(VERIFIER),
    ...identity,
  });
  return memory;
}

describe('Google redirect mode: a one-time code bound to the tab', () => {
  it('issues a code (only its hash stored, 2 minutes) that the tab with the secret redeems once', async () => {
    const memory = withGoogle({});
    const { code } = await issueGoogleSignInCode(memory.deps, 'credencial');
    const [row] = memory.state.codes;
    expect(row).toMatchObject({ purpose: 'google-sign-in' });
    expect(row!.hash).not.toBe(code);
    expect(row!.boundTo).toBe(createHash('sha256').update(VERIFIER).digest('hex'));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThanOrEqual(GOOGLE_CODE_TTL_MS);

    const session = await redeemGoogleSignInCode(memory.deps, code, VERIFIER);
    expect(session).toMatchObject({ email: 'gabi@exemplo.com', fullname: 'Gabriela' });
    await expect(redeemGoogleSignInCode(memory.deps, code, VERIFIER)).rejects.toMatchObject({
      statusCode: 400,
      message: Msg.googleFailed,
    });
  });

  it('refuses the code with another secret (an attacker’s code in a victim’s tab), and it stays unused', async () => {
    const memory = withGoogle({});
    const { code } = await issueGoogleSignInCode(memory.deps, 'credencial');
    await expect(
      redeemGoogleSignInCode(memory.deps, code, 'segredo-de-outra-aba-0123456789abcdefghijklm'),
    ).rejects.toMatchObject({ statusCode: 400, message: Msg.googleFailed });
    expect(memory.state.codes[0]!.usedAt).toBeNull();
  });

  it('refuses a credential without a nonce of the SPA’s form before touching any account', async () => {
    for (const nonce of [null, 'curto']) {
      const memory = withGoogle({ nonce });
      await expect(issueGoogleSignInCode(memory.deps, 'credencial')).rejects.toMatchObject({
        statusCode: 401,
        message: Msg.googleFailed,
      });
      expect(memory.state.users).toHaveLength(0);
      expect(memory.state.codes).toHaveLength(0);
    }
  });

  it('reads a nonce as the SHA-256 it carries', () => {
    expect(nonceBinding(nonceOf(VERIFIER))).toBe(createHash('sha256').update(VERIFIER).digest('hex'));
    expect(nonceBinding('x'.repeat(44))).toBeNull();
  });
});

describe('what Google sign-in refuses before any account changes', () => {
  it('the admin account: it enters with its password only, by email or by a Google id linked before', async () => {
    const memory = withGoogle({ email: 'admin@exemplo.com' });
    const admin = await memory.addUser('admin@exemplo.com', 'admin-senha', { role: 'admin' });
    for (const signIn of [
      () => signInWithGoogle(memory.deps, 'credencial'),
      () => issueGoogleSignInCode(memory.deps, 'credencial'),
    ])
      await expect(signIn()).rejects.toMatchObject({ statusCode: 403, message: Msg.googleAdminRefused });
    expect(memory.state.users[0]).toMatchObject({ googleSub: null, tokenVersion: admin.tokenVersion });
    expect(memory.state.codes).toEqual([]);

    memory.state.users[0]!.googleSub = '42';
    await expect(signInWithGoogle(memory.deps, 'credencial')).rejects.toMatchObject({ statusCode: 403 });
  });

  it('an email longer than an address can be: 400 in pt-BR, no account made', async () => {
    const memory = withGoogle({ email: `${'a'.repeat(250)}@exemplo.com` });
    await expect(signInWithGoogle(memory.deps, 'credencial')).rejects.toMatchObject({
      statusCode: 400,
      message: Msg.googleEmailTooLong,
    });
    expect(memory.state.users).toEqual([]);
  });
});
