import type { Bus, Logger } from '@app/kit';
import type { AuditLog } from '../persistence/audit-log.js';

/** What admin-stats' routes and consumers work with (src/service.ts builds it). */
export interface AdminStatsDeps {
  /** Asks auth, billing and pages for their figures (request/reply). */
  bus: Pick<Bus, 'request'>;
  /** The activity log: the projection of the audited events. */
  audit: AuditLog;
  logger: Logger;
  /** How long a statistics owner (auth, billing, pages) may take to answer. */
  ownerTimeoutMs: number;
}
