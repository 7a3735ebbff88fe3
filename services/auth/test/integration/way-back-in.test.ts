import { describe, expect, inject, it } from 'vitest';
import {
  activateUser,
  changePassword,
  createNewPassword,
  getUser,
  login,
  Msg,
  requestPasswordSetup,
  resendActivation,
  type MyUser,
} from '@app/contracts';
import { call, googleUser, linkIn, uniqueEmail, waitForEmail } from '@app/testing';
import { lastSegment, signUpOnly } from './helpers.js';

/** Through the gateway on the tier's stack: the ways back into an account. */
const stack = inject('stack');

describe("'Reenviar e-mail de ativação' (POST /api/resendActivation)", () => {
  it('emails an account not active yet a fresh link that activates it; the first link no longer works', async () => {
    const { email, code: first, verifier } = await signUpOnly(stack);
    const res = await call(stack.gatewayUrl, resendActivation, { body: { email } });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(Msg.resendActivationSent);
    const mail = await waitForEmail(
      stack.mailApiUrl,
      email,
      (m) => m.subject.startsWith('Ative sua conta') && !m.html.includes(first),
    );
    const fresh = lastSegment(linkIn(mail, '/ativar/'));
    expect(
      (await call(stack.gatewayUrl, activateUser, { body: { activationCode: first, verifier } })).status,
    ).toBe(400);
    // The fresh link activates like the first one: at once in the browser that signed up.
    const activated = await call(stack.gatewayUrl, activateUser, {
      body: { activationCode: fresh, verifier },
    });
    expect(activated.body.status).toBe('SUCCESS');
  });

  it('answers an unknown email exactly as a known one', async () => {
    const { email } = await signUpOnly(stack);
    const known = await call(stack.gatewayUrl, resendActivation, { body: { email } });
    const unknown = await call(stack.gatewayUrl, resendActivation, {
      body: { email: uniqueEmail('ninguem') },
    });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
  });
});

describe('a Google account creates a password from Alterar Senha (POST /api/requestPasswordSetup)', () => {
  it('has no password; the emailed link creates one; then it signs in with it and has one', async () => {
    const member = await googleUser(stack, 'Gustavo Google');
    const me = async () =>
      (await call<MyUser>(stack.gatewayUrl, getUser, { token: member.token })).body.payload!;
    expect(await me()).toMatchObject({ fromGoogle: true, hasPassword: false });
    const withOld = await call(stack.gatewayUrl, changePassword, {
      token: member.token,
      body: { oldPassword: 'qualquer', newPassword: 'nova-senha-1', newPasswordConfirmation: 'nova-senha-1' },
    });
    expect(withOld.status).toBe(400);
    expect(withOld.body.message).toBe(Msg.passwordNotSetYet);

    const asked = await call(stack.gatewayUrl, requestPasswordSetup, { token: member.token });
    expect(asked.status).toBe(200);
    expect(asked.body.message).toBe(Msg.passwordSetupSent(member.email));
    const mail = await waitForEmail(stack.mailApiUrl, member.email, (m) =>
      m.subject.startsWith('Crie uma senha'),
    );
    const token = lastSegment(linkIn(mail, '/criar-nova-senha/'));
    const set = await call(stack.gatewayUrl, createNewPassword, {
      body: {
        recoveryToken: token,
        newPassword: 'senha-google-1',
        newPasswordConfirmation: 'senha-google-1',
      },
    });
    expect(set.body.status).toBe('SUCCESS');
    const signedIn = await call<{ token: string }>(stack.gatewayUrl, login, {
      body: { email: member.email, password: 'senha-google-1' },
    });
    expect(signedIn.body.status).toBe('SUCCESS');
    const again = await call<MyUser>(stack.gatewayUrl, getUser, { token: signedIn.body.payload!.token });
    expect(again.body.payload).toMatchObject({ fromGoogle: true, hasPassword: true });
    // With a password, no link is needed.
    const refused = await call(stack.gatewayUrl, requestPasswordSetup, {
      token: signedIn.body.payload!.token,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(Msg.passwordSetupNotNeeded);
  });

  it('refuses without a session', async () => {
    expect((await call(stack.gatewayUrl, requestPasswordSetup)).status).toBe(401);
  });
});
