import { describe, expect, inject, it } from 'vitest';
import { changePassword, deleteMyAccount, login, Msg } from '@app/contracts';
import { call, createActiveUser, waitForEmail } from '@app/testing';

const stack = inject('stack');

// With a session token, changePassword and deleteMyAccount took unlimited password guesses (80 in a
// row, no 429, no alert). They now count like sign-in: per account and address, per address, the owner is alerted.
const from = (address: string) => ({ 'x-forwarded-for': address });

describe('password checks behind a session count like sign-in', () => {
  it('changePassword and deleteMyAccount answer 429 past the limits and the owner is emailed; nothing changes', async () => {
    const user = await createActiveUser(stack);
    const limit = Number(stack.env.auth?.LOGIN_MAX_FAILURES_PER_EMAIL_ADDRESS ?? 5);
    const change = (oldPassword: string, address: string) =>
      call(stack.gatewayUrl, changePassword, {
        token: user.token,
        headers: from(address),
        body: { oldPassword, newPassword: 'senha-do-ladrao', newPasswordConfirmation: 'senha-do-ladrao' },
      });
    const remove = (password: string, address: string) =>
      call(stack.gatewayUrl, deleteMyAccount, {
        token: user.token,
        headers: from(address),
        body: { password },
      });

    for (let i = 0; i < limit; i++) {
      const res = await change(`chute-${i}`, '203.0.113.80');
      expect([res.status, res.body.message]).toEqual([400, Msg.currentPasswordWrong]);
    }
    const blocked = await change(user.password, '203.0.113.80');
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({
      status: 'ERROR',
      code: 'RATE_LIMITED',
      message: Msg.passwordChecksRateLimited,
    });

    for (let i = 0; i < limit; i++) {
      const res = await remove(`chute-${i}`, '203.0.113.81');
      expect([res.status, res.body.message]).toEqual([400, Msg.deleteAccountWrongPassword]);
    }
    const blockedDelete = await remove(user.password, '203.0.113.81');
    expect([blockedDelete.status, blockedDelete.body.message]).toEqual([429, Msg.passwordChecksRateLimited]);

    // The owner was told (LOGIN_ALERT_AFTER_FAILURES is 10), and the account is as it was.
    const alert = await waitForEmail(stack.mailApiUrl, user.email, (m) =>
      m.subject.startsWith('Tentativas de entrar na sua conta'),
    );
    expect(alert.text).toContain('tentativas de entrar na sua conta com uma senha errada');
    const owner = await call(stack.gatewayUrl, login, {
      body: { email: user.email, password: user.password },
      headers: from('198.51.100.80'),
    });
    expect(owner.body.status).toBe('SUCCESS');
  });
});
