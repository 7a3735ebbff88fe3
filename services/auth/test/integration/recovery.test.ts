import { describe, expect, inject, it } from 'vitest';
import {
  activateUser,
  checkRecoveryToken,
  createNewPassword,
  getUser,
  login,
  Msg,
  recoverPassword,
} from '@app/contracts';
import { call, createActiveUser, uniqueEmail, sql } from '@app/testing';
import { mailJobsDuring, recoveryTokenFor, sha256, signUpOnly } from './helpers.js';

const stack = inject('stack');

describe('recovery request (POST /api/recoverPassword)', () => {
  it('sends at most 3 recovery emails an hour to one inbox, asked from 12 addresses, answering the same text', async () => {
    const target = await createActiveUser(stack);
    const marker = await createActiveUser(stack);
    const queuedTo = await mailJobsDuring(stack, marker, async () => {
      const answers = await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          call(stack.gatewayUrl, recoverPassword, {
            body: { email: target.email },
            headers: { 'x-forwarded-for': `198.51.100.${i + 1}` },
          }),
        ),
      );
      for (const a of answers)
        expect(a.body).toEqual({ status: 'SUCCESS', message: Msg.recoverySent, payload: null });
    });
    expect(queuedTo.filter((to) => to === target.email)).toHaveLength(3);
  });

  it.each([
    ['missing', {}, 'Email é obrigatório'],
    ['empty', { email: '' }, 'Email é obrigatório'],
    ['malformed', { email: 'maria.exemplo.com' }, 'Email inválido'],
  ])('refuses an email %s with the pt-BR message', async (_n, body, message) => {
    const res = await call(stack.gatewayUrl, recoverPassword, { body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 'ERROR', message });
  });

  // That both answers take the same time is shown by counting the work in test/unit/request-recovery.test.ts.
  it('answers the same text whether or not the email has an account, and queues no mail for an unknown one', async () => {
    const user = await createActiveUser(stack);
    const unknownEmail = uniqueEmail('ninguem');
    const ask = async (email: string) => {
      const res = await call(stack.gatewayUrl, recoverPassword, { body: { email } });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        status: 'SUCCESS',
        message: 'Um email foi enviado com o código de recuperação.',
        payload: null,
      });
    };
    const queuedTo = await mailJobsDuring(stack, user, async () => {
      for (let i = 0; i < 3; i++) await ask(unknownEmail);
    });
    expect(queuedTo.filter((to) => to === unknownEmail)).toEqual([]);
  });

  it('emails a 1-hour link to /criar-nova-senha/{token}, whose token is stored only as a hash', async () => {
    const user = await createActiveUser(stack);
    const token = await recoveryTokenFor(stack, user.email);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const [row] = await sql<{ minutes: string }>(
      stack,
      `SELECT round(extract(epoch FROM expires_at - created_at) / 60) AS minutes FROM auth.one_time_codes WHERE hash = $1`,
      [sha256(token)],
    );
    expect(Number(row!.minutes)).toBe(60);
  });
});

describe('recovery token check (POST /api/checkRecoveryToken)', () => {
  it('is SUCCESS for a fresh token, names its account (email partly masked) and does not use it up', async () => {
    const user = await createActiveUser(stack, { email: uniqueEmail('recupera') });
    const token = await recoveryTokenFor(stack, user.email);
    for (let i = 0; i < 2; i++) {
      const res = await call(stack.gatewayUrl, checkRecoveryToken, { body: { recoveryToken: token } });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe('SUCCESS');
      // A link someone else sent says whose password it sets.
      expect(res.body.payload).toEqual({ email: `re***${user.email.slice(user.email.indexOf('@'))}` });
    }
  });

  it.each([
    ['unknown', { recoveryToken: 'nao-existe' }],
    ['empty', { recoveryToken: '' }],
    ['missing', {}],
  ])('answers 400 "Código inválido ou expirado" for a %s token', async (_n, body) => {
    const res = await call(stack.gatewayUrl, checkRecoveryToken, { body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 'ERROR', message: 'Código inválido ou expirado' });
  });
});

