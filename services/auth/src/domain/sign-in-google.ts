import { randomUUID } from 'node:crypto';
import { EMAIL_MAX_LENGTH, ErrorCode, Events, Msg } from '@app/contracts';
import { AppError } from '@app/kit';
import {
  announceSessionsRevoked,
  isUniqueViolation,
  sessionFor,
  type AuthDeps,
  type Session,
} from './deps.js';
import { googleRefusalReason, type GoogleIdentity } from './google-verifier.js';
import type { AuthRepositories, UserRow } from './ports.js';

/**
 * Google sign-in: the credential is verified (signature, issuer, audience, expiry, verified email); the account
 * is found by Google `sub`, else linked by its (Google-verified) email, else created active with `fromGoogle`.
 * A refusal is logged by its reason code only: the library's messages can carry the credential and its email. The
 * admin account never signs in with Google: its way in is its password (403 `Msg.googleAdminRefused`).
 */
export async function signInWithGoogle(deps: AuthDeps, credential: string): Promise<Session> {
  return sessionFor(deps, (await googleAccount(deps, credential)).user);
}

/**
 * The account a Google credential signs in to (found, linked or created as signInWithGoogle says), with the verified
 * identity (its `nonce` binds a redirect-mode sign-in to the tab that started it: google-handoff.ts).
 */
export async function googleAccount(
  deps: AuthDeps,
  credential: string,
  /** A further check of the verified identity, before any account is touched: a refusal reason, or null. */
  check: (identity: GoogleIdentity) => string | null = () => null,
): Promise<{ user: UserRow; identity: GoogleIdentity }> {
  let identity: GoogleIdentity;
  try {
    identity = await deps.verifyGoogle(credential);
  } catch (err) {
    throw await refuseGoogle(deps, googleRefusalReason(err));
  }
  const refusal = check(identity);
  if (refusal) throw await refuseGoogle(deps, refusal);
  // Longer is no address our accounts can hold (it answered 500); said so, not 'Google failed'.
  if (identity.email.length > EMAIL_MAX_LENGTH) {
    deps.logger.warn({ reason: 'email_too_long' }, 'google credential refused');
    throw AppError.badRequest(Msg.googleEmailTooLong);
  }
  let found: Found;
  try {
    found = await deps.store.transaction((tx) => findOrCreate(deps, tx, identity));
  } catch (err) {
    // Two first sign-ins of the same account at once: the loser finds the winner's row.
    if (!isUniqueViolation(err)) throw err;
    found = await deps.store.transaction((tx) => findOrCreate(deps, tx, identity));
  }
  if (found.claimed) await announceSessionsRevoked(deps, found.user);
  return { user: found.user, identity };
}

/** A refused Google sign-in: logged by its reason code only, counted as a failed sign-in, answered 401. */
export async function refuseGoogle(deps: AuthDeps, reason: string): Promise<AppError> {
  deps.logger.warn({ reason }, 'google credential refused');
  // Nothing is stored of a refused credential: the occurrence itself is all there is to name.
  await deps.bus.publishEvent(Events.loginFailed, { email: '', reason: 'google' }, randomUUID());
  return AppError.unauthorized(Msg.googleFailed, ErrorCode.INVALID_CREDENTIALS);
}

/** The account signed in, and whether this sign-in claimed a never-activated one (ending its older sessions). */
interface Found {
  user: UserRow;
  claimed: boolean;
}

/**
 * The admin enters with its password only: a Google account of its email (anyone who can create one at the
 * admin's domain, or holds its mailbox) must not become a second way in, nor be linked to it.
 */
function refuseAdmin(deps: AuthDeps, user: UserRow): UserRow {
  if (user.role !== 'admin') return user;
  deps.logger.warn({ reason: 'admin' }, 'google credential refused');
  throw AppError.forbidden(Msg.googleAdminRefused);
}

async function findOrCreate(deps: AuthDeps, tx: AuthRepositories, g: GoogleIdentity): Promise<Found> {
  const repo = tx.users;
  const linked = await repo.byGoogleSub(g.sub);
  if (linked) return { user: refuseAdmin(deps, linked), claimed: false };
  const sameEmail = await repo.byEmail(g.email);
  if (sameEmail) {
    refuseAdmin(deps, sameEmail);
    // Google vouches for the address, which is also what activation proves. A never-activated account proved
    // nothing: anyone may have signed up with this email and a password of their own, so that password goes
    // (recovery sets one), the name typed with it gives way to Google's, its activation links die and older
    // tokens stop working.
    if (!sameEmail.active) {
      const claimed = await repo.claimInactiveForGoogle(sameEmail.id, g.sub, g.name);
      if (claimed) {
        await tx.codes.retireUnused(claimed.id, 'activation');
        await deps.bus.publishEvent(Events.userActivated, { userId: claimed.id, email: g.email }, claimed.id);
        return { user: claimed, claimed: true };
      }
      // Activated meanwhile (its emailed link): linked as an active account below.
    }
    // Active: the address was proved before, so the password is its owner's and stays.
    await repo.update(sameEmail.id, { googleSub: g.sub });
    return { user: (await repo.byId(sameEmail.id))!, claimed: false };
  }
  const id = randomUUID();
  await repo.insert({
    id,
    email: g.email,
    fullname: g.name,
    passwordHash: null,
    googleSub: g.sub,
    fromGoogle: true,
    role: 'user',
    active: true,
    tokenVersion: 0,
    signUpBinding: null,
  });
  await deps.bus.publishEvent(
    Events.userRegistered,
    {
      userId: id,
      email: g.email,
      fullname: g.name,
      fromGoogle: true,
    },
    id,
  );
  return { user: (await repo.byId(id))!, claimed: false };
}
