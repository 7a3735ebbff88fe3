import { randomUUID } from 'node:crypto';
import { ErrorCode, Jobs, Msg } from '@app/contracts';
import { AppError } from '@app/kit';
import { sessionFor, type AuthDeps, type Session } from './deps.js';
import { confirmLinkOwner, type LinkConfirmation } from './link-confirmation.js';
import { PASSWORD_FAILURE } from './password-attempts.js';
import type { UserRow } from './ports.js';
import { hashAddress, hashSecret, newOneTimeSecret } from './secrets.js';

/** How long an emailed sign-in link works. */
export const SIGN_IN_LINK_TTL_MS = 15 * 60 * 1000;

/**
 * Past the per-email ceiling of failed sign-ins, a sign-in from an address the account never signed in from is not
 * refused (strangers could lock the owner out): the owner's own inbox is the proof. The account is emailed
 * a single-use link (15 minutes, only its SHA-256 kept) to /entrar/<code>. One live link at a time: while one is
 * usable no other goes out (it is in the inbox), so an account under attack gets at most one email every 15 minutes,
 * whoever asks. Nothing is sent for an unknown, inactive or deleted account; the caller is answered the same. The link
 * is bound to `boundTo`, the SHA-256 of the secret of the browser whose sign-in asked for it: it signs in
 * at once there only, and anywhere else with the account's password (signInWithLink).
 */
export async function offerSignInLink(
  deps: AuthDeps,
  user: UserRow | null,
  boundTo: string | null,
): Promise<void> {
  if (!user || !user.active || user.deletedAt) return;
  await deps.store.transaction(async (tx) => {
    await tx.codes.lockFor(user.id, 'sign-in-link');
    if (await tx.codes.hasUsableFor(user.id, 'sign-in-link')) return;
    const code = newOneTimeSecret();
    await tx.codes.insert(
      code.hash,
      user.id,
      'sign-in-link',
      new Date(Date.now() + SIGN_IN_LINK_TTL_MS),
      boundTo ?? undefined,
    );
    const mailId = `sign-in-link:${randomUUID()}`;
    await deps.bus.publish(
      Jobs.sendMail,
      {
        mailId,
        to: user.email,
        template: 'sign-in-link',
        data: { fullname: user.fullname, code: code.secret },
      },
      { msgID: mailId },
    );
  });
}

/**
 * /entrar/<code>: the emailed link signs its owner in, once: at once in the browser that asked for it, anywhere else
 * once the account's password is typed (someone else's link, opened signed out, signs in to nothing). The
 * address it is used from becomes one the account signed in from (the ceiling lets it through from then on) and its
 * failures there are forgotten, as after a sign-in.
 */
export async function signInWithLink(
  deps: AuthDeps,
  code: string,
  proof: LinkConfirmation,
  clientAddress: string | null,
): Promise<Session> {
  const invalid = () => AppError.badRequest(Msg.signInLinkInvalid, ErrorCode.INVALID_TOKEN);
  const hash = hashSecret(code);
  const found = await deps.store.codes.findUsable(hash, 'sign-in-link');
  const user = found ? await deps.store.users.byId(found.userId) : null;
  if (!found || !user || !user.active || user.deletedAt) throw invalid();
  await confirmLinkOwner(deps, user, found.boundTo, proof, clientAddress, {
    ask: Msg.signInLinkConfirmPassword,
    wrong: Msg.signInLinkPasswordWrong,
  });
  if ((await deps.store.codes.consume(hash, 'sign-in-link')) !== user.id) throw invalid();
  const address = hashAddress(clientAddress);
  await deps.store.knownAddresses.remember(user.id, address);
  await deps.store.attempts.clear(PASSWORD_FAILURE, user.email, address);
  return sessionFor(deps, user);
}
