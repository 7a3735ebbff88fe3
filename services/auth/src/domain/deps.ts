import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import type { MessageDef } from '@app/contracts';
import type { Bus, Logger } from '@app/kit';
import type { z } from 'zod';
import type { AuthConfig } from '../config.js';
import type { UserRow } from '../persistence/entities.js';
import type { VerifyGoogleCredential } from './google-verifier.js';
import type { PasswordHasher } from './passwords.js';
import type { SessionTokens } from './session-tokens.js';

/** What the use cases work with; built once in service.ts. */
export interface AuthDeps {
  db: DataSource;
  bus: Pick<Bus, 'publish'>;
  config: AuthConfig;
  tokens: SessionTokens;
  verifyGoogle: VerifyGoogleCredential;
  passwords: PasswordHasher;
  logger: Logger;
}

export interface Session {
  token: string;
  email: string;
  fullname: string;
}

/** The answer of every sign-in: what the browser stores (spec §3). */
export async function sessionFor(deps: Pick<AuthDeps, 'tokens'>, user: UserRow): Promise<Session> {
  return { token: await deps.tokens.issue(user), email: user.email, fullname: user.fullname };
}

/** Publishes an event with a fresh id (also its JetStream msgID) and timestamp. */
export function publishEvent<P extends z.ZodObject>(
  deps: Pick<AuthDeps, 'bus'>,
  def: MessageDef<P>,
  payload: Omit<z.input<P>, 'eventId' | 'at'>,
): Promise<void> {
  const eventId = randomUUID();
  return deps.bus.publish(def, { ...payload, eventId, at: new Date().toISOString() } as z.input<P>, {
    msgID: eventId,
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** User ids are UUIDs; a string that is not one would make Postgres fail the query instead of finding nothing. */
export const isUuid = (s: string): boolean => UUID.test(s);

export const isUniqueViolation = (err: unknown): boolean => (err as { code?: string })?.code === '23505';
