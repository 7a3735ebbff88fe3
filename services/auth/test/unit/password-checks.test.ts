import { describe, expect, it } from 'vitest';
import { Jobs, Msg } from '@app/contracts';
import { setNewPassword } from '../../src/domain/change-password.js';
import { deleteAccount } from '../../src/domain/delete-account.js';
import { signIn } from '../../src/domain/sign-in.js';
import { countingHasher, memoryDeps } from '../fakes/memory-deps.js';

// A session token must not buy unlimited password guesses. changePassword and deleteMyAccount count a
// wrong password like a failed sign-in: per (account, address), per address, the ceiling per account, the alert.
const THIEF = '203.0.113.66';
const statusOf = (p: Promise<unknown>) =>
  p.then(
    () => 200,
    (e: { statusCode: number; message: string }) => e.statusCode,
  );

describe('password checks behind a session count like sign-in', () => {
  it('changePassword: 429 past LOGIN_MAX_FAILURES_PER_EMAIL_ADDRESS from one address, before comparing, even with the right password', async () => {
    const hasher = countingHasher();
    const store = memoryDeps(hasher);
    const ana = await store.addUser('ana@exemplo.com', 'senha-certa');
    const guess = (old: string) =>
      setNewPassword(store.deps, ana.id, 'nova-senha-1', { oldPassword: old, clientAddress: THIEF });
    for (let i = 0; i < 5; i++) expect(await statusOf(guess(`errada-${i}`))).toBe(400);
    const compared = hasher.compared.length;
    await expect(guess('senha-certa')).rejects.toMatchObject({
      statusCode: 429,
      message: Msg.passwordChecksRateLimited,
    });
    expect(hasher.compared).toHaveLength(compared);
    // The guesses count towards the sign-in limits of the account too.
    await expect(signIn(store.deps, 'ana@exemplo.com', 'senha-certa', THIEF)).rejects.toMatchObject({
      statusCode: 429,
    });
  });

  it('deleteMyAccount: wrong passwords alert the owner at LOGIN_ALERT_AFTER_FAILURES, and 429 past the limits (nothing deleted)', async () => {
    const store = memoryDeps(countingHasher(), { LOGIN_ALERT_AFTER_FAILURES: 3 });
    const ana = await store.addUser('ana@exemplo.com', 'senha-certa');
    const guess = (password: string) => deleteAccount(store.deps, ana.id, { password, clientAddress: THIEF });
    for (let i = 0; i < 5; i++)
      await expect(guess(`errada-${i}`)).rejects.toMatchObject({
        statusCode: 400,
        message: Msg.deleteAccountWrongPassword,
      });
    await expect(guess('senha-certa')).rejects.toMatchObject({
      statusCode: 429,
      message: Msg.passwordChecksRateLimited,
    });
    expect(store.state.users.find((u) => u.id === ana.id)!.deletedAt).toBeNull();
    const alerts = store.publish.mock.calls
      .filter(([def]) => def === Jobs.sendMail)
      .map(([, job]) => job as { to: string; template: string; data: { failures: string } });
    expect(alerts.length).toBeGreaterThan(0);
    expect(alerts[0]).toMatchObject({
      to: 'ana@exemplo.com',
      template: 'sign-in-alert',
      data: { failures: '3' },
    });
  });

  it('past the per-account ceiling, a password check from an address the account never signed in from is refused before comparing', async () => {
    const hasher = countingHasher();
    const store = memoryDeps(hasher, { LOGIN_MAX_FAILURES_PER_EMAIL: 4 });
    const ana = await store.addUser('ana@exemplo.com', 'senha-certa');
    await signIn(store.deps, 'ana@exemplo.com', 'senha-certa', 'casa');
    for (let i = 0; i < 4; i++)
      expect(
        await statusOf(
          setNewPassword(store.deps, ana.id, 'nova-senha-1', {
            oldPassword: `errada-${i}`,
            clientAddress: `bot-${i}`,
          }),
        ),
      ).toBe(400);
    const compared = hasher.compared.length;
    expect(
      await statusOf(deleteAccount(store.deps, ana.id, { password: 'senha-certa', clientAddress: 'bot-x' })),
    ).toBe(429);
    expect(hasher.compared).toHaveLength(compared);
    // From the owner's own address the right password still works.
    const session = await setNewPassword(store.deps, ana.id, 'nova-senha-1', {
      oldPassword: 'senha-certa',
      clientAddress: 'casa',
    });
    expect(session.email).toBe('ana@exemplo.com');
  });

  it('a right password is not counted as a failure', async () => {
    const store = memoryDeps(countingHasher());
    const ana = await store.addUser('ana@exemplo.com', 'senha-certa');
    await setNewPassword(store.deps, ana.id, 'nova-senha-1', {
      oldPassword: 'senha-certa',
      clientAddress: THIEF,
    });
    expect(store.state.attempts).toHaveLength(0);
  });
});
