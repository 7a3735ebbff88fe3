import type { AuditEntry, AuditType } from '@app/contracts';
import type { Bus, Logger } from '@app/kit';
import type { AuditRecord } from './audit-record.js';

/** The activity log as the routes and consumers see it (the SQL one is src/persistence/audit-log.ts). */
export interface AuditRepository {
  /** Stores an event's line once (its event id is the key); answers whether it was new. */
  record(entry: AuditRecord): Promise<boolean>;
  /** A deleted account's addresses leave every line that named them; answers how many lines changed. */
  anonymiseUser(userId: string, replacement: string): Promise<number>;
  /** Newest first, optionally of one type. */
  latest(opts: { type?: AuditType; limit: number }): Promise<AuditEntry[]>;
}

/** What admin-stats' routes and consumers work with (src/service.ts builds it). */
export interface AdminStatsDeps {
  /** Asks auth, billing and pages for their figures (request/reply). */
  bus: Pick<Bus, 'request'>;
  /** The activity log: the projection of the audited events. */
  audit: AuditRepository;
  logger: Logger;
  /** How long a statistics owner (auth, billing, pages) may take to answer. */
  ownerTimeoutMs: number;
}
