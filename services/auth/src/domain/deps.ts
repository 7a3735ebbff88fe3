import { Events, type SignInSession } from '@app/contracts';
import type { Bus, Limits, Logger } from '@app/kit';
import type { AuthConfig } from '../config.js';
import type { VerifyGoogleCredential } from './google-verifier.js';
import type { PasswordHasher } from './passwords.js';
import type { AuthStore, UserRow } from './ports.js';
import type { SessionTokens } from './session-tokens.js';

/** What the use cases work with; built once in service.ts. */
export interface AuthDeps {
  /** Storage, as the repositories of ports.ts (implemented in persistence/store.ts). */
  store: AuthStore;
  bus: Pick<Bus, 'publish' | 'publishEvent' | 'request'>;
  config: AuthConfig;
  tokens: SessionTokens;
  verifyGoogle: VerifyGoogleCredential;
  passwords: PasswordHasher;
  logger: Logger;
  /** The limits every auth replica shares (libs/kit limits/): ACTIVATION_MAILS (sign-up-limit.ts). */
  limits: Pick<Limits, 'take'>;
}

/** A sign-in's answer, as the contracts declare it (SignInSession). */
export type Session = SignInSession;

/** The answer of every sign-in: what the browser stores, and whether it is the admin's (where the SPA lands). */
export async function sessionFor(deps: Pick<AuthDeps, 'tokens'>, user: UserRow): Promise<Session> {
  return {
    token: await deps.tokens.issue(user),
    email: user.email,
    fullname: user.fullname,
    role: user.role,
  };
}

/**
 * Tells every gateway that the user's older sessions ended (`Events.sessionsRevoked`), so none of them keeps
 * accepting a token from its session cache. Called after the transaction that bumped the token version commits: a
 * gateway that heard it earlier could ask again, read the old version and cache it. The business id names the version, so
 * a repeat is dropped by JetStream. A failure to publish does not undo the change (it is committed, and the caller
 * is answered as such): it is logged, and each gateway then forgets the old session when its cache entry expires
 * (SESSION_CACHE_TTL_MS) or when it sees a newer token of the user.
 */
export async function announceSessionsRevoked(
  deps: Pick<AuthDeps, 'bus' | 'logger'>,
  user: Pick<UserRow, 'id' | 'tokenVersion'>,
): Promise<void> {
  try {
    await deps.bus.publishEvent(
      Events.sessionsRevoked,
      { userId: user.id, tokenVersion: user.tokenVersion },
      `${user.id}:${user.tokenVersion}`,
    );
  } catch (err) {
    deps.logger.error(
      { err, userId: user.id, tokenVersion: user.tokenVersion },
      'sessions ended, but the revocation event was not published: gateways forget them when their cache expires',
    );
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** User ids are UUIDs; a string that is not one would make Postgres fail the query instead of finding nothing. */
export const isUuid = (s: string): boolean => UUID.test(s);

export const isUniqueViolation = (err: unknown): boolean => (err as { code?: string })?.code === '23505';
