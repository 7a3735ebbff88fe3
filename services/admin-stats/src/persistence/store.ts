import type { DataSource, EntityManager } from 'typeorm';
import type { AuditEntry, AuditType } from '@app/contracts';
import { storeOver } from '@app/kit';
import type { AuditRecord } from '../domain/audit-record.js';
import type { AdminStatsRepositories, AdminStatsStore, AuditRepository } from '../domain/ports.js';
import { AuditEntryEntity } from './audit-entry.entity.js';

/** admin-stats' repositories over Postgres (kit `storeOver`: in a transaction or not). */
export const adminStatsStore = (db: DataSource): AdminStatsStore => storeOver(db, adminStatsRepositories);

/** Every repository on one manager (the data source's, or a transaction's). */
const adminStatsRepositories = (m: EntityManager): AdminStatsRepositories => ({ audit: auditLog(m) });

interface AuditRow {
  event_id: string;
  type: AuditType;
  at: Date;
  summary: string;
  user_id: string | null;
  email: string | null;
}

/** The activity log (see AuditRepository). */
const auditLog = (m: EntityManager): AuditRepository => {
  const repo = m.getRepository(AuditEntryEntity);
  return {
    /** Stores an event's line once: a redelivery or a replay of the same event id changes nothing. Answers whether it was new. */
    async record(entry: AuditRecord): Promise<boolean> {
      const result = await repo
        .createQueryBuilder()
        .insert()
        .values(entry)
        .orIgnore()
        .returning(['eventId'])
        .execute();
      return result.raw.length > 0;
    },

    /**
     * A member deleted their account (LGPD): every line naming one of their addresses (their sign-up, activation and
     * failed sign-ins, found through the addresses their own lines carry) loses it, in the email column and in the
     * summary, which then reads `replacement` where the address was. Lines keyed by user id only (top-ups,
     * purchases) hold no personal data. Answers how many lines changed; running it again changes nothing.
     */
    async anonymiseUser(userId: string, replacement: string): Promise<number> {
      const table = repo.metadata.tablePath;
      const rows: unknown[] = await repo.query(
        `WITH addresses AS (
           SELECT DISTINCT email FROM ${table} WHERE user_id = $1 AND email IS NOT NULL),
         changed AS (
           UPDATE ${table} a SET email = NULL, summary = replace(a.summary, addresses.email, $2)
             FROM addresses WHERE a.email = addresses.email
           RETURNING a.event_id)
         SELECT event_id FROM changed`,
        [userId, replacement],
      );
      return rows.length;
    },

    /**
     * Newest first, optionally of one type. Top-ups and purchases carry only a user id: their email comes from the
     * same user's sign-up line, so the log shows who did what without asking auth.
     */
    async latest(opts: { type?: AuditType; limit: number }): Promise<AuditEntry[]> {
      const table = repo.metadata.tablePath;
      const rows: AuditRow[] = await repo.query(
        `SELECT a.event_id, a.type, a.at, a.summary, a.user_id, COALESCE(a.email, r.email) AS email
           FROM ${table} a
           LEFT JOIN LATERAL (
             SELECT email FROM ${table} u WHERE u.type = 'user.registered' AND u.user_id = a.user_id LIMIT 1
           ) r ON a.email IS NULL AND a.user_id IS NOT NULL
          WHERE $1::text IS NULL OR a.type = $1
          ORDER BY a.at DESC, a.event_id DESC
          LIMIT $2`,
        [opts.type ?? null, opts.limit],
      );
      return rows.map((r) => ({
        id: r.event_id,
        type: r.type,
        at: r.at.toISOString(),
        summary: r.summary,
        userId: r.user_id,
        email: r.email,
      }));
    },
  };
};
