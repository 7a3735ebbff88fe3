import { IsNull, type DataSource, type EntityManager } from 'typeorm';
import { storeOver } from '@app/kit';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import type {
  AdminBootstrapRepository,
  AttemptsRepository,
  AuthRepositories,
  AuthStore,
  KnownAddressesRepository,
  OneTimeCodesRepository,
  UserRow,
  UsersRepository,
} from '../domain/ports.js';
import { SCHEMA, AdminBootstrapEntity, OneTimeCodeEntity, UserEntity } from './entities.js';

/** auth's repositories over Postgres (kit `storeOver`: in a transaction or not). */
export const authStore = (db: DataSource): AuthStore => storeOver(db, authRepositories);

/** Whether the query finds a row. */
async function exists(m: EntityManager, sql: string, params: unknown[]): Promise<boolean> {
  const rows: unknown[] = await m.query(sql, params);
  return rows.length > 0;
}

/** Every repository on one manager (the data source's, or a transaction's). */
const authRepositories = (m: EntityManager): AuthRepositories => ({
  users: users(m),
  codes: oneTimeCodes(m),
  attempts: attempts(m),
  knownAddresses: knownAddresses(m),
  adminBootstrap: adminBootstrap(m),
});

/** Users table access (see UsersRepository). */
const users = (m: EntityManager): UsersRepository => {
  const repo = m.getRepository(UserEntity);
  /**
   * Applies `changes` to the account (only where `condition` also holds) and ends every session issued before: token
   * version + 1, in the same statement. Answers the new row, else null (no such account, or the condition failed).
   */
  async function endingSessions(id: string, changes: QueryDeepPartialEntity<UserRow>, condition?: string) {
    const result = await m
      .createQueryBuilder()
      .update(UserEntity)
      .set({ ...changes, tokenVersion: () => 'token_version + 1' })
      .where(condition ? `id = :id AND (${condition})` : 'id = :id', { id })
      .returning('id')
      .execute();
    return result.affected ? repo.findOneByOrFail({ id }) : null;
  }
  return {
    byId: (id) => repo.findOneBy({ id }),
    byEmail: (email) => repo.findOneBy({ email }),
    byGoogleSub: (googleSub) => repo.findOneBy({ googleSub }),
    async insert(row) {
      await repo.insert(row);
    },
    async update(id, changes) {
      await repo.update({ id }, { ...changes, updatedAt: new Date() });
    },
    /** Ends every session issued before (token version + 1): sign-out. Answers the new row, or null. */
    endSessions: (id) => endingSessions(id, {}),
    /** Sets a new password and ends every session issued before (token version + 1); answers the new row. */
    replacePassword: (id, passwordHash, extra = {}) =>
      endingSessions(id, { ...extra, passwordHash, updatedAt: () => 'now()' }),
    /**
     * Links a never-activated account to a Google identity and activates it, dropping the password chosen at
     * sign-up (token version + 1). Only while the account is still inactive; answers the new row, else null.
     */
    claimInactiveForGoogle: (id, googleSub, fullname) =>
      endingSessions(
        id,
        {
          googleSub,
          fullname,
          active: true,
          passwordHash: null,
          signUpBinding: null,
          updatedAt: () => 'now()',
        },
        'active = false',
      ),
    async replacePendingSignUp(id, signUp) {
      const result = await m
        .createQueryBuilder()
        .update(UserEntity)
        .set({ ...signUp, updatedAt: () => 'now()' })
        .where('id = :id AND active = false AND deleted_at IS NULL', { id })
        .returning('id')
        .execute();
      return result.affected ? repo.findOneByOrFail({ id }) : null;
    },
    /**
     * Makes the account an active admin if it is not one already, ending its older sessions (token version + 1):
     * they were issued to a member or to a disabled account. Answers the new row, else null (nothing changed).
     */
    makeActiveAdmin: (id) =>
      endingSessions(
        id,
        { role: 'admin', active: true, updatedAt: () => 'now()' },
        "role <> 'admin' OR active = false",
      ),
    /**
     * Deletes the member's personal data (LGPD): the name and the email become placeholders (the address is free for a
     * new sign-up; `.invalid` can never receive mail), the password hash and the Google id go, the account can never
     * sign in again and every session ends (token version + 1). Only a live account; answers the new row, else null.
     */
    anonymise: (id, placeholder) =>
      endingSessions(
        id,
        {
          email: placeholder.email,
          fullname: placeholder.fullname,
          passwordHash: null,
          googleSub: null,
          active: false,
          deletedAt: () => 'now()',
          updatedAt: () => 'now()',
        },
        'deleted_at IS NULL',
      ),
    /** Live accounts only: a deleted account is nobody's any more. */
    async page(limit, offset) {
      const [rows, total] = await repo.findAndCount({
        where: { deletedAt: IsNull() },
        order: { createdAt: 'DESC', id: 'DESC' },
        take: limit,
        skip: offset,
      });
      return { rows, total };
    },
    async stats() {
      const [row] = (await m.query(
        `SELECT count(*)::int AS total, count(*) FILTER (WHERE from_google)::int AS google FROM ${SCHEMA}.users WHERE deleted_at IS NULL`,
      )) as Array<{ total: number; google: number }>;
      return { totalUsers: row!.total, usersGoogle: row!.google, usersLocal: row!.total - row!.google };
    },
  };
};

