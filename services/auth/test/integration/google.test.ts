import { describe, expect, inject, it } from 'vitest';
import { activateUser, getUser, login, loginGoogle, Msg } from '@app/contracts';
import { call, createActiveUser, googleCredential, uniqueEmail, sql } from '@app/testing';
import { signUpOnly } from './helpers.js';

const stack = inject('stack');

/** A credential from the Google stand-in with test knobs (another audience, issuer, expiry). */
async function credential(body: Record<string, unknown>): Promise<string> {
  const res = await fetch(`${stack.devProvidersUrl}/__dev/google/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { credential: string }).credential;
}

describe('Google sign-in (POST /api/login/google)', () => {
  it('creates the account on first sign-in (fromGoogle, active) and finds it again by its Google id', async () => {
    const email = uniqueEmail('google');
    const first = await call<{ token: string; email: string; fullname: string }>(
      stack.gatewayUrl,
      loginGoogle,
      {
        body: {
          credential: await googleCredential(stack, { email: email.toUpperCase(), name: 'Júlia Google' }),
        },
      },
    );
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 'SUCCESS', payload: { email, fullname: 'Júlia Google' } });
    const me = await call(stack.gatewayUrl, getUser, { token: first.body.payload!.token });
    expect(me.body.payload).toMatchObject({ email, fullname: 'Júlia Google', fromGoogle: true });

    const again = await call<{ token: string }>(stack.gatewayUrl, loginGoogle, {
      body: { credential: await googleCredential(stack, { email, name: 'Outro Nome' }) },
    });
    expect(again.body).toMatchObject({ status: 'SUCCESS', payload: { email, fullname: 'Júlia Google' } });
    const rows = await sql<{ google_sub: string; from_google: boolean; active: boolean }>(
      stack,
      'SELECT google_sub, from_google, active FROM auth.users WHERE email = $1',
      [email],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ from_google: true, active: true });
    expect(rows[0]!.google_sub).toMatch(/^\d+$/);
    // No password exists for this account.
    expect(
      (await call(stack.gatewayUrl, login, { body: { email, password: 'qualquer-senha' } })).status,
    ).toBe(401);
  });

  it('signs in a Google account whose name holds a NUL byte and a bidi override, with the name cleaned', async () => {
    const email = uniqueEmail('google-nul');
    const res = await call<{ token: string; fullname: string }>(stack.gatewayUrl, loginGoogle, {
      body: { credential: await googleCredential(stack, { email, name: 'Rita\u0000 de\u202e Cássia' }) },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'SUCCESS', payload: { email, fullname: 'Rita de Cássia' } });
    const me = await call(stack.gatewayUrl, getUser, { token: res.body.payload!.token });
    expect(me.body.payload).toMatchObject({ fullname: 'Rita de Cássia', fromGoogle: true });
  });

  it('links an existing email-and-password account by its verified email', async () => {
    const user = await createActiveUser(stack, { fullname: 'Conta Local' });
    const res = await call(stack.gatewayUrl, loginGoogle, {
      body: { credential: await googleCredential(stack, { email: user.email, name: 'Nome no Google' }) },
    });
    expect(res.body).toMatchObject({
      status: 'SUCCESS',
      payload: { email: user.email, fullname: 'Conta Local' },
    });
    const rows = await sql(stack, 'SELECT from_google FROM auth.users WHERE email = $1', [user.email]);
    expect(rows).toEqual([{ from_google: false }]);
    // An activated account's password is its owner's: it keeps working, and so do its sessions.
    expect(
      (await call(stack.gatewayUrl, login, { body: { email: user.email, password: user.password } })).body
        .status,
    ).toBe('SUCCESS');
    expect((await call(stack.gatewayUrl, getUser, { token: user.token })).status).toBe(200);
  });

  it('claims a never-activated account without the password it was signed up with (no takeover)', async () => {
    // Someone signs up with the victim's address and a password of their own; the account stays inactive.
    const pending = await signUpOnly(stack, { fullname: 'Conta Pendente', password: 'senha-do-intruso-1' });
    const res = await call<{ token: string; email: string; fullname: string }>(
      stack.gatewayUrl,
      loginGoogle,
      {
        body: { credential: await googleCredential(stack, { email: pending.email, name: 'Dona do Email' }) },
      },
    );
    expect(res.status).toBe(200);
    // The name typed at that sign-up gives way to Google's.
    expect(res.body).toMatchObject({
      status: 'SUCCESS',
      payload: { email: pending.email, fullname: 'Dona do Email' },
    });
    expect((await call(stack.gatewayUrl, getUser, { token: res.body.payload!.token })).status).toBe(200);

    // The sign-up password no longer opens the account: the normal wrong-credentials answer.
    const refused = await call(stack.gatewayUrl, login, {
      body: { email: pending.email, password: pending.password },
    });
    expect(refused.status).toBe(401);
    expect(refused.body).toMatchObject({
      status: 'ERROR',
      message: 'Email ou senha inválidos.',
      payload: null,
    });
    // Its emailed activation link is dead, and its token version moved on.
    const activation = await call(stack.gatewayUrl, activateUser, {
      body: { activationCode: pending.code, verifier: pending.verifier },
    });
    expect(activation.status).toBe(400);
    const rows = await sql(
      stack,
      'SELECT active, password_hash, token_version, google_sub IS NOT NULL AS linked FROM auth.users WHERE email = $1',
      [pending.email],
    );
    expect(rows).toEqual([{ active: true, password_hash: null, token_version: 1, linked: true }]);
    // The Google session survives all that (it was issued after the bump).
    expect((await call(stack.gatewayUrl, getUser, { token: res.body.payload!.token })).status).toBe(200);
  });

  it('never signs the admin in: the admin enters with the password only, and stays unlinked', async () => {
    const [before] = await sql<{ google_sub: string | null; token_version: number }>(
      stack,
      'SELECT google_sub, token_version FROM auth.users WHERE email = $1',
      [stack.adminEmail],
    );
    for (const name of ['Administrador', 'Outro Nome']) {
      const res = await call(stack.gatewayUrl, loginGoogle, {
        body: { credential: await googleCredential(stack, { email: stack.adminEmail, name }) },
      });
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ status: 'ERROR', message: Msg.googleAdminRefused, payload: null });
    }
    expect(
      await sql(stack, 'SELECT google_sub, token_version FROM auth.users WHERE email = $1', [
        stack.adminEmail,
      ]),
    ).toEqual([before]);
    const withPassword = await call(stack.gatewayUrl, login, {
      body: { email: stack.adminEmail, password: stack.adminPassword },
    });
    expect(withPassword.status).toBe(200);
  });

  it.each([
    ['a wrong audience', { audience: 'someone-elses-client-id' }],
    ['a wrong issuer', { issuer: 'https://accounts.example.com' }],
    ['an unverified email', { emailVerified: false }],
    ['an expired token', { expiresInSeconds: -600 }],
  ])('refuses a credential with %s', async (_n, knobs) => {
    const email = uniqueEmail('google-mau');
    const res = await call(stack.gatewayUrl, loginGoogle, {
      body: { credential: await credential({ email, name: 'Falso Google', ...knobs }) },
    });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({
      status: 'ERROR',
      message: 'Erro ao autenticar com o Google.',
      payload: null,
    });
    expect(await sql(stack, 'SELECT 1 FROM auth.users WHERE email = $1', [email])).toHaveLength(0);
  });

  it('refuses a credential whose signature does not match (payload changed after signing)', async () => {
    const genuine = await googleCredential(stack, { email: uniqueEmail('google'), name: 'Pessoa Real' });
    const [header, payload, signature] = genuine.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const victim = uniqueEmail('vitima');
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, email: victim })).toString('base64url')}.${signature}`;
    const res = await call(stack.gatewayUrl, loginGoogle, { body: { credential: tampered } });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Erro ao autenticar com o Google.');
    expect(await sql(stack, 'SELECT 1 FROM auth.users WHERE email = $1', [victim])).toHaveLength(0);
  });

  it.each([
    ['an empty credential', { credential: '' }],
    ['no credential', {}],
    ['garbage', { credential: 'isto-nao-e-um-token' }],
  ])('refuses %s with the pt-BR message', async (_n, body) => {
    const res = await call(stack.gatewayUrl, loginGoogle, { body });
    expect(res.body).toMatchObject({ status: 'ERROR', message: 'Erro ao autenticar com o Google.' });
  });
});
