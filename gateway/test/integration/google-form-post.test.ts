import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { decodeCodeFragment, getUser, googleFormPost, redeemGoogleCode } from '@app/contracts';
import { call, googleCredential, browserSecret, sql, uniqueEmail } from '@app/testing';

const stack = inject('stack');

interface FormPost {
  fields: Record<string, string>;
  cookie?: string;
}

/** Posts the form Google Identity Services posts to `login_uri` (redirect mode), without following the 303. */
async function postGoogleForm({ fields, cookie }: FormPost) {
  const res = await fetch(new URL(googleFormPost.path, stack.gatewayUrl), {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(cookie !== undefined ? { cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: res.status, location: res.headers.get('location') ?? '', headers: res.headers };
}

const csrf = () => randomBytes(16).toString('hex');

async function usersWithEmail(email: string) {
  return sql<{ id: string }>(stack, 'SELECT id FROM auth.users WHERE email = $1', [email]);
}

describe('POST /login/google (Google Identity Services redirect mode, g_csrf_token checked)', () => {
  it('303 to /login/google#code=… (a one-time code, never a session), no-store; only the tab that started it redeems the code, once', async () => {
    const email = uniqueEmail('gis');
    const tab = browserSecret();
    const credential = await googleCredential(stack, { email, name: 'Renata Redirect', nonce: tab.nonce });
    const token = csrf();
    const res = await postGoogleForm({
      fields: { credential, g_csrf_token: token, select_by: 'btn' },
      cookie: `outro=1; ${googleFormPost.csrfCookie}=${token}`,
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const location = new URL(res.location, stack.gatewayUrl);
    expect(location.pathname).toBe('/login/google');
    expect(location.search).toBe('');
    expect(location.hash).not.toContain('token=');
    const fragment = decodeCodeFragment(location.hash);
    expect(fragment).not.toBeNull();
    // Only the SHA-256 of the code is stored.
    const rows = await sql<{ hash: string }>(
      stack,
      `SELECT hash FROM auth.one_time_codes WHERE purpose = 'google-sign-in' AND hash = encode(sha256($1::bytea), 'hex')`,
      [fragment!.code],
    );
    expect(rows).toHaveLength(1);

    // Another tab's secret (an attacker's code opened in a victim's browser) signs nobody in.
    const other = await call(stack.gatewayUrl, redeemGoogleCode, {
      body: { code: fragment!.code, verifier: browserSecret().verifier },
    });
    expect([other.status, other.body.status, other.body.message]).toEqual([
      400,
      'ERROR',
      'Erro ao autenticar com o Google.',
    ]);

    const redeemed = await call<{ token: string; email: string; fullname: string }>(
      stack.gatewayUrl,
      redeemGoogleCode,
      { body: { code: fragment!.code, verifier: tab.verifier } },
    );
    expect(redeemed.body).toMatchObject({
      status: 'SUCCESS',
      payload: { email, fullname: 'Renata Redirect' },
    });
    const me = await call(stack.gatewayUrl, getUser, { token: redeemed.body.payload!.token });
    expect(me.status).toBe(200);
    expect(me.body.payload).toMatchObject({ email, fullname: 'Renata Redirect', fromGoogle: true });

    const again = await call(stack.gatewayUrl, redeemGoogleCode, {
      body: { code: fragment!.code, verifier: tab.verifier },
    });
    expect(again.status).toBe(400);
  });

  it('a code whose time has passed is refused', async () => {
    const tab = browserSecret();
    const credential = await googleCredential(stack, {
      email: uniqueEmail('gis-old'),
      name: 'Velha Silva',
      nonce: tab.nonce,
    });
    const token = csrf();
    const res = await postGoogleForm({
      fields: { credential, g_csrf_token: token },
      cookie: `${googleFormPost.csrfCookie}=${token}`,
    });
    const { code } = decodeCodeFragment(new URL(res.location, stack.gatewayUrl).hash)!;
    await sql(
      stack,
      `UPDATE auth.one_time_codes SET expires_at = now() - interval '1 second' WHERE hash = encode(sha256($1::bytea), 'hex')`,
      [code],
    );
    const late = await call(stack.gatewayUrl, redeemGoogleCode, { body: { code, verifier: tab.verifier } });
    expect([late.status, late.body.message]).toEqual([400, 'Erro ao autenticar com o Google.']);
  });

  it('refuses a credential that carries no nonce (no tab of this site started that sign-in): no account', async () => {
    const email = uniqueEmail('gis-no-nonce');
    const credential = await googleCredential(stack, { email, name: 'Sem Nonce' });
    const token = csrf();
    const res = await postGoogleForm({
      fields: { credential, g_csrf_token: token },
      cookie: `${googleFormPost.csrfCookie}=${token}`,
    });
    expect([res.status, res.location]).toEqual([303, googleFormPost.failureRedirect]);
    expect(await usersWithEmail(email)).toHaveLength(0);
  });

  it.each<[string, (credential: string, token: string) => FormPost]>([
    [
      'without the g_csrf_token cookie',
      (credential, token) => ({ fields: { credential, g_csrf_token: token } }),
    ],
    [
      'with a cookie that differs from the form field',
      (credential, token) => ({
        fields: { credential, g_csrf_token: token },
        cookie: `${googleFormPost.csrfCookie}=${csrf()}`,
      }),
    ],
    [
      'without the g_csrf_token form field',
      (credential, token) => ({ fields: { credential }, cookie: `${googleFormPost.csrfCookie}=${token}` }),
    ],
    [
      'without a credential',
      (_credential, token) => ({
        fields: { g_csrf_token: token, select_by: 'btn' },
        cookie: `${googleFormPost.csrfCookie}=${token}`,
      }),
    ],
  ])('%s: 303 to /login?erro=google and no account or session', async (_name, build) => {
    const email = uniqueEmail('gis-refused');
    const credential = await googleCredential(stack, { email, name: 'Recusada Silva' });
    const res = await postGoogleForm(build(credential, csrf()));
    expect([res.status, res.location]).toEqual([303, googleFormPost.failureRedirect]);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await usersWithEmail(email)).toHaveLength(0);
  });

  it('refuses a credential auth does not accept (garbage, wrong audience, expired) the same way', async () => {
    const stranger = async (knobs: Record<string, unknown>) => {
      const res = await fetch(`${stack.devProvidersUrl}/__dev/google/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: uniqueEmail('gis-bad'), name: 'Credencial Ruim', ...knobs }),
      });
      return ((await res.json()) as { credential: string }).credential;
    };
    const credentials = [
      'isto.nao.e-um-token',
      await stranger({ audience: 'client-id-de-outro-site' }),
      await stranger({ expiresInSeconds: -600 }),
    ];
    for (const credential of credentials) {
      const token = csrf();
      const res = await postGoogleForm({
        fields: { credential, g_csrf_token: token },
        cookie: `${googleFormPost.csrfCookie}=${token}`,
      });
      expect([res.status, res.location]).toEqual([303, googleFormPost.failureRedirect]);
    }
  });

  it('writes neither the credential, the code nor the session token to any log', async () => {
    const email = uniqueEmail('gis-log');
    const tab = browserSecret();
    const credential = await googleCredential(stack, { email, name: 'Lucas Log', nonce: tab.nonce });
    const token = csrf();
    const res = await postGoogleForm({
      fields: { credential, g_csrf_token: token },
      cookie: `${googleFormPost.csrfCookie}=${token}`,
    });
    const { code } = decodeCodeFragment(new URL(res.location, stack.gatewayUrl).hash)!;
    const redeemed = await call<{ token: string }>(stack.gatewayUrl, redeemGoogleCode, {
      body: { code, verifier: tab.verifier },
    });
    const session = redeemed.body.payload!;
    // The stack's processes write their logs as they go; the gateway's line for this request names its route.
    const logs = () =>
      readdirSync(stack.logDir)
        .map((f) => readFileSync(path.join(stack.logDir, f), 'utf8'))
        .join('');
    await expect.poll(() => logs().includes('"method":"POST","url":"/login/google"')).toBe(true);
    const all = logs();
    expect(all).not.toContain(credential);
    expect(all).not.toContain(credential.split('.')[2]);
    expect(all).not.toContain(session.token);
    expect(all).not.toContain(code);
    expect(all).not.toContain(tab.verifier);
    expect(all).not.toContain(token);
  });
});
