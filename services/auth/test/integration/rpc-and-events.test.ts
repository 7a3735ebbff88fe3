import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { activateUser, login, Rpc } from '@app/contracts';
import type { Bus } from '@app/kit';
import { call, connectBus, createActiveUser, googleUser, uniqueEmail, sql } from '@app/testing';
import { eventsDuring as eventsDuringOf, signUpOnly } from './helpers.js';

const stack = inject('stack');
let bus: Bus;

beforeAll(async () => {
  bus = await connectBus(stack, 'auth-test');
});
afterAll(() => bus.drain());

const eventsDuring = (subject: string, fn: () => Promise<unknown>) => eventsDuringOf(stack, bus, subject, fn);

describe('auth RPC', () => {
  it('authVerifySession answers the user, role and token version of a current session, and invalid otherwise', async () => {
    const user = await createActiveUser(stack);
    const [row] = await sql<{ id: string }>(stack, 'SELECT id FROM auth.users WHERE email = $1', [
      user.email,
    ]);
    expect(await bus.request(Rpc.authVerifySession, { token: user.token })).toEqual({
      valid: true,
      userId: row!.id,
      role: 'user',
      tokenVersion: 0,
    });
    expect(await bus.request(Rpc.authVerifySession, { token: 'x.y.z' })).toEqual({ valid: false });
    await sql(stack, 'UPDATE auth.users SET active = false WHERE id = $1', [row!.id]);
    expect(await bus.request(Rpc.authVerifySession, { token: user.token })).toEqual({ valid: false });
  });

  it('authGetUser answers the public user, or null', async () => {
    const user = await createActiveUser(stack, { fullname: 'Helena Costa' });
    const [row] = await sql<{ id: string }>(stack, 'SELECT id FROM auth.users WHERE email = $1', [
      user.email,
    ]);
    const { user: found } = await bus.request(Rpc.authGetUser, { userId: row!.id });
    expect(found).toMatchObject({
      _id: row!.id,
      email: user.email,
      fullname: 'Helena Costa',
      fromGoogle: false,
    });
    expect(found).not.toHaveProperty('passwordHash');
    expect(await bus.request(Rpc.authGetUser, { userId: '00000000-0000-4000-8000-000000000000' })).toEqual({
      user: null,
    });
    expect(await bus.request(Rpc.authGetUser, { userId: 'not-a-uuid' })).toEqual({ user: null });
  });

  it('authListUsers answers newest first with limit, offset and the total', async () => {
    const a = await signUpOnly(stack);
    const b = await signUpOnly(stack);
    const page = await bus.request(Rpc.authListUsers, { limit: 2, offset: 0 });
    expect(page.users.map((u) => u.email)).toEqual([b.email, a.email]);
    const next = await bus.request(Rpc.authListUsers, { limit: 1, offset: 1 });
    expect(next.users.map((u) => u.email)).toEqual([a.email]);
    // Deleted accounts are nobody's any more: not listed, not counted.
    const [{ count }] = (await sql<{ count: number }>(
      stack,
      'SELECT count(*)::int AS count FROM auth.users WHERE deleted_at IS NULL',
    )) as [{ count: number }];
    expect(page.total).toBe(count);
  });

  it('authStats counts users exactly (Google and local)', async () => {
    const before = await bus.request(Rpc.authStats, {});
    await signUpOnly(stack);
    await googleUser(stack);
    await googleUser(stack);
    const after = await bus.request(Rpc.authStats, {});
    expect(after.totalUsers - before.totalUsers).toBe(3);
    expect(after.usersGoogle - before.usersGoogle).toBe(2);
    expect(after.usersLocal - before.usersLocal).toBe(1);
    expect(after.totalUsers).toBe(after.usersGoogle + after.usersLocal);
  });
});

describe('auth events', () => {
  it('publishes userRegistered and userActivated without secrets', async () => {
    const email = uniqueEmail('eventos');
    let code = '';
    let verifier = '';
    const registered = await eventsDuring('events.auth.user.registered', async () => {
      ({ code, verifier } = await signUpOnly(stack, { email, password: 'senha-eventos-1' }));
    });
    const mine = registered.filter((e) => e.email === email);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ email, fullname: 'Carla Pereira', fromGoogle: false });
    expect(JSON.stringify(mine[0])).not.toContain('senha-eventos-1');
    expect(JSON.stringify(mine[0])).not.toContain(code);

    const activated = await eventsDuring('events.auth.user.activated', () =>
      call(stack.gatewayUrl, activateUser, { body: { activationCode: code, verifier } }),
    );
    expect(activated.filter((e) => e.email === email)).toHaveLength(1);
  });

  it('publishes loginFailed with the reason and without the password', async () => {
    const user = await createActiveUser(stack);
    const failed = await eventsDuring('events.auth.login.failed', () =>
      call(stack.gatewayUrl, login, { body: { email: user.email, password: 'senha-errada-xyz' } }),
    );
    const mine = failed.filter((e) => e.email === user.email);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ reason: 'credentials' });
    expect(JSON.stringify(mine[0])).not.toContain('senha-errada-xyz');
  });
});
