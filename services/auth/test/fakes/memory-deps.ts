import { randomUUID } from 'node:crypto';
import { createLogger } from '@app/kit';
import { memoryLimits, recordingBus } from '@app/testing';
import type { AuthConfig } from '../../src/config.js';
import type { AuthDeps } from '../../src/domain/deps.js';
import type { PasswordHasher } from '../../src/domain/passwords.js';
import type { UserRow } from '../../src/domain/ports.js';
import { SessionTokens } from '../../src/domain/session-tokens.js';
import { memoryAuthStore } from './memory-store.js';

/**
 * A hasher that does no real work but records every call, so a test can count the hashing each answer does.
 * Its hashes are `fake$<cost>$<password>`; anything else (a real bcrypt hash, the decoy) never matches.
 */
export function countingHasher(): PasswordHasher & { compared: string[]; hashed: number } {
  const hasher = {
    compared: [] as string[],
    hashed: 0,
    async hash(password: string, cost: number) {
      hasher.hashed++;
      return `fake$${cost}$${password}`;
    },
    async compare(password: string, hash: string) {
      hasher.compared.push(hash);
      return hash === `fake$10$${password}`;
    },
  };
  return hasher;
}

/** auth's dependencies over the in-memory repositories, with a bus that records what is published. */
export function memoryDeps(passwords: PasswordHasher, config: Partial<AuthConfig> = {}) {
  const memory = memoryAuthStore();
  const bus = recordingBus();
  const { publish } = bus;
  const limits = memoryLimits({
    ACTIVATION_MAILS: { max: config.SIGN_UPS_PER_ADDRESS_PER_HOUR ?? 60, windowMs: 60 * 60_000 },
  });
  const deps: AuthDeps = {
    store: memory.store,
    bus: bus as unknown as AuthDeps['bus'],
    config: {
      JWT_SECRET: 's'.repeat(40),
      ADMIN_EMAIL: 'admin@exemplo.com',
      ADMIN_PASSWORD: 'admin-senha',
      BCRYPT_COST: 10,
      ADMIN_SESSION_TTL_MINUTES: 120,
      LOGIN_FAILURE_WINDOW_MINUTES: 15,
      LOGIN_MAX_FAILURES_PER_EMAIL_ADDRESS: 5,
      LOGIN_MAX_FAILURES_PER_ADDRESS: 30,
      LOGIN_EMAIL_WINDOW_MINUTES: 60,
      LOGIN_MAX_FAILURES_PER_EMAIL: 50,
      LOGIN_ALERT_AFTER_FAILURES: 10,
      RECOVERY_MAX_PER_EMAIL_PER_HOUR: 3,
      RECOVERY_MAX_PER_ADDRESS_PER_HOUR: 10,
      SIGN_UPS_PER_ADDRESS_PER_HOUR: 60,
      PUBLIC_URL: 'http://localhost:8080',
      ...config,
    },
    tokens: new SessionTokens('s'.repeat(40)),
    verifyGoogle: async () => {
      throw new Error('Google sign-in is not part of these tests');
    },
    logger: createLogger('auth', 'silent'),
    passwords,
    limits: limits.limits,
  };

  /** Adds an account; `password` null is a Google account that never set one. */
  async function addUser(email: string, password: string | null, changes: Partial<UserRow> = {}) {
    const row: UserRow = {
      id: randomUUID(),
      email,
      fullname: 'Ana Souza',
      passwordHash: password === null ? null : await passwords.hash(password, 10),
      googleSub: null,
      fromGoogle: password === null,
      role: 'user',
      active: true,
      tokenVersion: 0,
      createdAt: new Date(),
      updatedAt: new Date(),
      deletedAt: null,
      signUpBinding: null,
      ...changes,
    };
    memory.state.users.push(row);
    return { ...row };
  }

  return {
    deps,
    /** The shared limits in memory: `limits.state.down` plays their store out of reach. */
    limits,
    publish,
    state: memory.state,
    codes: memory.state.codes,
    attempts: memory.state.attempts,
    addUser,
    get transactions() {
      return memory.transactions;
    },
  };
}
