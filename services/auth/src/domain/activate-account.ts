import { ErrorCode, Events, Msg } from '@app/contracts';
import { AppError } from '@app/kit';
import { sessionFor, type AuthDeps, type Session } from './deps.js';
import { confirmLinkOwner, type LinkConfirmation } from './link-confirmation.js';
import { hashSecret } from './secrets.js';

/**
 * Consumes the activation code (once and only once, before it expires) and signs the user in, once the opener has shown
 * that the account is theirs: the browser that made the pending sign-up, or the password chosen at it.
 * Whoever holds the inbox but not that password (an attacker's sign-up with the owner's email, an attacker's own link
 * sent to a victim) activates nothing; the owner signs up again, which replaces the pending password (sign-up.ts).
 */
export async function activateAccount(
  deps: AuthDeps,
  activationCode: string,
  proof: LinkConfirmation,
  clientAddress: string | null,
): Promise<Session> {
  const invalid = () => AppError.badRequest(Msg.activationInvalid, ErrorCode.INVALID_TOKEN);
  const hash = hashSecret(activationCode);
  const found = await deps.store.codes.findUsable(hash, 'activation');
  const pending = found ? await deps.store.users.byId(found.userId) : null;
  if (!pending || pending.deletedAt) throw invalid();
  await confirmLinkOwner(deps, pending, pending.signUpBinding, proof, clientAddress, {
    ask: Msg.activationConfirmPassword,
    wrong: Msg.activationPasswordWrong,
  });
  const user = await deps.store.transaction(async (tx) => {
    // A sign-up in between replaced the password just confirmed and retired this code: then nothing is used.
    const userId = await tx.codes.consume(hash, 'activation');
    if (userId !== pending.id) throw invalid();
    // A fresh link asked for later retired the older ones; once active, none of the others may sign in either.
    await tx.codes.retireUnused(userId, 'activation');
    await tx.users.update(userId, { active: true, signUpBinding: null });
    const activated = await tx.users.byId(userId);
    if (!activated) throw invalid();
    await deps.bus.publishEvent(
      Events.userActivated,
      { userId: activated.id, email: activated.email },
      activated.id,
    );
    return activated;
  });
  return sessionFor(deps, user);
}
