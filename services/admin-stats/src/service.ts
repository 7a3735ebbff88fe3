import { defineService, postgres } from '@app/kit';
import { env } from './config.js';
import type { AdminStatsDeps } from './domain/deps.js';
import { serveNats } from './nats/handlers.js';
import { AuditEntryEntity, SCHEMA } from './persistence/audit-entry.entity.js';
import { adminStatsStore } from './persistence/store.js';
import { CreateAuditEntries1760000000000 } from './persistence/migrations/1760000000000-create-audit-entries.js';
import { registerRoutes } from './routes.js';

export const service = defineService({
  name: 'admin-stats',
  env,
  database: postgres({
    schema: SCHEMA,
    entities: [AuditEntryEntity],
    migrations: [CreateAuditEntries1760000000000],
  }),
  streams: ['EVENTS'],
  deps: ({ bus, db, logger, config }): AdminStatsDeps => ({
    bus,
    store: adminStatsStore(db),
    logger,
    ownerTimeoutMs: config.OWNER_REQUEST_TIMEOUT_MS,
  }),
  routes: registerRoutes,
  nats: serveNats,
});
