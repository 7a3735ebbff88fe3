import { describe, expect, inject, it } from 'vitest';
import {
  activateUser,
  adminLogs,
  createUser,
  deleteMyAccount,
  getBalance,
  getUser,
  login,
  loginGoogle,
  Msg,
  type AuditEntry,
} from '@app/contracts';
import {
  adminToken,
  buyPage,
  call,
  createActiveUser,
  emailsTo,
  generatePageCode,
  googleCredential,
  googleUser,
  linkIn,
  sql,
  type TestSession,
  topUp,
  userIdOf,
  waitForEmail,
  waitUntilConsumed,
} from '@app/testing';

const stack = inject('stack');

const deleteAs = (token: string, body: object) => call(stack.gatewayUrl, deleteMyAccount, { token, body });

const userRow = async (id: string) =>
  (
    await sql<{
      email: string;
      fullname: string;
      password_hash: string | null;
      google_sub: string | null;
      active: boolean;
      deleted_at: Date | null;
    }>(
      stack,
      'SELECT email, fullname, password_hash, google_sub, active, deleted_at FROM auth.users WHERE id = $1',
      [id],
    )
  )[0]!;

/** The admin's activity log once admin-stats has handled every account deletion published so far. */
async function auditLog(): Promise<AuditEntry[]> {
  await waitUntilConsumed(stack, 'EVENTS', 'admin-stats-user-deleted');
  const res = await call<AuditEntry[]>(stack.gatewayUrl, adminLogs, {
    token: await adminToken(stack),
    query: { limit: '500' },
  });
  expect(res.status).toBe(200);
  return res.body.payload!;
}

/** A member with a top-up, a bought page and their lines in the audit log. */
async function memberWithHistory(): Promise<TestSession & { userId: string; code: string }> {
  const session = await createActiveUser(stack, { fullname: 'Marta Apagável' });
  await topUp(stack, session.token, 5);
  const code = await generatePageCode(stack, session.token);
  expect((await buyPage(stack, session.token, code)).status).toBe(200);
  return { ...session, userId: await userIdOf(stack, session.token), code };
}

