import { createHash, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { storeUnderSpec, type OpenStore } from '@app/testing';
import { isUniqueViolation } from '../../src/domain/deps.js';
import type { AuthStore, NewUser } from '../../src/domain/ports.js';

/**
 * The one specification of auth's storage (src/domain/ports.ts), run in the unit tier against the in-memory fake
 * (test/unit/auth-store.spec.test.ts) and in the integration tier against Postgres
 * (test/integration/auth-store.spec.test.ts). `open` makes a store no one else writes to; the tests share it, each
 * with accounts, emails and codes of its own. What the whole table answers (the user list, the counts) is stated as
 * a difference or about the test's own rows.
 */
export function authStoreSpec(open: OpenStore<AuthStore>): void {
  const store = storeUnderSpec(open);

  const newEmail = () => `ana-${randomUUID()}@exemplo.com.br`;
  /** A code's stored form: the SHA-256 of a secret. */
  const newHash = () => createHash('sha256').update(randomUUID()).digest('hex');
  const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000);

  /** Inserts an account (a live, active member with a password unless told otherwise) and answers it as stored. */
  async function newUser(changes: Partial<NewUser> = {}) {
    const row: NewUser = {
      id: randomUUID(),
      email: newEmail(),
      fullname: 'Ana Souza',
      passwordHash: '$2b$10$hash',
      googleSub: null,
      fromGoogle: false,
      role: 'user',
      active: true,
      tokenVersion: 0,
      signUpBinding: null,
      ...changes,
    };
    await store.users.insert(row);
    return (await store.users.byId(row.id))!;
  }

  const rejection = async (p: Promise<unknown>) => {
    try {
      await p;
    } catch (err) {
      return err as { code?: string };
    }
    throw new Error('expected a rejection');
  };

  describe('users', () => {
    it('finds an account by id, email and Google id, as inserted', async () => {
      const googleSub = `g-${randomUUID()}`;
      const user = await newUser({ googleSub, fromGoogle: true, passwordHash: null });
      expect(user).toEqual({
        id: user.id,
        email: user.email,
        fullname: 'Ana Souza',
        passwordHash: null,
        googleSub,
        fromGoogle: true,
        role: 'user',
        active: true,
        tokenVersion: 0,
        createdAt: expect.any(Date),
        updatedAt: expect.any(Date),
        deletedAt: null,
        signUpBinding: null,
      });
      expect(await store.users.byEmail(user.email)).toEqual(user);
      expect(await store.users.byGoogleSub(googleSub)).toEqual(user);
      expect(await store.users.byId(randomUUID())).toBeNull();
      expect(await store.users.byEmail(newEmail())).toBeNull();
      expect(await store.users.byGoogleSub(`g-${randomUUID()}`)).toBeNull();
    });

    it('refuses a taken email or Google id with a unique violation', async () => {
      const googleSub = `g-${randomUUID()}`;
      const user = await newUser({ googleSub });
      expect(isUniqueViolation(await rejection(newUser({ email: user.email })))).toBe(true);
      expect(isUniqueViolation(await rejection(newUser({ googleSub })))).toBe(true);
      expect(await store.users.byEmail(user.email)).toMatchObject({ id: user.id });
    });

    it('changes fields without ending sessions; every session-ending change adds one to the token version', async () => {
      const user = await newUser();
      await store.users.update(user.id, { fullname: 'Ana Maria' });
      expect(await store.users.byId(user.id)).toMatchObject({ fullname: 'Ana Maria', tokenVersion: 0 });

      expect(await store.users.endSessions(user.id)).toMatchObject({ id: user.id, tokenVersion: 1 });
      expect(await store.users.replacePassword(user.id, '$2b$10$new', { active: false })).toMatchObject({
        passwordHash: '$2b$10$new',
        active: false,
        tokenVersion: 2,
      });
      expect(await store.users.byId(user.id)).toMatchObject({ passwordHash: '$2b$10$new', tokenVersion: 2 });
      expect(await store.users.endSessions(randomUUID())).toBeNull();
      expect(await store.users.replacePassword(randomUUID(), '$2b$10$new')).toBeNull();
    });

    it('links Google to an account only while it was never activated', async () => {
      const inactive = await newUser({ active: false });
      const googleSub = `g-${randomUUID()}`;
      expect(await store.users.claimInactiveForGoogle(inactive.id, googleSub, 'Ana do Google')).toMatchObject(
        {
          googleSub,
          fullname: 'Ana do Google',
          active: true,
          passwordHash: null,
          tokenVersion: 1,
        },
      );
      expect(await store.users.claimInactiveForGoogle(inactive.id, `g-${randomUUID()}`, 'Outra')).toBeNull();
      const active = await newUser();
      expect(await store.users.claimInactiveForGoogle(active.id, `g-${randomUUID()}`, 'Outra')).toBeNull();
      expect(await store.users.byId(active.id)).toMatchObject({ googleSub: null, tokenVersion: 0 });
    });

    it('replaces a pending sign-up (password, name, browser) only while the account is not active', async () => {
      const pending = await newUser({ active: false, signUpBinding: newHash() });
      const binding = newHash();
      const signUp = { passwordHash: '$2b$10$owner', fullname: 'Dona da Conta', signUpBinding: binding };
      expect(await store.users.replacePendingSignUp(pending.id, signUp)).toMatchObject({
        ...signUp,
        active: false,
        tokenVersion: 0,
      });
      expect(
        await store.users.replacePendingSignUp(pending.id, { ...signUp, signUpBinding: null }),
      ).toMatchObject({ signUpBinding: null });
      const active = await newUser();
      expect(await store.users.replacePendingSignUp(active.id, signUp)).toBeNull();
      expect(await store.users.byId(active.id)).toMatchObject({
        passwordHash: '$2b$10$hash',
        fullname: 'Ana Souza',
      });
      expect(await store.users.replacePendingSignUp(randomUUID(), signUp)).toBeNull();
      // Google claiming the account forgets the browser of the sign-up with its password.
      const claimed = await store.users.claimInactiveForGoogle(
        pending.id,
        `g-${randomUUID()}`,
        'Dona do Google',
      );
      expect(claimed).toMatchObject({ passwordHash: null, signUpBinding: null });
    });

    it('makes an account an active admin once', async () => {
      const member = await newUser({ active: false });
      expect(await store.users.makeActiveAdmin(member.id)).toMatchObject({
        role: 'admin',
        active: true,
        tokenVersion: 1,
      });
      expect(await store.users.makeActiveAdmin(member.id)).toBeNull();
      expect(await store.users.byId(member.id)).toMatchObject({ role: 'admin', tokenVersion: 1 });
    });

    it('anonymises a live account once: its email is free again and it is out of the list and the counts', async () => {
      const before = await store.users.stats();
      const user = await newUser({ googleSub: `g-${randomUUID()}` });
      const google = await newUser({ fromGoogle: true, passwordHash: null });
      const placeholder = { email: `excluida-${user.id}@conta.invalid`, fullname: 'Conta excluída' };
      expect(await store.users.anonymise(user.id, placeholder)).toMatchObject({
        ...placeholder,
        passwordHash: null,
        googleSub: null,
        active: false,
        deletedAt: expect.any(Date),
        tokenVersion: 1,
      });
      expect(await store.users.anonymise(user.id, placeholder)).toBeNull();
      expect(await store.users.byEmail(user.email)).toBeNull();
      await newUser({ email: user.email });

      const after = await store.users.stats();
      expect({
        totalUsers: after.totalUsers - before.totalUsers,
        usersGoogle: after.usersGoogle - before.usersGoogle,
        usersLocal: after.usersLocal - before.usersLocal,
      }).toEqual({ totalUsers: 2, usersGoogle: 1, usersLocal: 1 });
      const list = await store.users.page(100_000, 0);
      expect(list.total).toBe(after.totalUsers);
      const listed = list.rows.map((r) => r.id);
      expect(listed).toContain(google.id);
      expect(listed).not.toContain(user.id);
    });

    it('pages the live accounts with a limit and an offset', async () => {
      await newUser();
      await newUser();
      const all = await store.users.page(100_000, 0);
      const second = await store.users.page(1, 1);
      expect(second.total).toBe(all.total);
      expect(second.rows.map((r) => r.id)).toEqual([all.rows[1]!.id]);
      expect((await store.users.page(10, all.total)).rows).toEqual([]);
    });
  });

  describe('one-time codes: a code works once', () => {
    it('is used once, for its purpose, before it expires', async () => {
      const user = await newUser();
      const hash = newHash();
      await store.codes.insert(hash, user.id, 'activation', inMinutes(60));
      expect(await store.codes.findUsable(hash, 'activation')).toEqual({ userId: user.id, boundTo: null });
      expect(await store.codes.findUsable(hash, 'recovery')).toBeNull();
      expect(await store.codes.consume(hash, 'recovery')).toBeNull();
      expect(await store.codes.consume(hash, 'activation')).toBe(user.id);
      expect(await store.codes.consume(hash, 'activation')).toBeNull();
      expect(await store.codes.findUsable(hash, 'activation')).toBeNull();

      const expired = newHash();
      await store.codes.insert(expired, user.id, 'recovery', inMinutes(-1));
      expect(await store.codes.findUsable(expired, 'recovery')).toBeNull();
      expect(await store.codes.consume(expired, 'recovery')).toBeNull();
      expect(await store.codes.consume(newHash(), 'recovery')).toBeNull();
    });

    it('is used once when many redeem it at once', async () => {
      const user = await newUser();
      const hash = newHash();
      await store.codes.insert(hash, user.id, 'recovery', inMinutes(60));
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => store.codes.consume(hash, 'recovery')),
      );
      expect(answers.filter((a) => a === user.id)).toHaveLength(1);
    });

    it('when bound to a secret, is used only with it', async () => {
      const user = await newUser();
      const hash = newHash();
      const tab = newHash();
      await store.codes.insert(hash, user.id, 'google-sign-in', inMinutes(5), tab);
      expect(await store.codes.findUsable(hash, 'google-sign-in')).toEqual({ userId: user.id, boundTo: tab });
      expect(await store.codes.consume(hash, 'google-sign-in', newHash())).toBeNull();
      expect(await store.codes.consume(hash, 'google-sign-in', tab)).toBe(user.id);
    });

    it('refuses a taken hash, and a code of an unknown account', async () => {
      const user = await newUser();
      const hash = newHash();
      await store.codes.insert(hash, user.id, 'activation', inMinutes(60));
      expect(
        isUniqueViolation(await rejection(store.codes.insert(hash, user.id, 'recovery', inMinutes(60)))),
      ).toBe(true);
      expect(
        await rejection(store.codes.insert(newHash(), randomUUID(), 'recovery', inMinutes(60))),
      ).toMatchObject({
        code: '23503',
      });
    });

    it("tells whether an account has a usable code; retires a purpose's unused codes; removes all of an account's", async () => {
      const user = await newUser();
      const other = await newUser();
      const [a, b, c, d] = [newHash(), newHash(), newHash(), newHash()];
      expect(await store.codes.hasUsableFor(user.id, 'recovery')).toBe(false);
      await store.codes.insert(a, user.id, 'recovery', inMinutes(60));
      await store.codes.insert(b, user.id, 'recovery', inMinutes(60));
      await store.codes.insert(c, user.id, 'sign-in-link', inMinutes(60));
      await store.codes.insert(d, other.id, 'recovery', inMinutes(60));
      expect(await store.codes.hasUsableFor(user.id, 'recovery')).toBe(true);
      await store.codes.retireUnused(user.id, 'recovery');
      expect(await store.codes.hasUsableFor(user.id, 'recovery')).toBe(false);
      expect(await store.codes.consume(a, 'recovery')).toBeNull();
      expect(await store.codes.findUsable(c, 'sign-in-link')).not.toBeNull();
      expect(await store.codes.findUsable(d, 'recovery')).not.toBeNull();
      await store.codes.removeAll(user.id);
      expect(await store.codes.findUsable(c, 'sign-in-link')).toBeNull();
      expect(await store.codes.findUsable(d, 'recovery')).not.toBeNull();
      // A removed hash may be stored again.
      await store.codes.insert(a, other.id, 'recovery', inMinutes(60));
    });

    it('makes transactions that look, then insert, under the lock take turns: one code', async () => {
      const user = await newUser();
      const inserted = await Promise.all(
        Array.from({ length: 5 }, () =>
          store.transaction(async (tx) => {
            await tx.codes.lockFor(user.id, 'sign-in-link');
            if (await tx.codes.hasUsableFor(user.id, 'sign-in-link')) return false;
            await tx.codes.insert(newHash(), user.id, 'sign-in-link', inMinutes(15));
            return true;
          }),
        ),
      );
      expect(inserted.filter(Boolean)).toHaveLength(1);
    });
  });

  describe('attempts', () => {
    it('counts by email, by address or both, per kind; forgets one, an address, or every address', async () => {
      const email = newEmail();
      const other = newEmail();
      const ids = [
        await store.attempts.record('sign-in-failure', email, 'casa'),
        await store.attempts.record('sign-in-failure', email, 'casa'),
        await store.attempts.record('sign-in-failure', email, 'rua'),
        await store.attempts.record('recovery', email, 'casa'),
        await store.attempts.record('sign-in-failure', other, 'casa'),
      ];
      expect(new Set(ids).size).toBe(5);
      const count = (by: { email?: string; addressHash?: string }, kind = 'sign-in-failure' as const) =>
        store.attempts.count(kind, by, 15);
      expect(await count({ email })).toBe(3);
      expect(await count({ email, addressHash: 'casa' })).toBe(2);
      expect(await store.attempts.count('recovery', { email }, 15)).toBe(1);
      expect(await count({ email: newEmail() })).toBe(0);

      await store.attempts.forget(ids[0]!);
      expect(await count({ email, addressHash: 'casa' })).toBe(1);
      await store.attempts.clear('sign-in-failure', email, 'rua');
      expect(await count({ email })).toBe(1);
      await store.attempts.clear('sign-in-failure', email);
      expect(await count({ email })).toBe(0);
      expect(await store.attempts.count('recovery', { email }, 15)).toBe(1);
      await store.attempts.forgetEmail(email);
      expect(await store.attempts.count('recovery', { email }, 15)).toBe(0);
      expect(await count({ email: other })).toBe(1);
    });

    it('makes transactions that count, then record, under the lock take turns', async () => {
      const email = newEmail();
      const address = `addr-${randomUUID()}`;
      const recorded = await Promise.all(
        Array.from({ length: 6 }, () =>
          store.transaction(async (tx) => {
            await tx.attempts.lock('recovery', email, address);
            if ((await tx.attempts.count('recovery', { email }, 60)) >= 3) return false;
            await tx.attempts.record('recovery', email, address);
            return true;
          }),
        ),
      );
      expect(recorded.filter(Boolean)).toHaveLength(3);
      expect(await store.attempts.count('recovery', { email, addressHash: address }, 60)).toBe(3);
    });
  });

  describe('known addresses and the admin bootstrap', () => {
    it("remembers an account's addresses until the account is forgotten", async () => {
      const user = await newUser();
      const other = await newUser();
      expect(await store.knownAddresses.has(user.id, 'casa')).toBe(false);
      await store.knownAddresses.remember(user.id, 'casa');
      await store.knownAddresses.remember(user.id, 'casa');
      await store.knownAddresses.remember(other.id, 'casa');
      expect(await store.knownAddresses.has(user.id, 'casa')).toBe(true);
      expect(await store.knownAddresses.has(user.id, 'rua')).toBe(false);
      await store.knownAddresses.forgetUser(user.id);
      expect(await store.knownAddresses.has(user.id, 'casa')).toBe(false);
      expect(await store.knownAddresses.has(other.id, 'casa')).toBe(true);
      expect(await rejection(store.knownAddresses.remember(randomUUID(), 'casa'))).toMatchObject({
        code: '23503',
      });
    });

    it('keeps the hash of the admin password last applied, per email', async () => {
      const email = newEmail();
      expect(await store.adminBootstrap.appliedPasswordHash(email)).toBeNull();
      await store.transaction(async (tx) => {
        await tx.adminBootstrap.lock();
        await tx.adminBootstrap.saveAppliedPasswordHash(email, '$2b$10$first');
      });
      await store.adminBootstrap.saveAppliedPasswordHash(email, '$2b$10$second');
      expect(await store.adminBootstrap.appliedPasswordHash(email)).toBe('$2b$10$second');
      expect(await store.adminBootstrap.appliedPasswordHash(newEmail())).toBeNull();
    });
  });

  describe('transactions', () => {
    it('keep nothing of one that rejects, and all of one that resolves', async () => {
      const id = randomUUID();
      const email = newEmail();
      const hash = newHash();
      const row: NewUser = {
        id,
        email,
        fullname: 'Ana Souza',
        passwordHash: '$2b$10$hash',
        googleSub: null,
        fromGoogle: false,
        role: 'user',
        active: false,
        tokenVersion: 0,
        signUpBinding: null,
      };
      await expect(
        store.transaction(async (tx) => {
          await tx.users.insert(row);
          await tx.codes.insert(hash, id, 'activation', inMinutes(60));
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      expect(await store.users.byId(id)).toBeNull();
      expect(await store.codes.findUsable(hash, 'activation')).toBeNull();

      await store.transaction(async (tx) => {
        await tx.users.insert(row);
        await tx.codes.insert(hash, id, 'activation', inMinutes(60));
      });
      expect(await store.users.byEmail(email)).toMatchObject({ id });
      expect(await store.codes.consume(hash, 'activation')).toBe(id);
    });
  });
}
