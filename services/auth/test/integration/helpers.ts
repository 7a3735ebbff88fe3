import { createHash } from 'node:crypto';
import type { Subscription } from '@nats-io/nats-core';
import { createUser, Jobs, login, recoverPassword } from '@app/contracts';
import type { Bus } from '@app/kit';
import {
  browserSecret,
  call,
  connectBus,
  linkIn,
  uniqueEmail,
  waitForEmail,
  type StackInfo,
} from '@app/testing';

/**
 * Signs up without activating, as a browser does; answers the credentials, the activation code from the email and the
 * secret of that browser (`verifier`: the link activates at once with it).
 */
export async function signUpOnly(
  stack: StackInfo,
  opts: { email?: string; fullname?: string; password?: string } = {},
) {
  const email = opts.email ?? uniqueEmail('novo');
  const fullname = opts.fullname ?? 'Carla Pereira';
  const password = opts.password ?? 'senha-inicial-1';
  const browser = browserSecret();
  const res = await call(stack.gatewayUrl, createUser, {
    body: { fullname, email, password, passwordConfirmation: password, nonce: browser.nonce },
  });
  if (res.body.status !== 'SUCCESS') throw new Error(`sign-up failed: ${res.body.message}`);
  const mail = await waitForEmail(stack.mailApiUrl, email, (m) => m.html.includes('/ativar/'));
  const code = lastSegment(linkIn(mail, '/ativar/'));
  return { email, fullname, password, code, mail, verifier: browser.verifier };
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

/**
 * The events auth publishes on `subject` while `fn` runs. Then a failed sign-in for a fresh email is the marker: auth
 * publishes its event after every event of `fn` had been taken by the server, and NATS hands one subscriber the
 * messages in that order, so once the marker is seen nothing of `fn` is still coming.
 */
export async function eventsDuring<E = Record<string, unknown>>(
  stack: StackInfo,
  bus: Bus,
  subject: string,
  fn: () => Promise<unknown>,
): Promise<E[]> {
  const seen: E[] = [];
  const marker = uniqueEmail('marcador');
  let drained!: () => void;
  const markerSeen = new Promise<void>((resolve) => (drained = resolve));
  const sub: Subscription = bus.nc.subscribe(bus.subject('events.auth.>'));
  void (async () => {
    for await (const m of sub) {
      const event = m.json<Record<string, unknown>>();
      if (event.email === marker) drained();
      else if (m.subject === bus.subject(subject)) seen.push(event as E);
    }
  })();
  await bus.nc.flush();
  await fn();
  const res = await call(stack.gatewayUrl, login, { body: { email: marker, password: 'senha-marcador' } });
  if (res.status !== 401) throw new Error(`the marker sign-in answered ${res.status}, not 401`);
  await markerSeen;
  sub.unsubscribe();
  return seen;
}

/**
 * The addresses of the mail jobs auth queues while `fn` runs. Then a recovery request for `marker` (an account made
 * before) is the marker: auth queues its job after every job of `fn` had been taken by the server, and NATS hands one
 * subscriber the messages in that order, so once the marker's job is seen nothing of `fn` is still coming.
 */
export async function mailJobsDuring(
  stack: StackInfo,
  marker: { email: string },
  fn: () => Promise<unknown>,
): Promise<string[]> {
  const bus = await connectBus(stack, 'mail-jobs-during');
  try {
    const queuedTo: string[] = [];
    let drained!: () => void;
    const markerSeen = new Promise<void>((resolve) => (drained = resolve));
    const sub = bus.nc.subscribe(bus.subject(Jobs.sendMail.subject));
    void (async () => {
      for await (const m of sub) {
        const job = m.json<{ to: string; template: string }>();
        if (job.to === marker.email && job.template === 'recovery') drained();
        else queuedTo.push(job.to);
      }
    })();
    await bus.nc.flush();
    await fn();
    await call(stack.gatewayUrl, recoverPassword, { body: { email: marker.email } });
    await markerSeen;
    sub.unsubscribe();
    return queuedTo;
  } finally {
    await bus.drain();
  }
}
