import { describe, expect, it } from 'vitest';
import { browserSecret } from '@app/testing';
import { ErrorCode, Events, Jobs, login, Msg, ok } from '@app/contracts';
import { bcryptHasher, decoyHash, passwordMatches } from '../../src/domain/passwords.js';
import { signIn } from '../../src/domain/sign-in.js';
import { SIGN_IN_LINK_TTL_MS, signInWithLink } from '../../src/domain/sign-in-link.js';
import { hashSecret } from '../../src/domain/secrets.js';
import { countingHasher, memoryDeps } from '../fakes/memory-deps.js';

// The answer time of a sign-in must not tell whether an email has an account. Instead of timing answers (which
// a busy machine blurs), these count the work: every credentials check costs exactly one bcrypt comparison.
const BCRYPT_COST_10 = /^\$2[aby]\$10\$[./A-Za-z0-9]{53}$/;
const HERE = '192.0.2.10';

describe('signIn: the same hashing work whether or not the account exists', () => {
  it('compares one password against a real bcrypt hash for an unknown email, like for a wrong password', async () => {
    const hasher = countingHasher();
    const store = memoryDeps(hasher);
    await store.addUser('ana@exemplo.com', 'senha-certa');

    const wrong = await signIn(store.deps, 'ana@exemplo.com', 'senha-errada', HERE).catch((e: unknown) => e);
    expect(hasher.compared).toEqual(['fake$10$senha-certa']);

    const unknown = await signIn(store.deps, 'ninguem@exemplo.com', 'senha-errada', HERE).catch(
      (e: unknown) => e,
    );
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
    const outcome = await signIn(store.deps, 'ana@exemplo.com', tried, HERE).then(
      (session) => ({ statusCode: 200, session }),
      (err: { statusCode: number }) => err,
    );
    expect(outcome.statusCode).toBe(status);
    expect(hasher.compared).toHaveLength(1);
    if (password === null) expect(hasher.compared[0]).toMatch(BCRYPT_COST_10);
  });
});

describe("signIn: the answer says the account's role", () => {
  it('a member is answered role user and the admin role admin, as the contract declares (where the SPA lands)', async () => {
    const store = memoryDeps(countingHasher());
    await store.addUser('ana@exemplo.com', 'senha-certa');
    await store.addUser('admin@exemplo.com', 'senha-admin', { role: 'admin' });
    const member = await signIn(store.deps, 'ana@exemplo.com', 'senha-certa', HERE);
    const admin = await signIn(store.deps, 'admin@exemplo.com', 'senha-admin', HERE);
    expect(member).toMatchObject({ email: 'ana@exemplo.com', fullname: 'Ana Souza', role: 'user' });
    expect(admin).toMatchObject({ email: 'admin@exemplo.com', role: 'admin' });
    expect(login.response.parse(ok(member)).payload).toEqual(member);
    expect(Object.keys(member!).sort()).toEqual(['email', 'fullname', 'role', 'token']);
  });
});

