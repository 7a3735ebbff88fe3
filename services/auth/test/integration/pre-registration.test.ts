import { describe, expect, inject, it } from 'vitest';
import {
  activateUser,
  createUser,
  ErrorCode,
  login,
  loginGoogle,
  Msg,
  resendActivation,
} from '@app/contracts';
import {
  browserSecret,
  call,
  emailsTo,
  googleCredential,
  linkIn,
  sql,
  uniqueEmail,
  type CaughtEmail,
} from '@app/testing';
import { lastSegment } from './helpers.js';

/**
 * Someone else's password on your account. An attacker signs up first with the owner's email and a
 * password of theirs; the owner signs up later and activates. Afterwards the attacker's password must never sign in,
 * and the owner's must, whatever the order of the sign-ups, whichever emailed link the owner opens, and whether the
 * link is opened in the browser that signed up or in another one. The attacker is a client of their own (no secret
 * of the owner's browser); the owner's browser keeps a secret whose SHA-256 goes with the sign-up (`nonce`).
 */

const stack = inject('stack');
const ATTACKER_PASSWORD = 'senha-do-atacante';
const OWNER_PASSWORD = 'senha-da-dona-1';

async function signUp(email: string, fullname: string, password: string, nonce?: string) {
  const res = await call(stack.gatewayUrl, createUser, {
    body: { fullname, email, password, passwordConfirmation: password, ...(nonce ? { nonce } : {}) },
  });
  expect(res.body.status).toBe('SUCCESS');
}

/**
 * The activation code of the newest email to `email`: one not in `seen` (which it joins). Emails are awaited one at a
 * time, after each request, because the mail service sends several at once and their order in the inbox is not the
 * order of the requests.
 */
async function nextActivationCode(email: string, seen: string[]): Promise<string> {
  const codesIn = (mails: CaughtEmail[]) =>
    mails.filter((m) => m.html.includes('/ativar/')).map((m) => lastSegment(linkIn(m, '/ativar/')));
  let fresh: string | undefined;
  await expect
    .poll(
      async () => {
        fresh = codesIn(await emailsTo(stack.mailApiUrl, email)).find((c) => !seen.includes(c));
        return fresh;
      },
      { timeout: 20_000 },
    )
    .toBeDefined();
  seen.push(fresh!);
  return fresh!;
}

const activate = (body: { activationCode: string; verifier?: string; password?: string }) =>
  call<{ token: string; email: string; fullname: string }>(stack.gatewayUrl, activateUser, { body });

const signInStatus = async (email: string, password: string) =>
  (await call(stack.gatewayUrl, login, { body: { email, password } })).status;

