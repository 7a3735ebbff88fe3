import { randomUUID } from 'node:crypto';
import { Jobs } from '@app/contracts';
import type { AuthDeps } from './deps.js';
import type { PendingSignUp, UserRow } from './ports.js';
import { ACTIVATION_TTL_MS, newOneTimeSecret, RECOVERY_TTL_MS } from './secrets.js';

/**
 * Whether another link by email may go out for this inbox and caller: recovery links, fresh activation links (the
 * sign-in screen's 'Reenviar e-mail de ativação', a sign-up again with the address of an account not yet active) and
 * a Google account's password setup share one count ('recovery' attempts), at most RECOVERY_MAX_PER_EMAIL_PER_HOUR
 * to one inbox and RECOVERY_MAX_PER_ADDRESS_PER_HOUR from one caller. Counted and recorded in turns (the lock), so
 * that twelve requests at once send no more than three emails. Every request counts, sent or not.
 */
export async function takeEmailedLinkTurn(
  deps: AuthDeps,
  email: string,
  addressHash: string,
): Promise<boolean> {
  return deps.store.transaction(async (tx) => {
    const tries = tx.attempts;
    await tries.lock('recovery', email, addressHash);
    const [toInbox, fromAddress] = await Promise.all([
      tries.count('recovery', { email }, 60),
      tries.count('recovery', { addressHash }, 60),
    ]);
    await tries.record('recovery', email, addressHash);
    return (
      toInbox < deps.config.RECOVERY_MAX_PER_EMAIL_PER_HOUR &&
      fromAddress < deps.config.RECOVERY_MAX_PER_ADDRESS_PER_HOUR
    );
  });
}

/**
 * Emails a single-use link (1 hour) to the new-password page: a recovery (`recovery`), or a Google account's first
 * password (`password-setup`). The user's older unused links stop working.
 */
export async function sendPasswordLink(
  deps: AuthDeps,
  user: Pick<UserRow, 'id' | 'email' | 'fullname'>,
  template: 'recovery' | 'password-setup',
): Promise<void> {
  const token = newOneTimeSecret();
  await deps.store.transaction(async (tx) => {
    await tx.codes.retireUnused(user.id, 'recovery');
    await tx.codes.insert(token.hash, user.id, 'recovery', new Date(Date.now() + RECOVERY_TTL_MS));
    const mailId = `${template}:${randomUUID()}`;
    await deps.bus.publish(
      Jobs.sendMail,
      { mailId, to: user.email, template, data: { fullname: user.fullname, token: token.secret } },
      { msgID: mailId },
    );
  });
}

/**
 * Emails a not-yet-active account a fresh activation link (7 days); its older unused links stop working, so only the
 * newest one activates. With `signUp` (a sign-up again before activation) the pending password, name and
 * browser are first replaced by that sign-up's, in the same transaction; without it ('Reenviar e-mail de ativação'),
 * they stay as they are, so the fresh link still asks for the browser or the password of the sign-up that is pending.
 * False (nothing sent) when the account was activated or deleted meanwhile.
 */
export async function sendFreshActivation(
  deps: AuthDeps,
  user: Pick<UserRow, 'id' | 'email' | 'fullname'>,
  signUp?: PendingSignUp,
): Promise<boolean> {
  const code = newOneTimeSecret();
  return deps.store.transaction(async (tx) => {
    const pending = signUp ? await tx.users.replacePendingSignUp(user.id, signUp) : user;
    if (!pending) return false;
    await tx.codes.retireUnused(user.id, 'activation');
    await tx.codes.insert(code.hash, user.id, 'activation', new Date(Date.now() + ACTIVATION_TTL_MS));
    const mailId = `activation:${user.id}:${randomUUID()}`;
    await deps.bus.publish(
      Jobs.sendMail,
      {
        mailId,
        to: user.email,
        template: 'activation',
        data: { fullname: pending.fullname, code: code.secret },
      },
      { msgID: mailId },
    );
    return true;
  });
}
