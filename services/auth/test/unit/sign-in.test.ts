import { describe, expect, it } from 'vitest';
import { Events, Msg } from '@app/contracts';
import { bcryptHasher, decoyHash, passwordMatches } from '../../src/domain/passwords.js';
import { signIn } from '../../src/domain/sign-in.js';
import { countingHasher, memoryDeps } from './memory-deps.js';

// The answer time of a sign-in must not tell whether an email has an account. Instead of timing answers (which
// a busy machine blurs), these count the work: every credentials check costs exactly one bcrypt comparison.
const BCRYPT_COST_10 = /^\$2[aby]\$10\$[./A-Za-z0-9]{53}$/;

describe('signIn: the same hashing work whether or not the account exists', () => {
  it('compares one password against a real bcrypt hash for an unknown email, like for a wrong password', async () => {
    const hasher = countingHasher();
    const store = memoryDeps(hasher);
    await store.addUser('ana@exemplo.com', 'senha-certa');

    const wrong = await signIn(store.deps, 'ana@exemplo.com', 'senha-errada').catch((e: unknown) => e);
    expect(hasher.compared).toEqual(['fake$10$senha-certa']);

    const unknown = await signIn(store.deps, 'ninguem@exemplo.com', 'senha-errada').catch((e: unknown) => e);
    expect(hasher.compared).toHaveLength(2);
    // The stand-in hash is a real bcrypt hash of the same cost as the accounts' (BCRYPT_COST 10).
    expect(hasher.compared[1]).toMatch(BCRYPT_COST_10);

    for (const err of [wrong, unknown]) {
      expect(err).toMatchObject({ statusCode: 401, code: 'INVALID_CREDENTIALS', message: Msg.loginFailed });
    }
    expect(
      store.publish.mock.calls.map(([def, payload]) => [def, (payload as { reason: string }).reason]),
    ).toEqual([
      [Events.loginFailed, 'credentials'],
      [Events.loginFailed, 'credentials'],
    ]);
  });

  it.each([
    ['an account without a password (Google)', null, {}, 'qualquer-senha', 401],
    ['an inactive account, right password', 'senha-certa', { active: false }, 'senha-certa', 403],
    ['an active account, right password', 'senha-certa', {}, 'senha-certa', 200],
  ] as const)('compares exactly one password for %s', async (_n, password, changes, tried, status) => {
    const hasher = countingHasher();
    const store = memoryDeps(hasher);
    await store.addUser('ana@exemplo.com', password, changes);
    const outcome = await signIn(store.deps, 'ana@exemplo.com', tried).then(
      (session) => ({ statusCode: 200, session }),
      (err: { statusCode: number }) => err,
    );
    expect(outcome.statusCode).toBe(status);
    expect(hasher.compared).toHaveLength(1);
    if (password === null) expect(hasher.compared[0]).toMatch(BCRYPT_COST_10);
  });

  it('answers 429 before comparing any password once an email has too many failures', async () => {
    const hasher = countingHasher();
    const store = memoryDeps(hasher, { LOGIN_MAX_FAILURES_PER_EMAIL: 3 });
    await store.addUser('ana@exemplo.com', 'senha-certa');
    for (let i = 0; i < 3; i++)
      await expect(signIn(store.deps, 'ana@exemplo.com', `errada-${i}`)).rejects.toThrow();
    expect(hasher.compared).toHaveLength(3);

    await expect(signIn(store.deps, 'ana@exemplo.com', 'senha-certa')).rejects.toMatchObject({
      statusCode: 429,
      message: Msg.loginRateLimited,
    });
    expect(hasher.compared).toHaveLength(3);
  });
});

describe('passwordMatches with bcrypt', () => {
  it("never matches without a stored hash, even with the stand-in hash's own password", async () => {
    expect(await passwordMatches(bcryptHasher, 'decoy-password-never-matches', null, 10)).toBe(false);
  });

  it('compares an unknown account against a decoy of the configured cost, as expensive as a real hash', () => {
    expect(decoyHash(11).startsWith('$2b$11$')).toBe(true);
    expect(decoyHash(10).startsWith('$2b$10$')).toBe(true);
    expect(decoyHash(11)).toBe(decoyHash(11));
  });

  it('matches the password a hash was made from, and only that one', async () => {
    const hash = await bcryptHasher.hash('senha-certa', 10);
    expect(await passwordMatches(bcryptHasher, 'senha-certa', hash, 10)).toBe(true);
    expect(await passwordMatches(bcryptHasher, 'senha-errada', hash, 10)).toBe(false);
  });
});
