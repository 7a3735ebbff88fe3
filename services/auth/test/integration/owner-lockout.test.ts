import { describe, expect, inject, it } from 'vitest';
import { ErrorCode, getUser, login, loginWithLink, Msg, validateTokenAdmin } from '@app/contracts';
import {
  browserSecret,
  call,
  createActiveUser,
  linkIn,
  sql,
  uniqueEmail,
  waitForEmail,
  type CaughtEmail,
} from '@app/testing';
import { lastSegment, sha256 } from './helpers.js';

const stack = inject('stack');

// 55 failures from 11 addresses (each within its per-address limit) used to make the owner's right
// password answer 429 from any new address. Past the per-account ceiling a new address is now offered a sign-in link
// by email (single use, 15 minutes, only its SHA-256 kept): the owner's own inbox is the proof.
const from = (address: string) => ({ 'x-forwarded-for': address });
const attempt = (email: string, password: string, address: string, nonce?: string) =>
  call<{ token: string; email: string } | null>(stack.gatewayUrl, login, {
    body: { email, password, ...(nonce ? { nonce } : {}) },
    headers: from(address),
  });

/**
 * 5 wrong passwords from each of 11 addresses (none past a per-address limit): 55 attempts. The first
 * LOGIN_MAX_FAILURES_PER_EMAIL are refused as wrong; past that ceiling no password is compared any more, and every
 * new address is answered that a link went to the email.
 */
async function attack(email: string, net: number) {
  const ceiling = Number(stack.env.auth?.LOGIN_MAX_FAILURES_PER_EMAIL ?? 50);
  let n = 0;
  for (let a = 1; a <= 11; a++)
    for (let i = 0; i < 5; i++) {
      const res = await attempt(email, `chute-${a}-${i}`, `198.18.${net}.${a}`);
      n++;
      if (n <= ceiling) expect(res.status).toBe(401);
      else expect(res.body).toMatchObject({ status: 'SUCCESS', payload: null, message: Msg.signInLinkSent });
    }
}

const isLinkMail = (seen: string[]) => (m: CaughtEmail) =>
  m.subject.startsWith('Link para entrar na sua conta') && !seen.some((code) => m.html.includes(code));

async function linkCode(email: string, seen: string[] = []) {
  const mail = await waitForEmail(stack.mailApiUrl, email, isLinkMail(seen));
  return lastSegment(linkIn(mail, '/entrar/'));
}

describe('an owner under a password-guessing attack gets in through an emailed link', () => {
  it('55 failures from 11 addresses: the owner from a new address is emailed a link that signs in once, and expires', async () => {
    const user = await createActiveUser(stack);
    await attack(user.email, 1);

    const browser = browserSecret();
    const owner = await attempt(user.email, user.password, '192.0.2.200', browser.nonce);
    expect(owner.status).toBe(200);
    expect(owner.body).toMatchObject({ status: 'SUCCESS', payload: null, message: Msg.signInLinkSent });
    const code = await linkCode(user.email);
    const stored = await sql<{ hash: string; minutes: number }>(
      stack,
      `SELECT hash, extract(epoch FROM expires_at - created_at) / 60 AS minutes
         FROM auth.one_time_codes WHERE purpose = 'sign-in-link' AND hash = $1`,
      [sha256(code)],
    );
    expect(stored).toHaveLength(1);
    expect(Math.round(Number(stored[0]!.minutes))).toBe(15);

    // The link went out at the first attempt past the ceiling (a stranger's), bound to no browser of the
    // owner's; the owner's own sign-in found it live and sent no other. Opened without the secret of the browser that
    // asked for it, it names the account and uses nothing up; the account's password signs in.
    for (const proof of [{}, { verifier: browser.verifier }]) {
      const asked = await call(stack.gatewayUrl, loginWithLink, {
        body: { code, ...proof },
        headers: from('192.0.2.200'),
      });
      expect(asked.status).toBe(403);
      expect(asked.body).toMatchObject({ code: ErrorCode.CONFIRMATION_REQUIRED, payload: null });
    }
    const signedIn = await call<{ token: string; email: string }>(stack.gatewayUrl, loginWithLink, {
      body: { code, password: user.password },
      headers: from('192.0.2.200'),
    });
    expect(signedIn.body).toMatchObject({ status: 'SUCCESS', payload: { email: user.email } });
    const me = await call(stack.gatewayUrl, getUser, { token: signedIn.body.payload!.token });
    expect(me.body.payload).toMatchObject({ email: user.email });

    const again = await call(stack.gatewayUrl, loginWithLink, {
      body: { code, password: user.password },
      headers: from('192.0.2.200'),
    });
    expect([again.status, again.body.message]).toEqual([400, Msg.signInLinkInvalid]);
    // The address the link was used from is the owner's now: the password works there during the attack.
    expect((await attempt(user.email, user.password, '192.0.2.200')).body.payload).toMatchObject({
      email: user.email,
    });

    // Another new address gets a fresh link (the first one is used); past its 15 minutes it signs nobody in.
    expect((await attempt(user.email, user.password, '192.0.2.201')).body.payload).toBeNull();
    const second = await linkCode(user.email, [code]);
    await sql(
      stack,
      `UPDATE auth.one_time_codes SET expires_at = now() - interval '1 second' WHERE hash = $1`,
      [sha256(second)],
    );
    const late = await call(stack.gatewayUrl, loginWithLink, {
      body: { code: second, password: user.password },
      headers: from('192.0.2.201'),
    });
    expect([late.status, late.body.message]).toEqual([400, Msg.signInLinkInvalid]);
  });

  it('strangers past the ceiling are answered the same, and one link at a time goes to the owner; an unknown email gets none', async () => {
    const user = await createActiveUser(stack);
    await attack(user.email, 2);
    for (let i = 0; i < 4; i++)
      expect((await attempt(user.email, `outro-chute-${i}`, `198.18.3.${i + 1}`)).body).toMatchObject({
        status: 'SUCCESS',
        payload: null,
        message: Msg.signInLinkSent,
      });
    await linkCode(user.email);
    const rows = await sql<{ n: number }>(
      stack,
      `SELECT count(*)::int AS n FROM auth.one_time_codes c JOIN auth.users u ON u.id = c.user_id
        WHERE u.email = $1 AND c.purpose = 'sign-in-link'`,
      [user.email],
    );
    expect(rows[0]!.n).toBe(1);

    const nobody = uniqueEmail('ninguem');
    await attack(nobody, 4);
    expect((await attempt(nobody, 'qualquer-1', '192.0.2.210')).body).toMatchObject({
      status: 'SUCCESS',
      payload: null,
      message: Msg.signInLinkSent,
    });
  });

  it('the admin likewise: past the ceiling, a new address gets the link and signs in as the admin', async () => {
    const email = stack.adminEmail;
    try {
      await attack(email, 5);
      const refused = await attempt(email, stack.adminPassword, '192.0.2.220');
      expect(refused.body).toMatchObject({ status: 'SUCCESS', payload: null, message: Msg.signInLinkSent });
      const code = await linkCode(email);
      const signedIn = await call<{ token: string }>(stack.gatewayUrl, loginWithLink, {
        body: { code, password: stack.adminPassword },
        headers: from('192.0.2.220'),
      });
      expect(signedIn.body.status).toBe('SUCCESS');
      const admin = await call(stack.gatewayUrl, validateTokenAdmin, {
        query: { token: signedIn.body.payload!.token },
      });
      expect(admin.status).toBe(200);
    } finally {
      // The rest of the tier signs the admin in from other addresses.
      await sql(stack, 'DELETE FROM auth.attempts WHERE email = $1', [email]);
    }
  });
});
