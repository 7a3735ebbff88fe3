import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import {
  activateUser,
  checkRecoveryToken,
  createNewPassword,
  createUser,
  login,
  loginWithLink,
  recoverPassword,
  validateToken,
} from '@app/contracts';
import { browserSecret, call, linkIn, uniqueEmail, waitForEmail, type CaughtEmail } from '@app/testing';
import { lastSegment } from './helpers.js';

/**
 * No link or token in any log line. The `/entrar/<code>` links were written to the gateway's
 * request log whole. A whole flow runs through the gateway, every emailed link opened as a browser opens it (a GET of
 * the SPA's path): sign-up and activation, recovery and a new password, a sign-in past the per-account ceiling and its
 * emailed link, a token checked in a query string. Then every log line of every process of the stack is read, and none
 * holds a code, a token, a password or a browser's secret.
 */

const stack = inject('stack');
const gw = stack.gatewayUrl;

/** What a browser does with an emailed link: a GET of its page (the gateway serves the SPA and logs the request). */
const open = (link: string) => fetch(new URL(new URL(link).pathname, gw));

const newest = (email: string, subject: string, seen: string[] = []) =>
  waitForEmail(
    stack.mailApiUrl,
    email,
    (m: CaughtEmail) => m.subject.startsWith(subject) && !seen.includes(m.id),
  );

const logs = () =>
  readdirSync(stack.logDir)
    .map((f) => readFileSync(path.join(stack.logDir, f), 'utf8'))
    .join('');

describe('no link or token in any log line', () => {
  it('a whole flow of emailed links, sessions and secrets leaves none of them in the logs', async () => {
    const email = uniqueEmail('registro');
    const password = 'senha-do-registro-1';
    const browser = browserSecret();
    const secrets: string[] = [password, browser.verifier];

    await call(gw, createUser, {
      body: {
        fullname: 'Regina Registro',
        email,
        password,
        passwordConfirmation: password,
        nonce: browser.nonce,
      },
    });
    const activationLink = linkIn(await newest(email, 'Ative sua conta'), '/ativar/');
    const activationCode = lastSegment(activationLink);
    await open(activationLink);
    const activated = await call<{ token: string }>(gw, activateUser, {
      body: { activationCode, verifier: browser.verifier },
    });
    expect(activated.status).toBe(200);
    secrets.push(activationCode, activated.body.payload!.token);

    // Recovery: the link opened, checked, used.
    await call(gw, recoverPassword, { body: { email } });
    const recoveryLink = linkIn(await newest(email, 'Recuperação de senha'), '/criar-nova-senha/');
    const recoveryToken = lastSegment(recoveryLink);
    await open(recoveryLink);
    await call(gw, checkRecoveryToken, { body: { recoveryToken } });
    const newPassword = 'senha-nova-do-registro';
    await call(gw, createNewPassword, {
      body: { recoveryToken, newPassword, newPasswordConfirmation: newPassword },
    });
    secrets.push(recoveryToken, newPassword);

    // Past the per-account ceiling, a new address is emailed a sign-in link.
    const ceiling = Number(stack.env.auth?.LOGIN_MAX_FAILURES_PER_EMAIL ?? 50);
    for (let i = 0; i < ceiling; i++) {
      const res = await call(gw, login, {
        body: { email, password: `chute-${i}` },
        headers: { 'x-forwarded-for': `198.18.35.${Math.floor(i / 5) + 1}` },
      });
      expect(res.status).toBe(401);
    }
    const linkAsked = await call(gw, login, {
      body: { email, password: newPassword, nonce: browser.nonce },
      headers: { 'x-forwarded-for': '192.0.2.35' },
    });
    expect(linkAsked.body.payload).toBeNull();
    const signInLink = linkIn(await newest(email, 'Link para entrar na sua conta'), '/entrar/');
    const signInCode = lastSegment(signInLink);
    await open(signInLink);
    const signedIn = await call<{ token: string }>(gw, loginWithLink, {
      body: { code: signInCode, verifier: browser.verifier },
    });
    expect(signedIn.status).toBe(200);
    secrets.push(signInCode, signedIn.body.payload!.token);

    // A token in a query string, as the public validateToken route takes it; then the marker, the last request of the flow.
    await call(gw, validateToken, { query: { token: signedIn.body.payload!.token } });
    await expect.poll(() => logs().includes('"url":"/api/validateToken?token=[REDACTED]"')).toBe(true);

    const all = logs();
    // The links' pages were logged, with their secrets redacted.
    for (const page of ['/ativar/', '/criar-nova-senha/', '/entrar/'])
      expect(all).toContain(`"url":"${page}[REDACTED]"`);
    for (const secret of secrets) expect(all).not.toContain(secret);
  });
});
