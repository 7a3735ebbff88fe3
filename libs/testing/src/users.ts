import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { activateUser, createUser, login, loginGoogle } from '@app/contracts';
import { call } from './client.js';
import { linkIn, waitForEmail } from './mailbox.js';
import type { StackInfo } from './test-stack.js';

export interface TestSession {
  token: string;
  email: string;
  fullname: string;
  password: string;
}

export const uniqueEmail = (tag = 'user') => `${tag}-${randomUUID().slice(0, 8)}@exemplo.com.br`;

/**
 * Signs up through the API as a browser does (with its nonce), follows the activation link from the email in that
 * same browser (with its secret), and answers the session.
 */
export async function createActiveUser(
  stack: StackInfo,
  opts: { email?: string; fullname?: string; password?: string } = {},
): Promise<TestSession> {
  const email = opts.email ?? uniqueEmail();
  const fullname = opts.fullname ?? 'Maria da Silva';
  const password = opts.password ?? 'senha-segura-1';
  const browser = browserSecret();
  const signup = await call(stack.gatewayUrl, createUser, {
    body: { fullname, email, password, passwordConfirmation: password, nonce: browser.nonce },
  });
  if (signup.body.status !== 'SUCCESS') throw new Error(`sign-up failed: ${signup.body.message}`);
  const mail = await waitForEmail(stack.mailApiUrl, email, (m) => m.html.includes('/ativar/'));
  const code = new URL(linkIn(mail, '/ativar/')).pathname.split('/').pop()!;
  const activated = await call<{ token: string }>(stack.gatewayUrl, activateUser, {
    body: { activationCode: code, verifier: browser.verifier },
  });
  if (activated.body.status !== 'SUCCESS' || !activated.body.payload) {
    throw new Error(`activation failed: ${activated.body.message}`);
  }
  return { token: activated.body.payload.token, email, fullname, password };
}

export async function loginWith(stack: StackInfo, email: string, password: string): Promise<string> {
  const res = await call<{ token: string }>(stack.gatewayUrl, login, { body: { email, password } });
  if (res.body.status !== 'SUCCESS' || !res.body.payload)
    throw new Error(`login failed: ${res.body.message}`);
  return res.body.payload.token;
}

export const adminToken = (stack: StackInfo) => loginWith(stack, stack.adminEmail, stack.adminPassword);

/** A Google ID token from the stand-in, as Google Identity Services would hand it to the browser. */
export async function googleCredential(
  stack: StackInfo,
  /** `nonce`: what a page gave Google Identity Services (redirect mode binds the sign-in to its tab with it). */
  claims: { email: string; name: string; emailVerified?: boolean; nonce?: string },
): Promise<string> {
  const res = await fetch(`${stack.devProvidersUrl}/__dev/google/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(claims),
  });
  if (!res.ok) throw new Error(`google stand-in answered ${res.status}`);
  return ((await res.json()) as { credential: string }).credential;
}

/**
 * A browser's secret and its nonce, base64url(SHA-256(secret)), as the SPA makes them: the redirect-mode tab's, whose
 * nonce Google carries (web/src/session/googleRedirect.ts), and the one a browser keeps for the links it asks
 * to be emailed (web/src/session/linkSecret.ts): the nonce goes with the request, the secret with the link.
 */
export function browserSecret(): { verifier: string; nonce: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, nonce: createHash('sha256').update(verifier).digest('base64url') };
}

export async function googleUser(stack: StackInfo, name = 'João Google'): Promise<TestSession> {
  const email = uniqueEmail('google');
  const credential = await googleCredential(stack, { email, name });
  const res = await call<{ token: string }>(stack.gatewayUrl, loginGoogle, { body: { credential } });
  if (res.body.status !== 'SUCCESS' || !res.body.payload)
    throw new Error(`google login failed: ${res.body.message}`);
  return { token: res.body.payload.token, email, fullname: name, password: '' };
}
