import { randomUUID } from 'node:crypto';
import { Events, Jobs } from '@app/contracts';
import { isUniqueViolation, type AuthDeps } from './deps.js';
import { sendFreshActivation, takeEmailedLinkTurn } from './emailed-links.js';
import type { UserRow } from './ports.js';
import { ACTIVATION_TTL_MS, hashAddress, newOneTimeSecret } from './secrets.js';

export interface SignUpInput {
  fullname: string;
  email: string;
  password: string;
}

/**
 * Stores the account inactive with a single-use activation code and queues the activation email. The job and
 * the event are published inside the transaction: if NATS refuses them nothing is stored and the user can retry.
 * An email that already has an account gets the same answer (sign-up does not tell who has an account, like
 * sign-in and recovery) and its owner an email saying so, at most once an hour, with links to sign in and recover;
 * when that account is not active yet, the email carries a fresh activation link instead (limited like recovery).
 */
export async function signUp(
  deps: AuthDeps,
  input: SignUpInput,
  clientAddress: string | null = null,
): Promise<{ email: string }> {
  // Hashed in both cases, so the answer time does not tell either.
  const passwordHash = await deps.passwords.hash(input.password, deps.config.BCRYPT_COST);
  const code = newOneTimeSecret();
  const id = randomUUID();
  try {
    await deps.store.transaction(async (tx) => {
      const owner = await tx.users.byEmail(input.email);
      if (owner) throw new EmailTaken(owner);
      await tx.users.insert({
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
      await tx.codes.insert(code.hash, id, 'activation', new Date(Date.now() + ACTIVATION_TTL_MS));
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
      await deps.bus.publishEvent(
        Events.userRegistered,
        {
          userId: id,
          email: input.email,
          fullname: input.fullname,
          fromGoogle: false,
        },
        id,
      );
    });
  } catch (err) {
    const owner =
      err instanceof EmailTaken
        ? err.owner
        : isUniqueViolation(err)
          ? await deps.store.users.byEmail(input.email)
          : null;
    if (!owner) throw err;
    await tellOwner(deps, owner, clientAddress);
  }
  return { email: input.email };
}

class EmailTaken extends Error {
  constructor(readonly owner: UserRow) {
    super('email taken');
  }
}

async function tellOwner(deps: AuthDeps, owner: UserRow, clientAddress: string | null): Promise<void> {
  // Never activated (the first email lost?): the way in is a fresh activation link, not 'just sign in'.
  if (!owner.active && !owner.deletedAt) {
    if (await takeEmailedLinkTurn(deps, owner.email, hashAddress(clientAddress)))
      await sendFreshActivation(deps, owner, 'sign-up-existing');
    return;
  }
  const mailId = `sign-up-existing:${owner.id}:${new Date().toISOString().slice(0, 13)}`;
  await deps.bus.publish(
    Jobs.sendMail,
    { mailId, to: owner.email, template: 'sign-up-existing', data: { fullname: owner.fullname } },
    { msgID: mailId },
  );
}
