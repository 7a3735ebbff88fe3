import { ErrorCode, Events, Msg } from '@app/contracts';
import { AppError } from '@app/kit';
import { sessionFor, type AuthDeps, type Session } from './deps.js';
import { hashSecret } from './secrets.js';

/** Consumes the activation code (once and only once, before it expires) and signs the user in. */
export async function activateAccount(deps: AuthDeps, activationCode: string): Promise<Session> {
  const user = await deps.store.transaction(async (tx) => {
    const userId = await tx.codes.consume(hashSecret(activationCode), 'activation');
    if (!userId) throw AppError.badRequest(Msg.activationInvalid, ErrorCode.INVALID_TOKEN);
    // A fresh link asked for later retired the older ones; once active, none of the others may sign in either.
    await tx.codes.retireUnused(userId, 'activation');
    await tx.users.update(userId, { active: true });
    const activated = await tx.users.byId(userId);
    if (!activated) throw AppError.badRequest(Msg.activationInvalid, ErrorCode.INVALID_TOKEN);
    await deps.bus.publishEvent(
      Events.userActivated,
      { userId: activated.id, email: activated.email },
      activated.id,
    );
    return activated;
  });
  return sessionFor(deps, user);
}
