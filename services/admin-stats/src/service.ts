import type { ServiceSpec } from '@app/kit';
import { env } from './config.js';
import { consumeAuditEvents } from './nats/audit-consumers.js';
import { AuditEntryEntity, SCHEMA } from './persistence/audit-entry.entity.js';
import { AuditLog } from './persistence/audit-log.js';
import { CreateAuditEntries1760000000000 } from './persistence/migrations/1760000000000-create-audit-entries.js';
import { registerRoutes } from './routes.js';

export const spec: ServiceSpec<typeof env> = {
  name: 'admin-stats',
  env,
  database: { schema: SCHEMA, entities: [AuditEntryEntity], migrations: [CreateAuditEntries1760000000000] },
  streams: ['EVENTS'],
  async setup({ app, bus, db, logger, config }) {
    const audit = new AuditLog(db);
    registerRoutes(app, { bus, audit, logger, ownerTimeoutMs: config.OWNER_REQUEST_TIMEOUT_MS });
    await consumeAuditEvents(bus, audit, logger);
  },
};
