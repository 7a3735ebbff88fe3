import { describe, expect, inject, it } from 'vitest';
import { login } from '@app/contracts';
import { call, createActiveUser, uniqueEmail, sql } from '@app/testing';

const stack = inject('stack');

describe('sign-in (POST /api/login)', () => {
  it.each([
    ['email missing', { password: 'senha-boa-1' }, 'Email é obrigatório'],
    ['email empty', { email: '', password: 'senha-boa-1' }, 'Email é obrigatório'],
    ['email malformed', { email: 'sem-arroba', password: 'senha-boa-1' }, 'Email inválido'],
    ['password missing', { email: 'a@b.com' }, 'Senha é obrigatória'],
    ['password empty', { email: 'a@b.com', password: '' }, 'Senha é obrigatória'],
    ['password short', { email: 'a@b.com', password: '12345' }, 'Senha deve ter pelo menos 6 caracteres'],
  ])('refuses %s with the spec message', async (_n, body, message) => {
    const res = await call(stack.gatewayUrl, login, { body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 'ERROR', message });
  });

  it('answers {token, email, fullname} for the right password, with the email in any case and spacing', async () => {
    const user = await createActiveUser(stack, { fullname: 'Rafael Lima' });
    const res = await call<{ token: string; email: string; fullname: string }>(stack.gatewayUrl, login, {
      body: { email: `  ${user.email.toUpperCase()}  `, password: user.password },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'SUCCESS',
      payload: { email: user.email, fullname: 'Rafael Lima' },
    });
    const [header, payload] = res.body
      .payload!.token.split('.')
      .slice(0, 2)
      .map((p) => JSON.parse(Buffer.from(p, 'base64url').toString()));
    expect(header.alg).toBe('HS256');
    expect(payload.exp - payload.iat).toBe(7 * 24 * 3600);
    const [row] = await sql<{ id: string }>(stack, 'SELECT id FROM auth.users WHERE email = $1', [
      user.email,
    ]);
    expect(payload.sub).toBe(row!.id);
  });

  // That both take the same time is shown by counting the password work in test/unit/sign-in.test.ts.
  it('answers the same spec message for a wrong password and for an unknown email', async () => {
    const user = await createActiveUser(stack);
    const wrong = await call(stack.gatewayUrl, login, {
      body: { email: user.email, password: 'outra-senha' },
    });
    const unknown = await call(stack.gatewayUrl, login, {
      body: { email: uniqueEmail('ninguem'), password: 'outra-senha' },
    });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({
        status: 'ERROR',
        message: 'Email ou senha inválidos.',
        payload: null,
      });
    }
  });

  it('signs the admin in from ADMIN_EMAIL and ADMIN_PASSWORD', async () => {
    const res = await call(stack.gatewayUrl, login, {
      body: { email: stack.adminEmail, password: stack.adminPassword },
    });
    expect(res.body.status).toBe('SUCCESS');
  });

  it('answers 429 with a clear pt-BR message after too many failures for one email, even with the right password', async () => {
    const user = await createActiveUser(stack);
    const other = await createActiveUser(stack);
    const limit = Number(stack.env.auth?.LOGIN_MAX_FAILURES_PER_EMAIL ?? 10);
    for (let i = 0; i < limit; i++) {
      const res = await call(stack.gatewayUrl, login, {
        body: { email: user.email, password: `errada-${i}` },
      });
      expect(res.status).toBe(401);
    }
    const blocked = await call(stack.gatewayUrl, login, {
      body: { email: user.email, password: user.password },
    });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({
      status: 'ERROR',
      code: 'RATE_LIMITED',
      message: 'Muitas tentativas de login. Aguarde alguns minutos e tente novamente.',
    });
    // Another email from the same address is not affected.
    const fine = await call(stack.gatewayUrl, login, {
      body: { email: other.email, password: other.password },
    });
    expect(fine.body.status).toBe('SUCCESS');
    // Once the window has passed, the right password works again.
    await sql(
      stack,
      `UPDATE auth.login_failures SET window_started_at = now() - interval '1 day' WHERE email = $1`,
      [user.email],
    );
    const later = await call(stack.gatewayUrl, login, {
      body: { email: user.email, password: user.password },
    });
    expect(later.body.status).toBe('SUCCESS');
  });
});
