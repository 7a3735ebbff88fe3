import { createHash } from 'node:crypto';
import { createUser, recoverPassword } from '@app/contracts';
import { call, linkIn, uniqueEmail, waitForEmail, type StackInfo } from '@app/testing';

/** Signs up without activating; answers the credentials and the activation code from the email. */
export async function signUpOnly(
  stack: StackInfo,
  opts: { email?: string; fullname?: string; password?: string } = {},
) {
  const email = opts.email ?? uniqueEmail('novo');
  const fullname = opts.fullname ?? 'Carla Pereira';
  const password = opts.password ?? 'senha-inicial-1';
  const res = await call(stack.gatewayUrl, createUser, {
    body: { fullname, email, password, passwordConfirmation: password },
  });
  if (res.body.status !== 'SUCCESS') throw new Error(`sign-up failed: ${res.body.message}`);
  const mail = await waitForEmail(stack.mailApiUrl, email, (m) => m.html.includes('/ativar/'));
  return { email, fullname, password, code: lastSegment(linkIn(mail, '/ativar/')), mail };
}

/** Asks for a recovery email and answers the token of its link. */
export async function recoveryTokenFor(
  stack: StackInfo,
  email: string,
  previous: string[] = [],
): Promise<string> {
  const res = await call(stack.gatewayUrl, recoverPassword, { body: { email } });
  if (res.body.status !== 'SUCCESS') throw new Error(`recovery failed: ${res.body.message}`);
  const mail = await waitForEmail(
    stack.mailApiUrl,
    email,
    (m) => m.html.includes('/criar-nova-senha/') && !previous.some((t) => m.html.includes(t)),
  );
  return lastSegment(linkIn(mail, '/criar-nova-senha/'));
}

export const lastSegment = (url: string) => decodeURIComponent(new URL(url).pathname.split('/').pop()!);

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
