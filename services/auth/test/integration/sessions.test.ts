import { describe, expect, inject, it } from 'vitest';
import { SignJWT } from 'jose';
import {
  Msg,
  adminChangePassword,
  changePassword,
  getUser,
  login,
  logout,
  updateUser,
  validateToken,
  validateTokenAdmin,
} from '@app/contracts';
import { adminToken, call, createActiveUser, loginWith, sql } from '@app/testing';

const stack = inject('stack');
const key = new TextEncoder().encode(stack.secrets.JWT_SECRET);
const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

async function userId(email: string) {
  const [row] = await sql<{ id: string }>(stack, 'SELECT id FROM auth.users WHERE email = $1', [email]);
  return row!.id;
}

describe('session checks (GET /api/validateToken, /api/validateTokenAdmin)', () => {
  it('accepts a current session token from the query', async () => {
    const user = await createActiveUser(stack);
    const res = await call(stack.gatewayUrl, validateToken, { query: { token: user.token } });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('SUCCESS');
  });

  it('is SUCCESS for admins only on validateTokenAdmin', async () => {
    const user = await createActiveUser(stack);
    const asUser = await call(stack.gatewayUrl, validateTokenAdmin, { query: { token: user.token } });
    expect(asUser.body.status).toBe('ERROR');
    expect(asUser.status).toBe(403);
    const asAdmin = await call(stack.gatewayUrl, validateTokenAdmin, {
      query: { token: await adminToken(stack) },
    });
    expect(asAdmin.body.status).toBe('SUCCESS');
  });

  it('refuses forged tokens: alg none, no exp, expired, wrong key, unknown user, missing tv', async () => {
    const user = await createActiveUser(stack);
    const sub = await userId(user.email);
    const forged = {
      'alg none': `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub, tv: 0, exp: now() + 3600 })}.`,
      'no exp': await new SignJWT({ tv: 0 }).setProtectedHeader({ alg: 'HS256' }).setSubject(sub).sign(key),
      expired: await new SignJWT({ tv: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(sub)
        .setIssuedAt(now() - 7200)
        .setExpirationTime(now() - 60)
        .sign(key),
      'wrong key': await new SignJWT({ tv: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(sub)
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('another-secret-of-enough-length-123456')),
      'HS512 with the right key': await new SignJWT({ tv: 0 })
        .setProtectedHeader({ alg: 'HS512' })
        .setSubject(sub)
        .setExpirationTime('1h')
        .sign(key),
      'unknown user': await new SignJWT({ tv: 0 })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject('00000000-0000-4000-8000-000000000000')
        .setExpirationTime('1h')
        .sign(key),
      'missing tv': await new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(sub)
        .setExpirationTime('1h')
        .sign(key),
      garbage: 'not-a-jwt',
    };
    for (const [name, token] of Object.entries(forged)) {
      const check = await call(stack.gatewayUrl, validateToken, { query: { token } });
      expect(check.status, name).toBe(401);
      expect(check.body.status, name).toBe('ERROR');
      const me = await call(stack.gatewayUrl, getUser, { token });
      expect(me.status, name).toBe(401);
    }
    // The same claims signed properly are accepted: the refusals above are about the forgery only.
    const genuine = await new SignJWT({ tv: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(sub)
      .setExpirationTime('1h')
      .sign(key);
    expect((await call(stack.gatewayUrl, validateToken, { query: { token: genuine } })).status).toBe(200);
  });
});

describe('profile (GET /api/getUser, POST /api/updateUser)', () => {
  it('answers the signed-in user', async () => {
    const user = await createActiveUser(stack, { fullname: 'Paula Ribeiro' });
    const res = await call(stack.gatewayUrl, getUser, { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body.payload).toMatchObject({
      email: user.email,
      fullname: 'Paula Ribeiro',
      fromGoogle: false,
    });
    expect(res.body.payload).toHaveProperty('_id', await userId(user.email));
    expect(res.body.payload).toHaveProperty('createdAt');
    expect((await call(stack.gatewayUrl, getUser)).status).toBe(401);
  });

  it.each([
    ['missing', {}, 'Nome é obrigatório'],
    ['empty', { fullname: '' }, 'Nome é obrigatório'],
    ['blank', { fullname: '   ' }, 'Nome é obrigatório'],
    ['short', { fullname: 'Al' }, 'Nome deve ter pelo menos 3 caracteres'],
    ['NUL-holding', { fullname: 'Ana\u0000 Clara' }, Msg.nameInvalidCharacters],
    ['C1-holding', { fullname: 'Ana\u0085Clara' }, Msg.nameInvalidCharacters],
  ])('refuses a %s name with the pt-BR message', async (_n, body, message) => {
    const user = await createActiveUser(stack);
    const res = await call(stack.gatewayUrl, updateUser, { token: user.token, body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 'ERROR', message });
  });

  it('updates the name only (the email stays)', async () => {
    const user = await createActiveUser(stack);
    const res = await call(stack.gatewayUrl, updateUser, {
      token: user.token,
      body: { fullname: '  Ana Clara  ', email: 'outro@exemplo.com' },
    });
    expect(res.body).toMatchObject({
      status: 'SUCCESS',
      message: 'Dados atualizados com sucesso!',
      payload: { fullname: 'Ana Clara', email: user.email },
    });
    const me = await call(stack.gatewayUrl, getUser, { token: user.token });
    expect(me.body.payload).toMatchObject({ fullname: 'Ana Clara', email: user.email });
  });

  it('needs a session', async () => {
    const res = await call(stack.gatewayUrl, updateUser, { body: { fullname: 'Sem Sessão' } });
    expect(res.status).toBe(401);
  });
});

describe('password change (POST /api/changePassword)', () => {
  const body = (change: Record<string, unknown> = {}) => ({
    oldPassword: 'senha-segura-1',
    newPassword: 'senha-nova-22',
    newPasswordConfirmation: 'senha-nova-22',
    ...change,
  });

  it.each([
    ['old password missing', { oldPassword: undefined }, 'Senha atual é obrigatória'],
    ['old password empty', { oldPassword: '' }, 'Senha atual é obrigatória'],
    ['new password missing', { newPassword: undefined }, 'Nova senha é obrigatória'],
    ['new password empty', { newPassword: '', newPasswordConfirmation: '' }, 'Nova senha é obrigatória'],
    [
      'new password short',
      { newPassword: '12345', newPasswordConfirmation: '12345' },
      'A nova senha deve ter pelo menos 6 caracteres',
    ],
    ['confirmation missing', { newPasswordConfirmation: undefined }, 'Confirmação de senha é obrigatória'],
    ['confirmation empty', { newPasswordConfirmation: '' }, 'Confirmação de senha é obrigatória'],
    ['confirmation different', { newPasswordConfirmation: 'senha-nova-23' }, 'As senhas não coincidem'],
  ])('refuses %s with the pt-BR message', async (_n, change, message) => {
    const user = await createActiveUser(stack);
    const res = await call(stack.gatewayUrl, changePassword, { token: user.token, body: body(change) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 'ERROR', message });
  });

  it('refuses a wrong current password', async () => {
    const user = await createActiveUser(stack);
    const res = await call(stack.gatewayUrl, changePassword, {
      token: user.token,
      body: body({ oldPassword: 'nao-e-essa' }),
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 'ERROR', message: 'A senha atual está incorreta.' });
  });

  it('changes the password, ends older sessions and answers a fresh session', async () => {
    const user = await createActiveUser(stack);
    const otherBrowser = await loginWith(stack, user.email, user.password);
    const res = await call<{ token: string; email: string; fullname: string }>(
      stack.gatewayUrl,
      changePassword,
      {
        token: user.token,
        body: body({ oldPassword: user.password }),
      },
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'SUCCESS',
      message: 'Senha alterada com sucesso!',
      payload: { email: user.email },
    });
    for (const old of [user.token, otherBrowser]) {
      expect((await call(stack.gatewayUrl, getUser, { token: old })).status).toBe(401);
      expect((await call(stack.gatewayUrl, validateToken, { query: { token: old } })).status).toBe(401);
    }
    expect((await call(stack.gatewayUrl, getUser, { token: res.body.payload!.token })).status).toBe(200);
    expect(
      (await call(stack.gatewayUrl, login, { body: { email: user.email, password: user.password } })).status,
    ).toBe(401);
    expect(
      (await call(stack.gatewayUrl, login, { body: { email: user.email, password: 'senha-nova-22' } })).body
        .status,
    ).toBe('SUCCESS');
  });
});

describe('admin password change (POST /api/admin/changePassword)', () => {
  it('answers 403 to a signed-in non-admin and 401 without a session', async () => {
    const user = await createActiveUser(stack);
    const res = await call(stack.gatewayUrl, adminChangePassword, {
      token: user.token,
      body: { newPassword: 'senha-admin-2' },
    });
    expect(res.status).toBe(403);
    expect(res.body.status).toBe('ERROR');
    expect(
      (await call(stack.gatewayUrl, adminChangePassword, { body: { newPassword: 'senha-admin-2' } })).status,
    ).toBe(401);
    expect(
      (await call(stack.gatewayUrl, login, { body: { email: user.email, password: user.password } })).body
        .status,
    ).toBe('SUCCESS');
  });

  it('refuses an empty or short password with the pt-BR messages', async () => {
    const token = await adminToken(stack);
    const empty = await call(stack.gatewayUrl, adminChangePassword, { token, body: { newPassword: '' } });
    expect(empty.body).toMatchObject({ status: 'ERROR', message: 'Nova senha é obrigatória' });
    const short = await call(stack.gatewayUrl, adminChangePassword, { token, body: { newPassword: '123' } });
    expect(short.body).toMatchObject({
      status: 'ERROR',
      message: 'A nova senha deve ter pelo menos 6 caracteres',
    });
  });

  it('asks for a recent sign-in: a token issued more than 10 minutes ago cannot change the password', async () => {
    const fresh = await adminToken(stack);
    const { tv } = JSON.parse(Buffer.from(fresh.split('.')[1]!, 'base64url').toString()) as { tv: number };
    const stale = await new SignJWT({ tv })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(await userId(stack.adminEmail))
      .setIssuedAt(now() - 11 * 60)
      .setExpirationTime(now() + 3600)
      .sign(key);
    // Still a valid admin session for everything else.
    expect((await call(stack.gatewayUrl, validateTokenAdmin, { query: { token: stale } })).status).toBe(200);
    const res = await call(stack.gatewayUrl, adminChangePassword, {
      token: stale,
      body: { newPassword: 'senha-admin-roubada' },
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      status: 'ERROR',
      code: 'REAUTH_REQUIRED',
      message: Msg.recentSignInRequired,
    });
    expect(await loginWith(stack, stack.adminEmail, stack.adminPassword)).toBeTruthy();
  });

  it('gives admins a short session (ADMIN_SESSION_TTL_MINUTES, 2 hours) and users 7 days', async () => {
    const claims = (t: string) => JSON.parse(Buffer.from(t.split('.')[1]!, 'base64url').toString());
    const admin = claims(await adminToken(stack)) as { iat: number; exp: number };
    expect(admin.exp - admin.iat).toBe(120 * 60);
    const user = claims((await createActiveUser(stack)).token) as { iat: number; exp: number };
    expect(user.exp - user.iat).toBe(7 * 24 * 3600);
  });

  it("changes the admin's own password (then puts the original back for the other tests)", async () => {
    const token = await adminToken(stack);
    const changed = await call<{ token: string }>(stack.gatewayUrl, adminChangePassword, {
      token,
      body: { newPassword: 'senha-admin-temporaria' },
    });
    expect(changed.body).toMatchObject({ status: 'SUCCESS', message: 'Senha alterada com sucesso!' });
    expect((await call(stack.gatewayUrl, validateTokenAdmin, { query: { token } })).status).toBe(401);
    const fresh = changed.body.payload!.token;
    expect((await call(stack.gatewayUrl, validateTokenAdmin, { query: { token: fresh } })).status).toBe(200);
    const restored = await call(stack.gatewayUrl, adminChangePassword, {
      token: fresh,
      body: { newPassword: stack.adminPassword },
    });
    expect(restored.body.status).toBe('SUCCESS');
    expect(await loginWith(stack, stack.adminEmail, stack.adminPassword)).toBeTruthy();
  });
});

describe('sign-out (POST /api/logout)', () => {
  it('ends the token at once, and every other session of the account; signing in again works', async () => {
    const user = await createActiveUser(stack);
    const other = await loginWith(stack, user.email, user.password);
    expect((await call(stack.gatewayUrl, getUser, { token: user.token })).status).toBe(200);
    const res = await call(stack.gatewayUrl, logout, { token: user.token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'SUCCESS', payload: null });
    expect((await call(stack.gatewayUrl, getUser, { token: user.token })).status).toBe(401);
    expect((await call(stack.gatewayUrl, getUser, { token: other })).status).toBe(401);
    expect((await call(stack.gatewayUrl, logout, { token: user.token })).status).toBe(401);
    const again = await loginWith(stack, user.email, user.password);
    expect((await call(stack.gatewayUrl, getUser, { token: again })).status).toBe(200);
  });
});
