import { randomUUID } from 'node:crypto';
import { vi } from 'vitest';
import type { DataSource } from 'typeorm';
import { createLogger } from '@app/kit';
import type { AuthConfig } from '../../src/config.js';
import type { AuthDeps } from '../../src/domain/deps.js';
import type { PasswordHasher } from '../../src/domain/passwords.js';
import { SessionTokens } from '../../src/domain/session-tokens.js';
import {
  OneTimeCodeEntity,
  UserEntity,
  type OneTimeCodeRow,
  type UserRow,
} from '../../src/persistence/entities.js';

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

/**
 * auth's dependencies over an in-memory store: just the queries sign-in and recovery make (users by email,
 * the counted attempts, known addresses, recovery codes). Any other query fails the test loudly.
 */
export function memoryDeps(passwords: PasswordHasher, config: Partial<AuthConfig> = {}) {
  const users: UserRow[] = [];
  const attempts: Array<{ id: string; kind: string; email: string; addressHash: string; at: number }> = [];
  let lastAttemptId = 0;
  const known = new Set<string>();
  const codes: Array<Omit<OneTimeCodeRow, 'createdAt'>> = [];
  let transactions = 0;

  const manager = {
    getRepository(entity: unknown) {
      if (entity === UserEntity)
        return {
          findOneBy: async (where: Partial<UserRow>) =>
            users.find((u) => Object.entries(where).every(([k, v]) => u[k as keyof UserRow] === v)) ?? null,
        };
      if (entity === OneTimeCodeEntity)
        return { insert: async (row: Omit<OneTimeCodeRow, 'createdAt'>) => void codes.push(row) };
      throw new Error('unexpected repository');
    },
    async query(sql: string, params: unknown[] = []) {
      const [kind, email, addressHash] = params as [string, string | null, string | null];
      if (/^\s*SELECT count\(\*\)::int AS n FROM auth\.attempts/.test(sql)) {
        const since = Date.now() - (params[3] as number) * 60_000;
        const n = attempts.filter(
          (a) =>
            a.kind === kind &&
            (email === null || a.email === email) &&
            (addressHash === null || a.addressHash === addressHash) &&
            a.at > since,
        ).length;
        return [{ n }];
      }
      if (/^\s*INSERT INTO auth\.attempts/.test(sql)) {
        const id = String(++lastAttemptId);
        attempts.push({ id, kind, email: email!, addressHash: addressHash!, at: Date.now() });
        return [{ id }];
      }
      if (/^\s*DELETE FROM auth\.attempts WHERE id = \$1/.test(sql)) {
        const i = attempts.findIndex((a) => a.id === params[0]);
        if (i >= 0) attempts.splice(i, 1);
        return [];
      }
      // Transactions run one at a time here: the counters' lock has nothing to hold.
      if (/^\s*SELECT pg_advisory_xact_lock/.test(sql)) return [];
      if (/^\s*DELETE FROM auth\.attempts WHERE kind = \$1 AND email = \$2 AND at </.test(sql)) {
        // Pruning rows older than a day: none in a unit test.
        return [];
      }
      if (/^\s*DELETE FROM auth\.attempts WHERE kind = \$1 AND email = \$2 AND \(\$3/.test(sql)) {
        for (let i = attempts.length - 1; i >= 0; i--) {
          const a = attempts[i]!;
          if (a.kind === kind && a.email === email && (addressHash === null || a.addressHash === addressHash))
            attempts.splice(i, 1);
        }
        return [];
      }
      if (/^\s*SELECT 1 FROM auth\.known_addresses/.test(sql))
        return known.has(`${params[0]}|${params[1]}`) ? [{ '?column?': 1 }] : [];
      if (/^\s*INSERT INTO auth\.known_addresses/.test(sql)) {
        known.add(`${params[0]}|${params[1]}`);
        return [];
      }
      if (/^\s*UPDATE auth\.one_time_codes SET used_at = now\(\)/.test(sql)) {
        for (const c of codes) if (c.userId === params[0] && c.purpose === params[1]) c.usedAt ??= new Date();
        return [];
      }
      throw new Error(`unexpected query: ${sql}`);
    },
  };
  const db = {
    manager,
    async transaction<T>(work: (m: typeof manager) => Promise<T>) {
      transactions++;
      return work(manager);
    },
  } as unknown as DataSource;

  const publish = vi.fn(async (..._args: unknown[]) => {});
  const deps: AuthDeps = {
    db,
    bus: { publish } as unknown as AuthDeps['bus'],
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
      PUBLIC_URL: 'http://localhost:8080',
      ...config,
    },
    tokens: new SessionTokens('s'.repeat(40)),
    verifyGoogle: async () => {
      throw new Error('Google sign-in is not part of these tests');
    },
    logger: createLogger('auth', 'silent'),
    passwords,
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
      ...changes,
    };
    users.push(row);
    return row;
  }

  return {
    deps,
    publish,
    codes,
    attempts,
    addUser,
    get transactions() {
      return transactions;
    },
  };
}
