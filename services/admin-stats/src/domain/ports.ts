import type { AuditEntry, AuditType } from '@app/contracts';
import type { Store } from '@app/kit';
import type { AuditRecord } from './audit-record.js';

/**
 * What admin-stats needs from storage, as interfaces (the port): the SQL lives in src/persistence/store.ts, the
 * in-memory fake in test/fakes/memory-store.ts, and one specification (test/spec/admin-stats-store.spec-suite.ts)
 * runs against both.
 */

/** The activity log: the projection of the audited events. */
export interface AuditRepository {
  /** Stores an event's line once (its type and event id are the key); answers whether it was new. */
  record(entry: AuditRecord): Promise<boolean>;
  /** A deleted account's addresses leave every line that named them; answers how many lines changed. */
  anonymiseUser(userId: string, replacement: string): Promise<number>;
  /** Newest first, optionally of one type. */
  latest(opts: { type?: AuditType; limit: number }): Promise<AuditEntry[]>;
}

export interface AdminStatsRepositories {
  audit: AuditRepository;
}

/** The repositories, each call on its own, and `transaction` (kit `Store`). */
export type AdminStatsStore = Store<AdminStatsRepositories>;
