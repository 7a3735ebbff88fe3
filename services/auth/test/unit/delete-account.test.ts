import { describe, expect, it } from 'vitest';
import { Events, Msg } from '@app/contracts';
import { AppError } from '@app/kit';
import {
  deletedAccountEmail,
  deleteAccount,
  GOOGLE_CONFIRMATION_MAX_AGE_MS,
} from '../../src/domain/delete-account.js';
import type { GoogleIdentity } from '../../src/domain/google-verifier.js';
import { countingHasher, memoryDeps } from '../fakes/memory-deps.js';

const NOW = new Date('2025-03-04T12:00:00Z');
const GOOGLE_SUB = '1234567890';

/** A refusal, which happens before anything is written (the tests check that no transaction began). */
async function refusal(promise: Promise<unknown>) {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

function withGoogle(identity: Partial<GoogleIdentity> | Error) {
  const memory = memoryDeps(countingHasher());
  memory.deps.verifyGoogle = async () => {
    if (identity instanceof Error) throw identity;
    return {
      sub: GOOGLE_SUB,
      email: 'g@exemplo.com.br',
      name: 'G',
      issuedAt: NOW,
      nonce: null,
      ...identity,
    };
  };
  return memory;
}

describe('deleteAccount refusals (nothing changes)', () => {
  it('refuses the admin account with a pt-BR message', async () => {
    const memory = memoryDeps(countingHasher());
    const admin = await memory.addUser('admin@exemplo.com', 'admin-senha', { role: 'admin' });
    const err = await refusal(deleteAccount(memory.deps, admin.id, { password: 'admin-senha' }, NOW));
    expect([err.statusCode, err.message]).toEqual([403, Msg.deleteAccountAdminRefused]);
    expect(memory.transactions).toBe(0);
  });

  it('refuses a wrong password, and a password for a Google account that never set one', async () => {
    const memory = memoryDeps(countingHasher());
    const ana = await memory.addUser('ana@exemplo.com.br', 'senha-certa-1');
    const wrong = await refusal(deleteAccount(memory.deps, ana.id, { password: 'senha-errada' }, NOW));
    expect([wrong.statusCode, wrong.message]).toEqual([400, Msg.deleteAccountWrongPassword]);
    const google = await memory.addUser('g@exemplo.com.br', null, { googleSub: GOOGLE_SUB });
    const none = await refusal(deleteAccount(memory.deps, google.id, { password: 'qualquer' }, NOW));
    expect(none.message).toBe(Msg.deleteAccountWrongPassword);
    expect(memory.transactions).toBe(0);
    expect(memory.publish).not.toHaveBeenCalled();
  });

  it.each<[string, Partial<GoogleIdentity> | Error]>([
    ['a credential Google refuses', new Error('Token used too late')],
    ['another Google account', { sub: '999' }],
    [
      'a sign-in older than 10 minutes',
      { issuedAt: new Date(NOW.getTime() - GOOGLE_CONFIRMATION_MAX_AGE_MS - 1000) },
    ],
    ['a sign-in dated in the future', { issuedAt: new Date(NOW.getTime() + 5 * 60 * 1000) }],
  ])('refuses a Google confirmation from %s', async (_, identity) => {
    const memory = withGoogle(identity);
    const user = await memory.addUser('g@exemplo.com.br', null, { googleSub: GOOGLE_SUB });
    const err = await refusal(deleteAccount(memory.deps, user.id, { googleCredential: 'x.y.z' }, NOW));
    expect([err.statusCode, err.message]).toEqual([400, Msg.deleteAccountGoogleFailed]);
    expect(memory.transactions).toBe(0);
  });

  it('refuses a Google confirmation for an account with no Google id', async () => {
    const memory = withGoogle({});
    const user = await memory.addUser('ana@exemplo.com.br', 'senha-certa-1');
    const err = await refusal(deleteAccount(memory.deps, user.id, { googleCredential: 'x.y.z' }, NOW));
    expect(err.message).toBe(Msg.deleteAccountGoogleFailed);
  });

  it('refuses an account already deleted as an ended session', async () => {
    const { deps, addUser } = memoryDeps(countingHasher());
    const gone = await addUser('x@exemplo.com.br', 'senha-certa-1', { deletedAt: NOW });
    expect((await refusal(deleteAccount(deps, gone.id, { password: 'senha-certa-1' }, NOW))).statusCode).toBe(
      401,
    );
  });
});

describe('deleteAccount', () => {
  it('anonymises the account, removes its codes, attempts and addresses, and announces it', async () => {
    const memory = memoryDeps(countingHasher());
    const ana = await memory.addUser('ana@exemplo.com.br', 'senha-certa-1', { tokenVersion: 4 });
    const other = await memory.addUser('bia@exemplo.com.br', 'senha-da-bia');
    const repos = memory.deps.store;
    await repos.codes.insert('a'.repeat(64), ana.id, 'recovery', new Date(NOW.getTime() + 60_000));
    await repos.codes.insert('b'.repeat(64), other.id, 'recovery', new Date(NOW.getTime() + 60_000));
    await repos.attempts.record('sign-in-failure', ana.email, 'casa');
    await repos.attempts.record('recovery', ana.email, 'rua');
    await repos.attempts.record('sign-in-failure', other.email, 'casa');
    await repos.knownAddresses.remember(ana.id, 'casa');
    await repos.knownAddresses.remember(other.id, 'casa');

    await deleteAccount(memory.deps, ana.id, { password: 'senha-certa-1' }, NOW);

    expect(memory.transactions).toBe(1);
    expect(await repos.users.byId(ana.id)).toMatchObject({
      email: deletedAccountEmail(ana.id),
      fullname: Msg.deletedAccountName,
      passwordHash: null,
      googleSub: null,
      active: false,
      tokenVersion: 5,
      deletedAt: expect.any(Date),
    });
    // The address is free for a new sign-up; the other account keeps everything.
    expect(await repos.users.byEmail(ana.email)).toBeNull();
    expect(memory.codes.map((c) => c.userId)).toEqual([other.id]);
    expect(memory.attempts.map((a) => a.email)).toEqual([other.email]);
    expect([...memory.state.knownAddresses.keys()]).toEqual([`${other.id}|casa`]);
    expect(memory.publish.mock.calls.map(([def, payload, opts]) => [def, payload, opts])).toEqual([
      [
        Events.sessionsRevoked,
        {
          eventId: `events.auth.sessions.revoked:${ana.id}:5`,
          at: expect.any(String),
          userId: ana.id,
          tokenVersion: 5,
        },
        { msgID: `events.auth.sessions.revoked:${ana.id}:5` },
      ],
      [
        Events.userDeleted,
        { eventId: `events.auth.user.deleted:${ana.id}`, at: NOW.toISOString(), userId: ana.id },
        { msgID: `events.auth.user.deleted:${ana.id}` },
      ],
    ]);
  });

  it('stays deleted, and answers the member, when userDeleted cannot be published', async () => {
    const memory = memoryDeps(countingHasher());
    const ana = await memory.addUser('ana@exemplo.com.br', 'senha-certa-1');
    memory.publish.mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('EVENTS: timeout'));
    await deleteAccount(memory.deps, ana.id, { password: 'senha-certa-1' }, NOW);
    expect((await memory.deps.store.users.byId(ana.id))?.deletedAt).toEqual(expect.any(Date));
  });
});

describe('the placeholder address', () => {
  it('is unique per account, holds nothing personal and can never receive mail', () => {
    const email = deletedAccountEmail('6f1c2d3e-0000-4000-8000-000000000001');
    expect(email).toBe('excluida-6f1c2d3e-0000-4000-8000-000000000001@conta-excluida.invalid');
  });
});