describe('POST /api/deleteMyAccount', () => {
  it('with a wrong password answers a pt-BR error and changes nothing', async () => {
    const member = await createActiveUser(stack);
    const id = await userIdOf(stack, member.token);
    const before = await userRow(id);
    const res = await deleteAs(member.token, { password: 'senha-errada-1' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 'ERROR', message: Msg.deleteAccountWrongPassword });
    expect(await userRow(id)).toEqual(before);
    expect((await call(stack.gatewayUrl, getUser, { token: member.token })).status).toBe(200);
    const again = await call(stack.gatewayUrl, login, {
      body: { email: member.email, password: member.password },
    });
    expect(again.status).toBe(200);
  });

  it('refuses a body with no confirmation, or with both', async () => {
    const member = await createActiveUser(stack);
    for (const body of [{}, { password: member.password, googleCredential: 'x.y.z' }]) {
      const res = await deleteAs(member.token, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(Msg.deleteAccountConfirmationMissing);
    }
    expect((await call(stack.gatewayUrl, getUser, { token: member.token })).status).toBe(200);
  });

  it('with the right password anonymises the account, ends its sessions at once, frees the email and keeps the ledger', async () => {
    const member = await memberWithHistory();
    const otherSession = await call<{ token: string }>(stack.gatewayUrl, login, {
      body: { email: member.email, password: member.password },
    });
    // The gateway has these sessions cached as valid.
    expect((await call(stack.gatewayUrl, getBalance, { token: member.token })).status).toBe(200);
    expect(
      (await call(stack.gatewayUrl, getBalance, { token: otherSession.body.payload!.token })).status,
    ).toBe(200);
    const ledgerBefore = await sql(
      stack,
      'SELECT id, kind, amount_cents, reason, created_at FROM billing.ledger_entries WHERE user_id = $1 ORDER BY id',
      [member.userId],
    );
    expect(ledgerBefore).toHaveLength(2);

    // Its sign-up and activation lines are in the activity log (projected by their own consumers) before it goes.
    await waitUntilConsumed(stack, 'EVENTS', 'admin-stats-audit-events-auth-user-registered');
    await waitUntilConsumed(stack, 'EVENTS', 'admin-stats-audit-events-auth-user-activated');
    const res = await deleteAs(member.token, { password: member.password });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: 'SUCCESS', message: Msg.accountDeleted });

    // Every session answers 401 at once.
    for (const token of [member.token, otherSession.body.payload!.token]) {
      expect((await call(stack.gatewayUrl, getBalance, { token })).status).toBe(401);
    }

    const row = await userRow(member.userId);
    expect(row).toMatchObject({
      email: `excluida-${member.userId}@conta-excluida.invalid`,
      fullname: Msg.deletedAccountName,
      password_hash: null,
      google_sub: null,
      active: false,
    });
    expect(row.deleted_at).toBeInstanceOf(Date);
    expect(await sql(stack, 'SELECT 1 FROM auth.one_time_codes WHERE user_id = $1', [member.userId])).toEqual(
      [],
    );

    // The law's records stay, unchanged, with no personal data.
    const ledgerAfter = await sql(
      stack,
      'SELECT id, kind, amount_cents, reason, created_at FROM billing.ledger_entries WHERE user_id = $1 ORDER BY id',
      [member.userId],
    );
    expect(ledgerAfter).toEqual(ledgerBefore);
    const payments = await sql(stack, 'SELECT * FROM billing.top_ups WHERE user_id = $1', [member.userId]);
    expect(payments).toHaveLength(1);
    const kept = JSON.stringify([ledgerAfter, payments]);
    expect(kept).not.toContain(member.email);
    expect(kept).not.toContain('Marta');

    // admin-stats' activity log no longer names the address; the purchase line stays (user id only).
    const log = await auditLog();
    expect(JSON.stringify(log)).not.toContain(member.email);
    const theirs = log.filter((e) => e.userId === member.userId);
    expect(theirs.map((e) => e.type).sort()).toEqual([
      'page.bought',
      'topup.credited',
      'user.activated',
      'user.registered',
    ]);
    expect(theirs.find((e) => e.type === 'user.registered')!.summary).toBe(
      `Novo cadastro: ${Msg.deletedAccountName}`,
    );

    // The password no longer signs in (a failed sign-in is logged like any other, after the deletion).
    const signIn = await call(stack.gatewayUrl, login, {
      body: { email: member.email, password: member.password },
    });
    expect(signIn.status).toBe(401);
    // The address is free: a new person signs up with it and gets a new, empty account.
    const earlier = new Set((await emailsTo(stack.mailApiUrl, member.email)).map((m) => m.id));
    const signUp = await call(stack.gatewayUrl, createUser, {
      body: {
        fullname: 'Outra Pessoa',
        email: member.email,
        password: 'outra-senha-1',
        passwordConfirmation: 'outra-senha-1',
      },
    });
    expect(signUp.status).toBe(200);
    const mail = await waitForEmail(
      stack.mailApiUrl,
      member.email,
      (m) => !earlier.has(m.id) && m.html.includes('/ativar/'),
    );
    const activationCode = new URL(linkIn(mail, '/ativar/')).pathname.split('/').pop()!;
    // Opened in another browser than the sign-up's: the new owner's password confirms it.
    const activated = await call<{ token: string }>(stack.gatewayUrl, activateUser, {
      body: { activationCode, password: 'outra-senha-1' },
    });
    expect(activated.status).toBe(200);
    const newcomer = activated.body.payload!.token;
    expect(await userIdOf(stack, newcomer)).not.toBe(member.userId);
    expect((await call<number>(stack.gatewayUrl, getBalance, { token: newcomer })).body.payload).toBe(0);
  });

  it('for an account created with Google, confirms with a fresh Google sign-in of the same account', async () => {
    const member = await googleUser(stack, 'Gil Google');
    const id = await userIdOf(stack, member.token);
    const stranger = await googleCredential(stack, { email: `outro-${member.email}`, name: 'Outro' });
    const refused = await deleteAs(member.token, { googleCredential: stranger });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(Msg.deleteAccountGoogleFailed);
    const noPassword = await deleteAs(member.token, { password: 'qualquer-senha' });
    expect(noPassword.body.message).toBe(Msg.deleteAccountWrongPassword);
    expect((await userRow(id)).deleted_at).toBeNull();

    const fresh = await googleCredential(stack, { email: member.email, name: 'Gil Google' });
    const res = await deleteAs(member.token, { googleCredential: fresh });
    expect(res.status).toBe(200);
    expect((await call(stack.gatewayUrl, getUser, { token: member.token })).status).toBe(401);
    expect(await userRow(id)).toMatchObject({ google_sub: null, fullname: Msg.deletedAccountName });
    // Google sign-in with that Google account now makes a new account.
    const again = await call<{ token: string }>(stack.gatewayUrl, loginGoogle, {
      body: { credential: await googleCredential(stack, { email: member.email, name: 'Gil Google' }) },
    });
    expect(again.status).toBe(200);
    expect(await userIdOf(stack, again.body.payload!.token)).not.toBe(id);
  });

  it("refuses the admin's account", async () => {
    const token = await adminToken(stack);
    const res = await deleteAs(token, { password: stack.adminPassword });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(Msg.deleteAccountAdminRefused);
    expect((await call(stack.gatewayUrl, getUser, { token })).status).toBe(200);
  });
});
