import { randomUUID } from 'node:crypto';
import { Events, Jobs, Msg } from '@app/contracts';
import { AppError } from '@app/kit';
import { oneTimeCodes, users } from '../persistence/repositories.js';
import { isUniqueViolation, publishEvent, type AuthDeps } from './deps.js';
import { ACTIVATION_TTL_MS, newOneTimeSecret } from './secrets.js';

export interface SignUpInput {
  fullname: string;
  email: string;
  password: string;
}

/**
 * Stores the account inactive with a single-use activation code and queues the activation email. The job and
 * the event are published inside the transaction: if NATS refuses them nothing is stored and the user can retry.
 */
export async function signUp(deps: AuthDeps, input: SignUpInput): Promise<{ email: string }> {
  const passwordHash = await deps.passwords.hash(input.password, deps.config.BCRYPT_COST);
  const code = newOneTimeSecret();
  const id = randomUUID();
  try {
    await deps.db.transaction(async (m) => {
      if (await users(m).byEmail(input.email)) throw AppError.conflict(Msg.emailTaken);
      await users(m).insert({
        id,
        email: input.email,
        fullname: input.fullname,
        passwordHash,
        googleSub: null,
        fromGoogle: false,
        role: 'user',
        active: false,
        tokenVersion: 0,
      });
      await oneTimeCodes(m).insert(code.hash, id, 'activation', new Date(Date.now() + ACTIVATION_TTL_MS));
      await deps.bus.publish(
        Jobs.sendMail,
        {
          mailId: `activation:${id}`,
          to: input.email,
          template: 'activation',
          data: { fullname: input.fullname, code: code.secret },
        },
        { msgID: `activation:${id}` },
      );
      await publishEvent(deps, Events.userRegistered, {
        userId: id,
        email: input.email,
        fullname: input.fullname,
        fromGoogle: false,
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw AppError.conflict(Msg.emailTaken);
    throw err;
  }
  return { email: input.email };
}
