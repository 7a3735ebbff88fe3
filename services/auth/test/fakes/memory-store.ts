import type { OneTimeCodeRow } from '../../src/persistence/entities.js';
import type { AttemptKind, AuthRepositories, AuthStore, UserRow } from '../../src/domain/ports.js';

/**
 * In-memory implementations of auth's repositories (src/domain/ports.ts), keeping to what the Postgres ones promise
 * (the specification test/spec/auth-store.spec-suite.ts runs against both):
 * rows are copies (changing one the use case was handed changes nothing stored), a taken email, Google id or code
 * rejects like Postgres (code 23505), a code or address of an unknown user like its foreign key (23503), and a
 * transaction that rejects leaves nothing behind. Transactions run one at a time, so the counters' lock holds
 * nothing more.
 */

/** A stored code, as its table's row holds it. */
export type MemoryCode = OneTimeCodeRow;

export interface MemoryAttempt {
  id: string;
  kind: AttemptKind;
  email: string;
  addressHash: string;
  at: Date;
}

/** What the store holds; a test reads it directly to see what a use case stored. */
export interface MemoryState {
  users: UserRow[];
  codes: MemoryCode[];
  attempts: MemoryAttempt[];
  /** `userId|addressHash` → last seen. */
  knownAddresses: Map<string, Date>;
  /** ADMIN_EMAIL → the hash of the ADMIN_PASSWORD last applied. */
  adminBootstrap: Map<string, string>;
}

const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });
const copy = <T extends object>(row: T | undefined): T | null => (row ? { ...row } : null);
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

