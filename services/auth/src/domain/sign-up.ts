import { randomUUID } from 'node:crypto';
import { Events, Jobs } from '@app/contracts';
import { isUniqueViolation, type AuthDeps } from './deps.js';
import { sendFreshActivation, takeEmailedLinkTurn } from './emailed-links.js';
import type { PendingSignUp, UserRow } from './ports.js';
import { ACTIVATION_TTL_MS, hashAddress, newOneTimeSecret, nonceBinding } from './secrets.js';

export interface SignUpInput {
  fullname: string;
  email: string;
  password: string;
  /** The SHA-256 (base64url) of the secret kept by the browser that signs up, when one did. */
  nonce?: string | undefined;
}

/**
 * Stores the account inactive with a single-use activation code and queues the activation email. The job and
 * the event are published inside the transaction: if NATS refuses them nothing is stored and the user can retry.
 * The account keeps which browser signed up (`signUpBinding`): its activation link activates at once only there,
 * and anywhere else asks for the password chosen here (activate-account.ts).
 *
 * An email that already has an account gets the same answer (sign-up does not tell who has an account, like
 * sign-in and recovery). An active account's owner is emailed that someone tried, at most once an hour, with links to
 * sign in and recover. An account not active yet proved nothing about who chose its password (anyone can sign up with
 * someone else's email): this sign-up replaces its password, name and browser, retires its older activation
 * links and emails a fresh one (limited like recovery), so that the first password never signs in once the owner
 * activates. The same sign-up sent twice at once from one browser is one sign-up (isTheSameSignUp).
 */
export async function signUp(
  deps: AuthDeps,
  input: SignUpInput,
  clientAddress: string | null = null,
): Promise<{ email: string }> {
  // Hashed in both cases, so the answer time does not tell either.
  const passwordHash = await deps.passwords.hash(input.password, deps.config.BCRYPT_COST);
  const signUpBinding = nonceBinding(input.nonce);
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
        signUpBinding,
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
    if (await isTheSameSignUp(deps, owner, input.password, { fullname: input.fullname, signUpBinding })) {
      return { email: input.email };
    }
    await signUpAgain(deps, owner, { passwordHash, fullname: input.fullname, signUpBinding }, clientAddress);
  }
  return { email: input.email };
}

/**
 * How long after a sign-up the same sign-up sent again is taken as its repeat: a form sent twice at once (Enter and a
 * click, a double click, a retry after a slow answer), not a person asking for a fresh link.
 */
export const SIGN_UP_REPEAT_MS = 2 * 60_000;

/**
 * A repeat of the pending sign-up: the same browser (its binding), name and password, within SIGN_UP_REPEAT_MS of
 * it. It changes nothing and sends nothing: the first sign-up's email and link stand (a second link would retire the
 * first, and the first email's link would then be refused). The password is compared only for the same browser, so
 * another caller's answer time does not change.
 */
async function isTheSameSignUp(
  deps: AuthDeps,
  owner: UserRow,
  password: string,
  signUp: Pick<PendingSignUp, 'fullname' | 'signUpBinding'>,
): Promise<boolean> {
  if (owner.active || owner.deletedAt || !owner.passwordHash) return false;
  if (!owner.signUpBinding || owner.signUpBinding !== signUp.signUpBinding) return false;
  if (owner.fullname !== signUp.fullname) return false;
  if (Date.now() - owner.updatedAt.getTime() > SIGN_UP_REPEAT_MS) return false;
  return deps.passwords.compare(password, owner.passwordHash);
}

class EmailTaken extends Error {
  constructor(readonly owner: UserRow) {
    super('email taken');
  }
}

/** A sign-up with the email of an account that exists: replaces a pending sign-up, or tells an active owner. */
async function signUpAgain(
  deps: AuthDeps,
  owner: UserRow,
  signUp: PendingSignUp,
  clientAddress: string | null,
): Promise<void> {
  if (!owner.active && !owner.deletedAt) {
    if (!(await takeEmailedLinkTurn(deps, owner.email, hashAddress(clientAddress)))) return;
    // Activated in the meantime: then it is an active owner's, told below.
    if (await sendFreshActivation(deps, owner, signUp)) return;
  }
  const mailId = `sign-up-existing:${owner.id}:${new Date().toISOString().slice(0, 13)}`;
  await deps.bus.publish(
    Jobs.sendMail,
    { mailId, to: owner.email, template: 'sign-up-existing', data: { fullname: owner.fullname } },
    { msgID: mailId },
  );
}
