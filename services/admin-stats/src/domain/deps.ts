import type { Bus, Logger } from '@app/kit';
import type { AdminStatsStore } from './ports.js';

/** What admin-stats' routes and consumers work with (src/service.ts builds it). */
export interface AdminStatsDeps {
  /** Asks auth, billing and pages for their figures (request/reply). */
  bus: Pick<Bus, 'request'>;
  /** Storage, as the repositories of ports.ts (implemented in persistence/store.ts): the activity log. */
  store: AdminStatsStore;
  logger: Logger;
  /** How long a statistics owner (auth, billing, pages) may take to answer. */
  ownerTimeoutMs: number;
}