/** Activation codes and recovery tokens, by the SHA-256 of the secret. */
const oneTimeCodes = (m: EntityManager): OneTimeCodesRepository => {
  const repo = m.getRepository(OneTimeCodeEntity);
  return {
    async insert(hash, userId, purpose, expiresAt, boundTo) {
      await repo.insert({ hash, userId, purpose, expiresAt, usedAt: null, boundTo: boundTo ?? null });
    },
    /** Marks the code used if it is still usable; answers its user. One statement, so a code works only once. */
    async consume(hash, purpose, boundTo) {
      const result = await m
        .createQueryBuilder()
        .update(OneTimeCodeEntity)
        .set({ usedAt: () => 'now()' })
        .where(
          `hash = :hash AND purpose = :purpose AND used_at IS NULL AND expires_at > now()
             AND (CAST(:boundTo AS text) IS NULL OR bound_to = :boundTo)`,
          { hash, purpose, boundTo: boundTo ?? null },
        )
        .returning('user_id')
        .execute();
      const rows = result.raw as Array<{ user_id: string }>;
      return rows[0]?.user_id ?? null;
    },
    async findUsable(hash, purpose) {
      const rows: Array<{ user_id: string; bound_to: string | null }> = await m.query(
        `SELECT user_id, bound_to FROM ${SCHEMA}.one_time_codes
          WHERE hash = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()`,
        [hash, purpose],
      );
      const row = rows[0];
      return row ? { userId: row.user_id, boundTo: row.bound_to } : null;
    },
    hasUsableFor: (userId, purpose) =>
      exists(
        m,
        `SELECT 1 FROM ${SCHEMA}.one_time_codes
          WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()`,
        [userId, purpose],
      ),
    async lockFor(userId, purpose) {
      await m.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`one-time-codes:${purpose}:${userId}`]);
    },
    /** Every code of the user, used or not (the account is deleted). */
    async removeAll(userId) {
      await m.query(`DELETE FROM ${SCHEMA}.one_time_codes WHERE user_id = $1`, [userId]);
    },
    /** A new recovery link makes the older ones of the same user useless. */
    async retireUnused(userId, purpose) {
      await m.query(
        `UPDATE ${SCHEMA}.one_time_codes SET used_at = now() WHERE user_id = $1 AND purpose = $2 AND used_at IS NULL`,
        [userId, purpose],
      );
    },
  };
};

/**
 * Counted attempts for the abuse limits (failed sign-ins, recovery requests), each counted
 * over a sliding window by email, by address hash, or both. Rows older than a day are pruned as new ones come.
 */
