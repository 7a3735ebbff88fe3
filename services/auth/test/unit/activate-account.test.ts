import { describe, expect, it } from 'vitest';
import { ErrorCode, Events, Msg } from '@app/contracts';
import { browserSecret } from '@app/testing';
import { activateAccount } from '../../src/domain/activate-account.js';
import { maskEmail } from '../../src/domain/link-confirmation.js';
import type { AuthStore } from '../../src/domain/ports.js';
import { newOneTimeSecret } from '../../src/domain/secrets.js';
import { signUp } from '../../src/domain/sign-up.js';
import { countingHasher, memoryDeps } from '../fakes/memory-deps.js';

/**
 * An activation link activates at once only in the browser that made the pending sign-up; anywhere else it
 * names the account and asks for the password chosen at that sign-up. Nobody holding the inbox but not that password
 * activates anything, and the attacker's password never signs in once the owner has signed up again.
 */

const EMAIL = 'maria@exemplo.com.br';
const HERE = '192.0.2.20';

/** A sign-up from a browser (or from none), and the code its email carries. */
async function signedUp(
  store: ReturnType<typeof memoryDeps>,
  fullname: string,
  password: string,
  nonce?: string,
): Promise<string> {
  const before = store.publish.mock.calls.length;
  await signUp(store.deps, { fullname, email: EMAIL, password, nonce }, HERE);
  const job = store.publish.mock.calls.slice(before).find(([, p]) => (p as { template?: string }).template);
  return (job![1] as { data: { code: string } }).data.code;
}

const activeRow = (store: ReturnType<typeof memoryDeps>) => store.state.users.find((u) => u.email === EMAIL)!;

describe('activateAccount: the opener shows the account is theirs', () => {
  it('in the browser that signed up: at once, as the sign-up screen promises; the code then works no more', async () => {
    const store = memoryDeps(countingHasher());
    const browser = browserSecret();
    const code = await signedUp(store, 'Maria Silva', 'senha-da-maria', browser.nonce);

    const session = await activateAccount(store.deps, code, { verifier: browser.verifier }, HERE);
    expect(session).toMatchObject({ email: EMAIL, fullname: 'Maria Silva' });
    expect(activeRow(store)).toMatchObject({ active: true, signUpBinding: null });
    expect(store.publish.mock.calls.some(([def]) => def === Events.userActivated)).toBe(true);
    await expect(
      activateAccount(store.deps, code, { verifier: browser.verifier }, HERE),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: Msg.activationInvalid,
    });
  });

  it('anywhere else: 403 naming the account (masked), then only the password of the sign-up; nothing used up before', async () => {
    const hasher = countingHasher();
    const store = memoryDeps(hasher);
    const code = await signedUp(store, 'Maria Silva', 'senha-da-maria', browserSecret().nonce);

    for (const proof of [{}, { verifier: browserSecret().verifier }])
      await expect(activateAccount(store.deps, code, proof, HERE)).rejects.toMatchObject({
        statusCode: 403,
        code: ErrorCode.CONFIRMATION_REQUIRED,
        message: Msg.activationConfirmPassword('ma***@exemplo.com.br'),
      });
    expect(hasher.compared).toEqual([]);
    await expect(activateAccount(store.deps, code, { password: 'outra-senha' }, HERE)).rejects.toMatchObject({
      statusCode: 401,
      code: ErrorCode.INVALID_CREDENTIALS,
      message: Msg.activationPasswordWrong,
    });
    expect(activeRow(store).active).toBe(false);
    // The wrong password counted like a failed sign-in; the right one is taken back.
    expect(store.attempts).toHaveLength(1);
    const session = await activateAccount(store.deps, code, { password: 'senha-da-maria' }, HERE);
    expect(session.email).toBe(EMAIL);
    expect(store.attempts).toHaveLength(1);
  });

  it('the attacker signs up first, the owner later; only the owner’s password, name and browser remain', async () => {
    const store = memoryDeps(countingHasher());
    const attackersCode = await signedUp(store, 'Átila Atacante', 'senha-do-atacante');
    const owner = browserSecret();
    const ownersCode = await signedUp(store, 'Olga Dona', 'senha-da-dona', owner.nonce);

    // The attacker's link died with the owner's sign-up, whatever it is shown.
    await expect(
      activateAccount(store.deps, attackersCode, { password: 'senha-do-atacante' }, HERE),
    ).rejects.toMatchObject({ statusCode: 400 });
    // The owner's link does not take the attacker's password.
    await expect(
      activateAccount(store.deps, ownersCode, { password: 'senha-do-atacante' }, HERE),
    ).rejects.toMatchObject({ statusCode: 401 });
    const session = await activateAccount(store.deps, ownersCode, { verifier: owner.verifier }, HERE);
    expect(session).toMatchObject({ email: EMAIL, fullname: 'Olga Dona' });
    expect(activeRow(store).passwordHash).toBe('fake$10$senha-da-dona');
  });

  it('a sign-up between the check and the use of a code leaves the code unused: it was retired', async () => {
    const store = memoryDeps(countingHasher());
    const browser = browserSecret();
    const code = await signedUp(store, 'Maria Silva', 'senha-da-maria', browser.nonce);
    const raced: AuthStore = {
      ...store.deps.store,
      async transaction(work) {
        // Someone signs up again just before this activation uses its code.
        await signUp(
          store.deps,
          { fullname: 'Átila Atacante', email: EMAIL, password: 'senha-do-atacante' },
          HERE,
        );
        return store.deps.store.transaction(work);
      },
    };
    await expect(
      activateAccount({ ...store.deps, store: raced }, code, { verifier: browser.verifier }, HERE),
    ).rejects.toMatchObject({ statusCode: 400, message: Msg.activationInvalid });
    expect(activeRow(store)).toMatchObject({ active: false, passwordHash: 'fake$10$senha-do-atacante' });
  });

  it('an unknown, used or expired code, or one of a deleted account, is the usual 400', async () => {
    const store = memoryDeps(countingHasher());
    const gone = await store.addUser('excluida@exemplo.com', 'senha-x', {
      active: false,
      deletedAt: new Date(),
    });
    const code = newOneTimeSecret();
    await store.deps.store.codes.insert(code.hash, gone.id, 'activation', new Date(Date.now() + 60_000));
    for (const activationCode of [code.secret, 'codigo-desconhecido'])
      await expect(
        activateAccount(store.deps, activationCode, { password: 'senha-x' }, HERE),
      ).rejects.toMatchObject({ statusCode: 400, message: Msg.activationInvalid });
  });
});

describe('maskEmail: the account as a link names it before it is proven', () => {
  it.each([
    ['maria.silva@exemplo.com.br', 'ma***@exemplo.com.br'],
    ['ana@exemplo.com', 'a***@exemplo.com'],
    ['jo@x.io', 'j***@x.io'],
    ['a@b.co', 'a***@b.co'],
  ])('%s → %s', (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });
});
