import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  adminChangePassword,
  changePassword,
  createNewPassword,
  Events,
  loginGoogle,
  type MessagePayload,
} from '@app/contracts';
import { createLogger, openDatabase, type Bus } from '@app/kit';
import {
  adminToken,
  call,
  connectBus,
  createActiveUser,
  googleCredential,
  loginWith,
  sql,
  userIdOf,
} from '@app/testing';
import type { AuthDeps } from '../../src/domain/deps.js';
import { bootstrapAdmin } from '../../src/domain/bootstrap-admin.js';
import { bcryptHasher } from '../../src/domain/passwords.js';
import { SessionTokens } from '../../src/domain/session-tokens.js';
import { entities } from '../../src/persistence/entities.js';
import { authStore } from '../../src/persistence/store.js';
import { CreateAuthTables1732240000000 } from '../../src/persistence/migrations/1732240000000-CreateAuthTables.js';
import { eventsDuring, recoveryTokenFor, signUpOnly } from './helpers.js';

/**
 * auth tells every gateway when a user's older sessions end (`events.auth.sessions.revoked`), on every path that
 * bumps the token version, once the change is committed, with the new version and no secret.
 */
const stack = inject('stack');
let bus: Bus;
type Revoked = MessagePayload<typeof Events.sessionsRevoked>;

beforeAll(async () => {
  bus = await connectBus(stack, 'auth-revocation-test');
});
afterAll(() => bus.drain());

/** The revocation events published while `fn` runs (drained by a marker event: helpers.ts). */
const revocationsDuring = (fn: () => Promise<unknown>) =>
  eventsDuring<Revoked>(stack, bus, Events.sessionsRevoked.subject, fn);

const versionOf = async (userId: string) =>
  (
    await sql<{ token_version: number }>(stack, 'SELECT token_version FROM auth.users WHERE id = $1', [
      userId,
    ])
  )[0]!.token_version;

function expectEvent(events: Revoked[], userId: string, tokenVersion: number, secrets: string[]) {
  expect(events).toEqual([
    {
      eventId: `events.auth.sessions.revoked:${userId}:${tokenVersion}`,
      at: expect.any(String),
      userId,
      tokenVersion,
    },
  ]);
  for (const secret of secrets) expect(JSON.stringify(events)).not.toContain(secret);
}

describe('sessionsRevoked', () => {
  it('is published when a user changes the password, with the new token version', async () => {
    const user = await createActiveUser(stack);
    const userId = await userIdOf(stack, user.token);
    const events = await revocationsDuring(() =>
      call(stack.gatewayUrl, changePassword, {
        token: user.token,
        body: {
          oldPassword: user.password,
          newPassword: 'senha-nova-77',
          newPasswordConfirmation: 'senha-nova-77',
        },
      }),
    );
    expect(await versionOf(userId)).toBe(1);
    expectEvent(events, userId, 1, [user.token, user.password, 'senha-nova-77']);
  });

  it('is published when a recovery link sets a new password', async () => {
    const user = await createActiveUser(stack);
    const userId = await userIdOf(stack, user.token);
    const recovery = await recoveryTokenFor(stack, user.email);
    const events = await revocationsDuring(() =>
      call(stack.gatewayUrl, createNewPassword, {
        body: {
          recoveryToken: recovery,
          newPassword: 'nova-senha-88',
          newPasswordConfirmation: 'nova-senha-88',
        },
      }),
    );
    expectEvent(events, userId, await versionOf(userId), [recovery, 'nova-senha-88']);
  });

  it("is published when the admin changes the admin's password", async () => {
    const token = await adminToken(stack);
    const adminId = await userIdOf(stack, token);
    let fresh = '';
    const events = await revocationsDuring(async () => {
      const res = await call<{ token: string }>(stack.gatewayUrl, adminChangePassword, {
        token,
        body: { newPassword: 'senha-admin-revogada' },
      });
      fresh = res.body.payload!.token;
    });
    expectEvent(events, adminId, await versionOf(adminId), ['senha-admin-revogada', fresh]);
    // The original password back, for the other tests.
    await call(stack.gatewayUrl, adminChangePassword, {
      token: fresh,
      body: { newPassword: stack.adminPassword },
    });
    expect(await loginWith(stack, stack.adminEmail, stack.adminPassword)).toBeTruthy();
  });

  it('is published when Google sign-in claims a never-activated account', async () => {
    const pending = await signUpOnly(stack, { fullname: 'Conta Pendente', password: 'senha-do-intruso-2' });
    const credential = await googleCredential(stack, { email: pending.email, name: 'Dona do Email' });
    const events = await revocationsDuring(() =>
      call(stack.gatewayUrl, loginGoogle, { body: { credential } }),
    );
    const [row] = await sql<{ id: string }>(stack, 'SELECT id FROM auth.users WHERE email = $1', [
      pending.email,
    ]);
    expectEvent(events, row!.id, 1, [credential, 'senha-do-intruso-2']);
  });

  it('is not published by a sign-in, a Google sign-in of a linked account or a profile read', async () => {
    const user = await createActiveUser(stack);
    const events = await revocationsDuring(async () => {
      await loginWith(stack, user.email, user.password);
      await call(stack.gatewayUrl, loginGoogle, {
        body: { credential: await googleCredential(stack, { email: user.email, name: 'Conta Local' }) },
      });
    });
    expect(events).toEqual([]);
  });

  it('is published when the start-up makes an existing account the admin (role change and password reset)', async () => {
    const user = await createActiveUser(stack);
    const userId = await userIdOf(stack, user.token);
    const db = await openDatabase({
      url: stack.databaseUrl,
      schema: 'auth',
      entities,
      migrations: [CreateAuthTables1732240000000],
      logger: createLogger('auth-bootstrap-test', 'silent'),
    });
    try {
      const deps = {
        store: authStore(db),
        bus,
        logger: createLogger('auth-bootstrap-test', 'silent'),
        passwords: bcryptHasher,
        tokens: new SessionTokens(stack.secrets.JWT_SECRET),
        config: { ADMIN_EMAIL: user.email, ADMIN_PASSWORD: 'senha-de-admin-nova', BCRYPT_COST: 10 },
      } as unknown as AuthDeps;
      const events = await revocationsDuring(() => bootstrapAdmin(deps));
      const [row] = await sql<{ role: string; token_version: number }>(
        stack,
        'SELECT role, token_version FROM auth.users WHERE id = $1',
        [userId],
      );
      // The role changed and the password was reset: one bump each, one event with the last version.
      expect(row).toEqual({ role: 'admin', token_version: 2 });
      expectEvent(events, userId, 2, ['senha-de-admin-nova']);
      // Run again with the same variables: nothing changes, nothing is published.
      expect(await revocationsDuring(() => bootstrapAdmin(deps))).toEqual([]);
    } finally {
      await db.destroy();
    }
  });
});
