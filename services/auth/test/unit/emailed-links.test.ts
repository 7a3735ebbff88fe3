import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ErrorCode, Msg } from '@app/contracts';
import { setNewPassword } from '../../src/domain/change-password.js';
import { toMyUser } from '../../src/domain/public-user.js';
import { sendPasswordSetupLink } from '../../src/domain/request-password-setup.js';
import { requestRecovery, RECOVERY_MIN_ANSWER_MS } from '../../src/domain/request-recovery.js';
import { resendActivationLink } from '../../src/domain/resend-activation.js';
import { hashSecret, RECOVERY_TTL_MS } from '../../src/domain/secrets.js';
import { countingHasher, memoryDeps } from '../fakes/memory-deps.js';

type Job = { mailId: string; to: string; template: string; data: Record<string, string> };
const jobs = (store: ReturnType<typeof memoryDeps>) =>
  store.publish.mock.calls.map((call) => call[1] as unknown as Job);

/** Resolves a request held by the answer floor (fake timers: no waiting on a busy machine's clock). */
async function settled<T>(promise: Promise<T>): Promise<T> {
  await vi.advanceTimersByTimeAsync(RECOVERY_MIN_ANSWER_MS);
  return promise;
}

describe("resendActivation: 'Reenviar e-mail de ativação'", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('emails an account not yet active a fresh link; the older unused link stops working', async () => {
    const store = memoryDeps(countingHasher());
    const user = await store.addUser('ana@exemplo.com', 'senha-certa', { active: false });
    await store.deps.store.codes.insert('hash-antigo', user.id, 'activation', new Date(Date.now() + 60_000));

    await settled(resendActivationLink(store.deps, 'ana@exemplo.com', '192.0.2.1'));

    const [job] = jobs(store);
    expect(job).toMatchObject({ to: 'ana@exemplo.com', template: 'activation' });
    expect(job!.mailId).toMatch(new RegExp(`^activation:${user.id}:`));
    expect(await store.deps.store.codes.findUsable('hash-antigo', 'activation')).toBeNull();
    expect(await store.deps.store.codes.findUsable(hashSecret(job!.data.code!), 'activation')).not.toBeNull();
  });

  it('keeps the pending sign-up as it is: its password and its browser, whoever asked', async () => {
    const store = memoryDeps(countingHasher());
    const binding = hashSecret('segredo-do-navegador-do-cadastro');
    const user = await store.addUser('ana@exemplo.com', 'senha-do-cadastro', {
      active: false,
      signUpBinding: binding,
    });
    await settled(resendActivationLink(store.deps, 'ana@exemplo.com', '192.0.2.9'));
    expect(store.state.users[0]).toMatchObject({
      id: user.id,
      passwordHash: user.passwordHash,
      signUpBinding: binding,
    });
  });

  it('sends nothing for an unknown email, an active account or a deleted one, counting the request all the same', async () => {
    const store = memoryDeps(countingHasher());
    await store.addUser('ativa@exemplo.com', 'senha-certa');
    await store.addUser('excluida@exemplo.com', null, { active: false, deletedAt: new Date() });
    for (const email of ['ninguem@exemplo.com', 'ativa@exemplo.com', 'excluida@exemplo.com'])
      await settled(resendActivationLink(store.deps, email, '192.0.2.1'));
    expect(store.publish).not.toHaveBeenCalled();
    expect(store.attempts).toHaveLength(3);
  });

  it('shares the limit of recovery links: 3 links an hour to one inbox, whatever asked for them', async () => {
    const store = memoryDeps(countingHasher());
    await store.addUser('ana@exemplo.com', 'senha-certa', { active: false });
    await settled(requestRecovery(store.deps, 'ana@exemplo.com', '192.0.2.1'));
    for (let i = 0; i < 4; i++)
      await settled(resendActivationLink(store.deps, 'ana@exemplo.com', `192.0.2.${i + 2}`));
    expect(jobs(store).map((j) => j.template)).toEqual(['recovery', 'activation', 'activation']);
  });
});

describe('a Google account without a password', () => {
  it('getUser says it has none; one with a password says it has one', async () => {
    const store = memoryDeps(countingHasher());
    const google = await store.addUser('g@exemplo.com', null);
    const local = await store.addUser('l@exemplo.com', 'senha-certa');
    expect(toMyUser(google)).toMatchObject({ fromGoogle: true, hasPassword: false });
    expect(toMyUser(local)).toMatchObject({ fromGoogle: false, hasPassword: true });
  });

  it('asks for a link to create one: a single-use recovery link of 1 hour, emailed to the account', async () => {
    const store = memoryDeps(countingHasher());
    const user = await store.addUser('g@exemplo.com', null, { fullname: 'Gustavo Google' });
    expect(await sendPasswordSetupLink(store.deps, user.id, '192.0.2.1')).toEqual({ email: 'g@exemplo.com' });
    const [job] = jobs(store);
    expect(job).toMatchObject({
      to: 'g@exemplo.com',
      template: 'password-setup',
      data: { fullname: 'Gustavo Google' },
    });
    expect(store.codes).toMatchObject([
      { userId: user.id, purpose: 'recovery', hash: hashSecret(job!.data.token!) },
    ]);
    expect(store.codes[0]!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(RECOVERY_TTL_MS);
  });

  it('is refused to an account that has a password, and past the hourly limit (429, pt-BR)', async () => {
    const store = memoryDeps(countingHasher());
    const local = await store.addUser('l@exemplo.com', 'senha-certa');
    await expect(sendPasswordSetupLink(store.deps, local.id, null)).rejects.toMatchObject({
      statusCode: 409,
      message: Msg.passwordSetupNotNeeded,
    });
    const google = await store.addUser('g@exemplo.com', null);
    for (let i = 0; i < 3; i++) await sendPasswordSetupLink(store.deps, google.id, '192.0.2.1');
    await expect(sendPasswordSetupLink(store.deps, google.id, '192.0.2.1')).rejects.toMatchObject({
      statusCode: 429,
      code: ErrorCode.RATE_LIMITED,
      message: Msg.passwordSetupRateLimited,
    });
    expect(jobs(store)).toHaveLength(3);
  });

  it("'Alterar senha' with a current password tells it has none, instead of calling it wrong", async () => {
    const store = memoryDeps(countingHasher());
    const google = await store.addUser('g@exemplo.com', null);
    await expect(
      setNewPassword(store.deps, google.id, 'nova-senha-1', {
        oldPassword: 'qualquer',
        clientAddress: null,
      }),
    ).rejects.toMatchObject({ statusCode: 400, message: Msg.passwordNotSetYet });
  });
});