const attempts = (m: EntityManager): AttemptsRepository => ({
  async count(kind, by, windowMinutes) {
    const rows: Array<{ n: number }> = await m.query(
      `SELECT count(*)::int AS n FROM ${SCHEMA}.attempts
        WHERE kind = $1 AND ($2::text IS NULL OR email = $2) AND ($3::text IS NULL OR address_hash = $3)
          AND at > now() - make_interval(mins => $4)`,
      [kind, by.email ?? null, by.addressHash ?? null, windowMinutes],
    );
    return rows[0]?.n ?? 0;
  },
  /**
   * Holds, until the transaction ends, the counters of one email and of one address for a kind: two requests that
   * count and then record take turns (without it, twelve at once all count zero).
   */
  async lock(kind, email, addressHash) {
    // Email first, address second, in every transaction: no two can wait on each other.
    await m.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`attempts:${kind}:email:${email}`]);
    await m.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`attempts:${kind}:address:${addressHash}`]);
  },
  /** Records one attempt and answers its id (a sign-in records before it compares: see sign-in.ts). */
  async record(kind, email, addressHash) {
    const rows: Array<{ id: string }> = await m.query(
      `INSERT INTO ${SCHEMA}.attempts (kind, email, address_hash) VALUES ($1, $2, $3) RETURNING id`,
      [kind, email, addressHash],
    );
    await m.query(
      `DELETE FROM ${SCHEMA}.attempts WHERE kind = $1 AND email = $2 AND at < now() - interval '1 day'`,
      [kind, email],
    );
    return rows[0]!.id;
  },
  /** Every attempt that names the email, of every kind (the account is deleted). */
  async forgetEmail(email) {
    await m.query(`DELETE FROM ${SCHEMA}.attempts WHERE email = $1`, [email]);
  },
  /** Takes back one recorded attempt (a sign-in that turned out to hold the right password). */
  async forget(id) {
    await m.query(`DELETE FROM ${SCHEMA}.attempts WHERE id = $1`, [id]);
  },
  /**
   * Forgets the email's attempts from one address (a successful sign-in there: the others' still count towards the
   * ceiling), or from every address (a new password set through the emailed link).
   */
  async clear(kind, email, addressHash) {
    await m.query(
      `DELETE FROM ${SCHEMA}.attempts WHERE kind = $1 AND email = $2 AND ($3::text IS NULL OR address_hash = $3)`,
      [kind, email, addressHash ?? null],
    );
  },
});

/** The addresses each account has signed in from. */
const knownAddresses = (m: EntityManager): KnownAddressesRepository => ({
  has: (userId, addressHash) =>
    exists(m, `SELECT 1 FROM ${SCHEMA}.known_addresses WHERE user_id = $1 AND address_hash = $2`, [
      userId,
      addressHash,
    ]),
  async forgetUser(userId) {
    await m.query(`DELETE FROM ${SCHEMA}.known_addresses WHERE user_id = $1`, [userId]);
  },
  async remember(userId, addressHash) {
    await m.query(
      `INSERT INTO ${SCHEMA}.known_addresses (user_id, address_hash) VALUES ($1, $2)
       ON CONFLICT (user_id, address_hash) DO UPDATE SET last_seen_at = now()`,
      [userId, addressHash],
    );
  },
});

/** The ADMIN_PASSWORD last applied (see bootstrap-admin.ts). */
const adminBootstrap = (m: EntityManager): AdminBootstrapRepository => {
  const repo = m.getRepository(AdminBootstrapEntity);
  return {
    async lock() {
      await m.query(`SELECT pg_advisory_xact_lock(hashtext('auth.bootstrap-admin'))`);
    },
    async appliedPasswordHash(email) {
      return (await repo.findOneBy({ email }))?.passwordHash ?? null;
    },
    async saveAppliedPasswordHash(email, passwordHash) {
      await repo.save({ email, passwordHash });
    },
  };
};