describe('new password (POST /api/createNewPassword)', () => {
  const body = (recoveryToken: string, change: Record<string, unknown> = {}) => ({
    recoveryToken,
    newPassword: 'nova-senha-1',
    newPasswordConfirmation: 'nova-senha-1',
    ...change,
  });

  it.each([
    ['password missing', { newPassword: undefined }, 'Senha é obrigatória'],
    ['password empty', { newPassword: '', newPasswordConfirmation: '' }, 'Senha é obrigatória'],
    [
      'password short',
      { newPassword: '12345', newPasswordConfirmation: '12345' },
      'A senha deve ter no mínimo 6 caracteres',
    ],
    ['confirmation missing', { newPasswordConfirmation: undefined }, 'Confirmação de senha é obrigatória'],
    ['confirmation empty', { newPasswordConfirmation: '' }, 'Confirmação de senha é obrigatória'],
    ['confirmation different', { newPasswordConfirmation: 'nova-senha-2' }, 'As senhas não coincidem'],
  ])('refuses %s with the pt-BR message', async (_n, change, message) => {
    const res = await call(stack.gatewayUrl, createNewPassword, { body: body('qualquer', change) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 'ERROR', message });
  });

  it('sets the password once: the token cannot be reused, and older sessions end', async () => {
    const user = await createActiveUser(stack);
    const token = await recoveryTokenFor(stack, user.email);
    const res = await call(stack.gatewayUrl, createNewPassword, { body: body(token) });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'SUCCESS', message: 'Sua senha foi alterada com sucesso!' });

    const reuse = await call(stack.gatewayUrl, createNewPassword, {
      body: body(token, { newPassword: 'outra-senha-9', newPasswordConfirmation: 'outra-senha-9' }),
    });
    expect(reuse.status).toBe(400);
    expect(reuse.body.message).toBe('Código inválido ou expirado');
    const check = await call(stack.gatewayUrl, checkRecoveryToken, { body: { recoveryToken: token } });
    expect(check.body.message).toBe('Código inválido ou expirado');

    expect(
      (await call(stack.gatewayUrl, login, { body: { email: user.email, password: user.password } })).status,
    ).toBe(401);
    expect(
      (await call(stack.gatewayUrl, login, { body: { email: user.email, password: 'nova-senha-1' } })).body
        .status,
    ).toBe('SUCCESS');
    expect((await call(stack.gatewayUrl, getUser, { token: user.token })).status).toBe(401);
  });

  it('refuses an expired token', async () => {
    const user = await createActiveUser(stack);
    const token = await recoveryTokenFor(stack, user.email);
    await sql(
      stack,
      `UPDATE auth.one_time_codes SET expires_at = now() - interval '1 second' WHERE hash = $1`,
      [sha256(token)],
    );
    const check = await call(stack.gatewayUrl, checkRecoveryToken, { body: { recoveryToken: token } });
    expect(check.status).toBe(400);
    expect(check.body.message).toBe('Código inválido ou expirado');
    const res = await call(stack.gatewayUrl, createNewPassword, { body: body(token) });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Código inválido ou expirado');
  });

  it('retires an older link when a new one is asked for', async () => {
    const user = await createActiveUser(stack);
    const first = await recoveryTokenFor(stack, user.email);
    const second = await recoveryTokenFor(stack, user.email, [first]);
    expect(
      (await call(stack.gatewayUrl, checkRecoveryToken, { body: { recoveryToken: first } })).status,
    ).toBe(400);
    expect(
      (await call(stack.gatewayUrl, checkRecoveryToken, { body: { recoveryToken: second } })).status,
    ).toBe(200);
  });

  it('activates a not-yet-activated account (the link proves the address); its activation link then dies', async () => {
    const pending = await signUpOnly(stack);
    const token = await recoveryTokenFor(stack, pending.email);
    expect((await call(stack.gatewayUrl, createNewPassword, { body: body(token) })).body.status).toBe(
      'SUCCESS',
    );
    const res = await call(stack.gatewayUrl, login, {
      body: { email: pending.email, password: 'nova-senha-1' },
    });
    expect(res.body.status).toBe('SUCCESS');
    const activation = await call(stack.gatewayUrl, activateUser, {
      body: { activationCode: pending.code, verifier: pending.verifier },
    });
    expect(activation.status).toBe(400);
  });
});