describe('an attacker signs up first with the owner’s email', () => {
  it('the owner signs up later and activates from their browser: the owner’s password signs in, the attacker’s never', async () => {
    const email = uniqueEmail('dona');
    const seen: string[] = [];
    await signUp(email, 'Átila Atacante', ATTACKER_PASSWORD);
    const attackers = await nextActivationCode(email, seen);
    const owner = browserSecret();
    await signUp(email, 'Olga Dona da Conta', OWNER_PASSWORD, owner.nonce);
    const owners = await nextActivationCode(email, seen);

    const activated = await activate({ activationCode: owners, verifier: owner.verifier });
    expect(activated.status).toBe(200);
    expect(activated.body.payload).toMatchObject({ email, fullname: 'Olga Dona da Conta' });
    expect(await signInStatus(email, ATTACKER_PASSWORD)).toBe(401);
    expect(await signInStatus(email, OWNER_PASSWORD)).toBe(200);
    // The attacker's link (the first email) died with the second sign-up.
    const old = await activate({ activationCode: attackers, password: ATTACKER_PASSWORD });
    expect(old.status).toBe(400);
    expect(old.body.message).toBe(Msg.activationInvalid);
    expect(await signInStatus(email, ATTACKER_PASSWORD)).toBe(401);
  });

  it('the owner opens the attacker’s link in their own browser: asked for the password, theirs does not activate the attacker’s account', async () => {
    const email = uniqueEmail('dona');
    const seen: string[] = [];
    await signUp(email, 'Átila Atacante', ATTACKER_PASSWORD);
    const attackers = await nextActivationCode(email, seen);
    const owner = browserSecret();

    const asked = await activate({ activationCode: attackers, verifier: owner.verifier });
    expect(asked.status).toBe(403);
    expect(asked.body).toMatchObject({ status: 'ERROR', code: ErrorCode.CONFIRMATION_REQUIRED });
    expect(asked.body.message).toBe(Msg.activationConfirmPassword(maskedLike(email)));
    expect(asked.body.message).not.toContain(email);
    const wrong = await activate({ activationCode: attackers, password: OWNER_PASSWORD });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe(Msg.activationPasswordWrong);
    const [row] = await sql<{ active: boolean }>(stack, 'SELECT active FROM auth.users WHERE email = $1', [
      email,
    ]);
    expect(row!.active).toBe(false);

    // The owner signs up: the link of that sign-up, opened in another browser (the phone), asks for the owner's
    // password, and with it the account is the owner's.
    await signUp(email, 'Olga Dona da Conta', OWNER_PASSWORD, owner.nonce);
    const owners = await nextActivationCode(email, seen);
    expect((await activate({ activationCode: owners, password: ATTACKER_PASSWORD })).status).toBe(401);
    expect((await activate({ activationCode: owners, password: OWNER_PASSWORD })).status).toBe(200);
    expect(await signInStatus(email, ATTACKER_PASSWORD)).toBe(401);
    expect(await signInStatus(email, OWNER_PASSWORD)).toBe(200);
  });

  it('the attacker signs up again after the owner: no link the owner opens activates the attacker’s password', async () => {
    const email = uniqueEmail('dona');
    const seen: string[] = [];
    const owner = browserSecret();
    await signUp(email, 'Átila Atacante', ATTACKER_PASSWORD);
    await nextActivationCode(email, seen);
    await signUp(email, 'Olga Dona da Conta', OWNER_PASSWORD, owner.nonce);
    const owners = await nextActivationCode(email, seen);
    await signUp(email, 'Átila Atacante', ATTACKER_PASSWORD);
    const attackersLast = await nextActivationCode(email, seen);

    // The owner's own link died with the attacker's second sign-up; the newest one is the attacker's sign-up's, so
    // the owner's browser is not the one that asked and the owner's password is not its password.
    expect((await activate({ activationCode: owners, verifier: owner.verifier })).status).toBe(400);
    expect((await activate({ activationCode: attackersLast, verifier: owner.verifier })).status).toBe(403);
    expect((await activate({ activationCode: attackersLast, password: OWNER_PASSWORD })).status).toBe(401);
    expect(await signInStatus(email, ATTACKER_PASSWORD)).toBe(403);

    // The owner signs up once more (or takes the account with Google, below): theirs, from then on.
    await signUp(email, 'Olga Dona da Conta', OWNER_PASSWORD, owner.nonce);
    const ownersLast = await nextActivationCode(email, seen);
    expect((await activate({ activationCode: ownersLast, verifier: owner.verifier })).status).toBe(200);
    expect(await signInStatus(email, ATTACKER_PASSWORD)).toBe(401);
    expect(await signInStatus(email, OWNER_PASSWORD)).toBe(200);
    // Every older link, opened later, signs nobody in.
    for (const code of seen.slice(0, -1)) {
      expect((await activate({ activationCode: code, password: ATTACKER_PASSWORD })).status).toBe(400);
    }
  });

  it('a fresh link asked for from the owner’s browser still needs the browser that chose the pending password', async () => {
    const email = uniqueEmail('dona');
    const seen: string[] = [];
    const owner = browserSecret();
    await signUp(email, 'Átila Atacante', ATTACKER_PASSWORD);
    await nextActivationCode(email, seen);
    // 'Reenviar e-mail de ativação' from the owner's browser: the pending password is still the attacker's.
    await call(stack.gatewayUrl, resendActivation, { body: { email } });
    const resent = await nextActivationCode(email, seen);
    expect((await activate({ activationCode: resent, verifier: owner.verifier })).status).toBe(403);
    expect((await activate({ activationCode: resent, password: OWNER_PASSWORD })).status).toBe(401);
    expect(await signInStatus(email, ATTACKER_PASSWORD)).toBe(403);

    // The owner's own sign-up, then a resend: the fresh link is bound to the browser of that sign-up.
    await signUp(email, 'Olga Dona da Conta', OWNER_PASSWORD, owner.nonce);
    await nextActivationCode(email, seen);
    await call(stack.gatewayUrl, resendActivation, { body: { email } });
    const ownersResent = await nextActivationCode(email, seen);
    expect((await activate({ activationCode: ownersResent, verifier: owner.verifier })).status).toBe(200);
    expect(await signInStatus(email, ATTACKER_PASSWORD)).toBe(401);
    expect(await signInStatus(email, OWNER_PASSWORD)).toBe(200);
  });

  it('the owner takes the account with Google: the attacker’s password is gone and the attacker’s link dead', async () => {
    const email = uniqueEmail('dona');
    await signUp(email, 'Átila Atacante', ATTACKER_PASSWORD);
    const attackers = await nextActivationCode(email, []);
    const credential = await googleCredential(stack, { email, name: 'Olga Dona da Conta' });
    expect((await call(stack.gatewayUrl, loginGoogle, { body: { credential } })).status).toBe(200);
    expect(await signInStatus(email, ATTACKER_PASSWORD)).toBe(401);
    expect((await activate({ activationCode: attackers, password: ATTACKER_PASSWORD })).status).toBe(400);
  });
});

/** The account as the confirmation names it: the first letters of the local part, then the domain. */
const maskedLike = (email: string) => `${email.slice(0, 2)}***${email.slice(email.indexOf('@'))}`;