describe('signIn: failures limited so that nobody can lock the owner out', () => {
  const EMAIL = 'ana@exemplo.com';
  const fail = (store: ReturnType<typeof memoryDeps>, address: string, email = EMAIL) =>
    signIn(store.deps, email, 'senha-errada', address).catch((e: { statusCode: number }) => e.statusCode);

  it('lets the owner in after 12 failures from 12 other addresses', async () => {
    const store = memoryDeps(countingHasher());
    await store.addUser(EMAIL, 'senha-certa');
    for (let i = 0; i < 12; i++) expect(await fail(store, `203.0.113.${i}`)).toBe(401);
    const session = await signIn(store.deps, EMAIL, 'senha-certa', '198.51.100.7');
    expect(session!.email).toBe(EMAIL);
  });

  it('answers 429 from one address after LOGIN_MAX_FAILURES_PER_EMAIL_ADDRESS, before comparing any password; another address still gets in', async () => {
    const hasher = countingHasher();
    const store = memoryDeps(hasher);
    await store.addUser(EMAIL, 'senha-certa');
    for (let i = 0; i < 5; i++) expect(await fail(store, 'atacante')).toBe(401);
    expect(hasher.compared).toHaveLength(5);
    await expect(signIn(store.deps, EMAIL, 'senha-certa', 'atacante')).rejects.toMatchObject({
      statusCode: 429,
      message: Msg.loginRateLimited,
    });
    expect(hasher.compared).toHaveLength(5);
    expect((await signIn(store.deps, EMAIL, 'senha-certa', 'dona'))!.email).toBe(EMAIL);
  });

  it('answers 429 to an address that failed LOGIN_MAX_FAILURES_PER_ADDRESS times, whatever the email', async () => {
    const store = memoryDeps(countingHasher(), { LOGIN_MAX_FAILURES_PER_ADDRESS: 4 });
    await store.addUser('bia@exemplo.com', 'senha-da-bia');
    for (let i = 0; i < 4; i++) expect(await fail(store, 'varredor', `vitima${i}@exemplo.com`)).toBe(401);
    await expect(signIn(store.deps, 'bia@exemplo.com', 'senha-da-bia', 'varredor')).rejects.toMatchObject({
      statusCode: 429,
    });
    expect((await signIn(store.deps, 'bia@exemplo.com', 'senha-da-bia', 'outro'))!.email).toBe(
      'bia@exemplo.com',
    );
  });

  it('past the ceiling per email, offers a new address an emailed sign-in link (no comparison) and lets in one the account signed in from', async () => {
    const hasher = countingHasher();
    const store = memoryDeps(hasher, { LOGIN_MAX_FAILURES_PER_EMAIL: 6 });
    const owner = await store.addUser(EMAIL, 'senha-certa');
    await signIn(store.deps, EMAIL, 'senha-certa', 'casa');
    for (let i = 0; i < 6; i++) expect(await fail(store, `bot-${i}`)).toBe(401);
    const compared = hasher.compared.length;
    const browser = browserSecret();
    expect(await signIn(store.deps, EMAIL, 'senha-certa', 'novo-endereco', browser.nonce)).toBeNull();
    // A stranger past the ceiling is answered the same, and no second link goes out while the first one works.
    expect(await signIn(store.deps, EMAIL, 'outra-senha', 'bot-x')).toBeNull();
    expect(hasher.compared).toHaveLength(compared);
    const links = store.publish.mock.calls
      .filter(
        ([def, job]) => def === Jobs.sendMail && (job as { template: string }).template === 'sign-in-link',
      )
      .map(([, job]) => job as { to: string; data: { code: string } });
    expect(links).toHaveLength(1);
    expect(links[0]!.to).toBe(EMAIL);
    const stored = store.state.codes.filter((c) => c.purpose === 'sign-in-link');
    expect(stored).toHaveLength(1);
    expect(stored[0]!.hash).not.toBe(links[0]!.data.code);
    expect(stored[0]!.expiresAt.getTime() - stored[0]!.createdAt.getTime()).toBeLessThanOrEqual(
      SIGN_IN_LINK_TTL_MS,
    );

    // Bound to the browser whose sign-in asked for it.
    expect(stored[0]!.boundTo).toBe(hashSecret(browser.verifier));

    const fromThatBrowser = { verifier: browser.verifier };
    const session = await signInWithLink(store.deps, links[0]!.data.code, fromThatBrowser, 'novo-endereco');
    expect(session.email).toBe(EMAIL);
    await expect(
      signInWithLink(store.deps, links[0]!.data.code, fromThatBrowser, 'novo-endereco'),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: Msg.signInLinkInvalid,
    });
    // The address the link was used from is the owner's now: the password works there past the ceiling.
    expect((await signIn(store.deps, EMAIL, 'senha-certa', 'novo-endereco'))!.email).toBe(EMAIL);
    expect((await signIn(store.deps, EMAIL, 'senha-certa', 'casa'))!.email).toBe(owner.email);
  });

  it('the link opened in a browser that did not ask for it names the account and signs in only with its password', async () => {
    const store = memoryDeps(countingHasher(), { LOGIN_MAX_FAILURES_PER_EMAIL: 3 });
    await store.addUser(EMAIL, 'senha-certa');
    for (let i = 0; i < 3; i++) expect(await fail(store, `bot-${i}`)).toBe(401);
    // Asked by a browser (the attacker's own, or the owner's laptop); opened in another one.
    expect(await signIn(store.deps, EMAIL, 'senha-certa', 'laptop', browserSecret().nonce)).toBeNull();
    const [, job] = store.publish.mock.calls.find(([def]) => def === Jobs.sendMail)!;
    const code = (job as { data: { code: string } }).data.code;
    const elsewhere = browserSecret();

    for (const proof of [{}, { verifier: elsewhere.verifier }])
      await expect(signInWithLink(store.deps, code, proof, 'celular')).rejects.toMatchObject({
        statusCode: 403,
        code: ErrorCode.CONFIRMATION_REQUIRED,
        message: Msg.signInLinkConfirmPassword('a***@exemplo.com'),
      });
    await expect(
      signInWithLink(store.deps, code, { verifier: elsewhere.verifier, password: 'senha-errada' }, 'celular'),
    ).rejects.toMatchObject({ statusCode: 401, message: Msg.signInLinkPasswordWrong });
    // Past the ceiling, the password is compared all the same: holding the link is the proof the ceiling asks for.
    const session = await signInWithLink(store.deps, code, { password: 'senha-certa' }, 'celular');
    expect(session.email).toBe(EMAIL);
    await expect(
      signInWithLink(store.deps, code, { password: 'senha-certa' }, 'celular'),
    ).rejects.toMatchObject({
      statusCode: 400,
      message: Msg.signInLinkInvalid,
    });
  });

  it('past the ceiling per email, an email without an account is answered the same and nobody is emailed', async () => {
    const store = memoryDeps(countingHasher(), { LOGIN_MAX_FAILURES_PER_EMAIL: 3 });
    for (let i = 0; i < 3; i++) expect(await fail(store, `bot-${i}`, 'ninguem@exemplo.com')).toBe(401);
    expect(await signIn(store.deps, 'ninguem@exemplo.com', 'qualquer-1', 'novo')).toBeNull();
    expect(store.publish.mock.calls.filter(([def]) => def === Jobs.sendMail)).toHaveLength(0);
  });

  it('emails the owner once the failures reach LOGIN_ALERT_AFTER_FAILURES, under one mail id per hour', async () => {
    const store = memoryDeps(countingHasher(), { LOGIN_ALERT_AFTER_FAILURES: 3 });
    const owner = await store.addUser(EMAIL, 'senha-certa');
    for (let i = 0; i < 4; i++) await fail(store, `bot-${i}`);
    // Failures against an email with no account warn nobody.
    await fail(store, 'bot-x', 'ninguem@exemplo.com');
    const alerts = store.publish.mock.calls
      .filter(([def]) => def === Jobs.sendMail)
      .map(([, job, opts]) => ({ job, opts }) as { job: Record<string, unknown>; opts: { msgID: string } });
    expect(alerts).toHaveLength(2);
    expect(alerts[0]!.job).toMatchObject({
      to: EMAIL,
      template: 'sign-in-alert',
      data: { fullname: owner.fullname, failures: '3' },
    });
    expect(alerts[0]!.job.mailId).toMatch(
      new RegExp(`^sign-in-alert:${owner.id}:\\d{4}-\\d{2}-\\d{2}T\\d{2}$`),
    );
    expect(alerts[1]!.job.mailId).toBe(alerts[0]!.job.mailId);
    expect(alerts[1]!.opts.msgID).toBe(alerts[0]!.job.mailId);
  });

  it('gives a burst of simultaneous attempts from one address no more comparisons than the limit', async () => {
    const hasher = countingHasher();
    const store = memoryDeps(hasher);
    await store.addUser(EMAIL, 'senha-certa');
    const statuses = await Promise.all(Array.from({ length: 20 }, () => fail(store, 'rajada')));
    expect(hasher.compared.length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(15);
    expect((await signIn(store.deps, EMAIL, 'senha-certa', 'dona'))!.email).toBe(EMAIL);
  });

  it("a successful sign-in forgets that address's failures only", async () => {
    const store = memoryDeps(countingHasher());
    await store.addUser(EMAIL, 'senha-certa');
    for (let i = 0; i < 4; i++) await fail(store, 'casa');
    await fail(store, 'rua');
    await signIn(store.deps, EMAIL, 'senha-certa', 'casa');
    expect(store.attempts.map((a) => a.email)).toEqual([EMAIL]);
    // Four more from home before the per-address limit again: the count started over.
    for (let i = 0; i < 4; i++) expect(await fail(store, 'casa')).toBe(401);
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
