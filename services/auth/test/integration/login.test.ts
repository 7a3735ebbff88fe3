import { describe, expect, inject, it } from 'vitest';
import { login } from '@app/contracts';
import { call, createActiveUser, uniqueEmail, sql, waitForEmail } from '@app/testing';
import { sha256 } from './helpers.js';

const stack = inject('stack');

describe('sign-in (POST /api/login)', () => {
  it.each([
    ['email missing', { password: 'senha-boa-1' }, 'Email é obrigatório'],
    ['email empty', { email: '', password: 'senha-boa-1' }, 'Email é obrigatório'],
    ['email malformed', { email: 'sem-arroba', password: 'senha-boa-1' }, 'Email inválido'],
    ['password missing', { email: 'a@b.com' }, 'Senha é obrigatória'],
    ['password empty', { email: 'a@b.com', password: '' }, 'Senha é obrigatória'],
    ['password short', { email: 'a@b.com', password: '12345' }, 'Senha deve ter pelo menos 6 caracteres'],
  ])('refuses %s with the pt-BR message', async (_n, body, message) => {
    const res = await call(stack.gatewayUrl, login, { body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 'ERROR', message });
  });

  it('answers {token, email, fullname, role} for the right password, with the email in any case and spacing', async () => {
    const user = await createActiveUser(stack, { fullname: 'Rafael Lima' });
    const res = await call<{ token: string; email: string; fullname: string }>(stack.gatewayUrl, login, {
      body: { email: `  ${user.email.toUpperCase()}  `, password: user.password },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      status: 'SUCCESS',
      payload: { email: user.email, fullname: 'Rafael Lima', role: 'user' },
    });
    // The answer as the contract declares it (the gateway passes the role on): what the SPA lands by.
    expect(login.response.parse(res.body).payload?.role).toBe('user');
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
    // The role tells the SPA to land on the statistics, asking no validateTokenAdmin (a member's would be a 403).
    expect(res.body.payload).toMatchObject({ role: 'admin' });
  });

  const from = (address: string) => ({ 'x-forwarded-for': address });
  const attempt = (email: string, password: string, address: string) =>
    call(stack.gatewayUrl, login, { body: { email, password }, headers: from(address) });

  it('lets the owner in after 12 failures from 12 other addresses, and tells the owner by email', async () => {
    const user = await createActiveUser(stack);
    for (let i = 0; i < 12; i++)
      expect((await attempt(user.email, `errada-${i}`, `203.0.113.${i + 1}`)).status).toBe(401);
    const owner = await attempt(user.email, user.password, '198.51.100.20');
    expect(owner.body.status).toBe('SUCCESS');
    const alert = await waitForEmail(stack.mailApiUrl, user.email, (m) =>
      m.subject.startsWith('Tentativas de entrar na sua conta'),
    );
    expect(alert.text).toContain('tentativas de entrar na sua conta com uma senha errada');
  });

  it('answers 429 with a clear pt-BR message to one address after too many failures there, even with the right password; the owner elsewhere gets in', async () => {
    const user = await createActiveUser(stack);
    const limit = Number(stack.env.auth?.LOGIN_MAX_FAILURES_PER_EMAIL_ADDRESS ?? 5);
    for (let i = 0; i < limit; i++)
      expect((await attempt(user.email, `errada-${i}`, '192.0.2.66')).status).toBe(401);
    const blocked = await attempt(user.email, user.password, '192.0.2.66');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({
      status: 'ERROR',
      code: 'RATE_LIMITED',
      message: 'Muitas tentativas de login. Aguarde alguns minutos e tente novamente.',
    });
    expect((await attempt(user.email, user.password, '192.0.2.67')).body.status).toBe('SUCCESS');
    // Once the window has passed, the right password works from that address again.
    await sql(stack, `UPDATE auth.attempts SET at = now() - interval '1 day' WHERE email = $1`, [user.email]);
    expect((await attempt(user.email, user.password, '192.0.2.66')).body.status).toBe('SUCCESS');
  });

  it('keeps the caller address only as a hash, and a caller cannot name its own address', async () => {
    const user = await createActiveUser(stack);
    await call(stack.gatewayUrl, login, {
      body: { email: user.email, password: 'errada-1' },
      // Headers the gateway strips: only its own signed address reaches auth.
      headers: {
        'x-client-address': '10.1.2.3',
        'x-client-address-signature': 'forjada',
        ...from('192.0.2.90'),
      },
    });
    const rows = await sql<{ address_hash: string }>(
      stack,
      'SELECT address_hash FROM auth.attempts WHERE email = $1',
      [user.email],
    );
    expect(rows).toEqual([{ address_hash: sha256('address:192.0.2.90') }]);
  });
});