export function memoryAuthStore() {
  const state: MemoryState = {
    users: [],
    codes: [],
    attempts: [],
    knownAddresses: new Map(),
    adminBootstrap: new Map(),
  };
  let lastAttemptId = 0;
  let transactions = 0;
  let queue: Promise<unknown> = Promise.resolve();

  const userById = (id: string) => state.users.find((u) => u.id === id);

  /** Changes the account where `condition` holds and ends its older sessions; the new row, else null. */
  function endingSessions(
    id: string,
    changes: Partial<UserRow>,
    condition: (u: UserRow) => boolean = () => true,
  ) {
    const user = userById(id);
    if (!user || !condition(user)) return null;
    Object.assign(user, changes, { tokenVersion: user.tokenVersion + 1 });
    return copy(user);
  }

  const repositories: AuthRepositories = {
    users: {
      byId: async (id) => copy(userById(id)),
      byEmail: async (email) => copy(state.users.find((u) => u.email === email)),
      byGoogleSub: async (googleSub) => copy(state.users.find((u) => u.googleSub === googleSub)),
      async insert(row) {
        if (
          state.users.some(
            (u) =>
              u.id === row.id || u.email === row.email || (row.googleSub && u.googleSub === row.googleSub),
          )
        )
          throw pgError('23505', 'duplicate key value violates unique constraint');
        const now = new Date();
        state.users.push({ ...row, createdAt: now, updatedAt: now, deletedAt: null });
      },
      async update(id, changes) {
        const user = userById(id);
        if (user) Object.assign(user, changes, { updatedAt: new Date() });
      },
      endSessions: async (id) => endingSessions(id, {}),
      replacePassword: async (id, passwordHash, extra = {}) =>
        endingSessions(id, { ...extra, passwordHash, updatedAt: new Date() }),
      claimInactiveForGoogle: async (id, googleSub, fullname) =>
        endingSessions(
          id,
          {
            googleSub,
            fullname,
            active: true,
            passwordHash: null,
            signUpBinding: null,
            updatedAt: new Date(),
          },
          (u) => !u.active,
        ),
      async replacePendingSignUp(id, signUp) {
        const user = userById(id);
        if (!user || user.active || user.deletedAt) return null;
        Object.assign(user, signUp, { updatedAt: new Date() });
        return copy(user);
      },
      makeActiveAdmin: async (id) =>
        endingSessions(
          id,
          { role: 'admin', active: true, updatedAt: new Date() },
          (u) => u.role !== 'admin' || !u.active,
        ),
      anonymise: async (id, placeholder) =>
        endingSessions(
          id,
          {
            ...placeholder,
            passwordHash: null,
            googleSub: null,
            active: false,
            deletedAt: new Date(),
            updatedAt: new Date(),
          },
          (u) => u.deletedAt === null,
        ),
      async page(limit, offset) {
        const live = state.users
          .filter((u) => u.deletedAt === null)
          .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
        return { rows: live.slice(offset, offset + limit).map((u) => ({ ...u })), total: live.length };
      },
      async stats() {
        const live = state.users.filter((u) => u.deletedAt === null);
        const google = live.filter((u) => u.fromGoogle).length;
        return { totalUsers: live.length, usersGoogle: google, usersLocal: live.length - google };
      },
    },

    codes: {
      async insert(hash, userId, purpose, expiresAt, boundTo) {
        if (state.codes.some((c) => c.hash === hash))
          throw pgError('23505', 'duplicate key value violates unique constraint');
        if (!userById(userId)) throw pgError('23503', 'insert violates foreign key constraint');
        state.codes.push({
          hash,
          userId,
          purpose,
          expiresAt,
          usedAt: null,
          boundTo: boundTo ?? null,
          createdAt: new Date(),
        });
      },
      async consume(hash, purpose, boundTo) {
        const code = state.codes.find(
          (c) =>
            c.hash === hash &&
            c.purpose === purpose &&
            usable(c) &&
            (boundTo === undefined || c.boundTo === boundTo),
        );
        if (!code) return null;
        code.usedAt = new Date();
        return code.userId;
      },
      async findUsable(hash, purpose) {
        const code = state.codes.find((c) => c.hash === hash && c.purpose === purpose && usable(c));
        return code ? { userId: code.userId, boundTo: code.boundTo } : null;
      },
      hasUsableFor: async (userId, purpose) =>
        state.codes.some((c) => c.userId === userId && c.purpose === purpose && usable(c)),
      // One caller at a time in these tests' single thread: nothing to hold.
      async lockFor() {},
      async removeAll(userId) {
        remove(state.codes, (c) => c.userId === userId);
      },
      async retireUnused(userId, purpose) {
        for (const c of state.codes)
          if (c.userId === userId && c.purpose === purpose && c.usedAt === null) c.usedAt = new Date();
      },
    },

    attempts: {
      count: async (kind, by, windowMinutes) =>
        state.attempts.filter(
          (a) =>
            a.kind === kind &&
            (by.email === undefined || a.email === by.email) &&
            (by.addressHash === undefined || a.addressHash === by.addressHash) &&
            a.at > minutesAgo(windowMinutes),
        ).length,
      // Transactions run one at a time here: the lock has nothing more to hold.
      lock: async () => {},
      async record(kind, email, addressHash) {
        const id = String(++lastAttemptId);
        state.attempts.push({ id, kind, email, addressHash, at: new Date() });
        remove(state.attempts, (a) => a.kind === kind && a.email === email && a.at < minutesAgo(24 * 60));
        return id;
      },
      async forgetEmail(email) {
        remove(state.attempts, (a) => a.email === email);
      },
      async forget(id) {
        remove(state.attempts, (a) => a.id === id);
      },
      async clear(kind, email, addressHash) {
        remove(
          state.attempts,
          (a) =>
            a.kind === kind &&
            a.email === email &&
            (addressHash === undefined || a.addressHash === addressHash),
        );
      },
    },

    knownAddresses: {
      has: async (userId, addressHash) => state.knownAddresses.has(`${userId}|${addressHash}`),
      async forgetUser(userId) {
        for (const key of [...state.knownAddresses.keys()])
          if (key.startsWith(`${userId}|`)) state.knownAddresses.delete(key);
      },
      async remember(userId, addressHash) {
        if (!userById(userId)) throw pgError('23503', 'insert violates foreign key constraint');
        state.knownAddresses.set(`${userId}|${addressHash}`, new Date());
      },
    },

    adminBootstrap: {
      lock: async () => {},
      appliedPasswordHash: async (email) => state.adminBootstrap.get(email) ?? null,
      async saveAppliedPasswordHash(email, passwordHash) {
        state.adminBootstrap.set(email, passwordHash);
      },
    },
  };

  /** One at a time; a rejected one puts back everything as it was when it began. */
  function transaction<T>(work: (tx: AuthRepositories) => Promise<T>): Promise<T> {
    const run = queue.then(async () => {
      transactions++;
      const before = snapshot(state);
      try {
        return await work(repositories);
      } catch (err) {
        restore(state, before);
        throw err;
      }
    });
    queue = run.catch(() => undefined);
    return run;
  }

  const store: AuthStore = { ...repositories, transaction };
  return {
    store,
    state,
    /** How many transactions the use cases began. */
    get transactions() {
      return transactions;
    },
  };
}

const usable = (c: MemoryCode) => c.usedAt === null && c.expiresAt.getTime() > Date.now();

function remove<T>(rows: T[], doomed: (row: T) => boolean): void {
  for (let i = rows.length - 1; i >= 0; i--) if (doomed(rows[i]!)) rows.splice(i, 1);
}

function snapshot(state: MemoryState): MemoryState {
  return {
    users: state.users.map((u) => ({ ...u })),
    codes: state.codes.map((c) => ({ ...c })),
    attempts: state.attempts.map((a) => ({ ...a })),
    knownAddresses: new Map(state.knownAddresses),
    adminBootstrap: new Map(state.adminBootstrap),
  };
}

/** Puts the rows back in the same arrays and maps (a test may hold them). */
function restore(state: MemoryState, before: MemoryState): void {
  state.users.splice(0, state.users.length, ...before.users);
  state.codes.splice(0, state.codes.length, ...before.codes);
  state.attempts.splice(0, state.attempts.length, ...before.attempts);
  state.knownAddresses.clear();
  for (const [k, v] of before.knownAddresses) state.knownAddresses.set(k, v);
  state.adminBootstrap.clear();
  for (const [k, v] of before.adminBootstrap) state.adminBootstrap.set(k, v);
}
