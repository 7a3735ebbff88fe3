import { EntitySchema } from 'typeorm';
import type { AuditRecord } from '../domain/audit-record.js';

/** admin-stats's own Postgres schema; no other service reads it. */
export const SCHEMA = 'admin_stats';

/** The audit projection: one row per event, the primary key (type, event_id) keeps a redelivery from doubling it. */
export const AuditEntryEntity = new EntitySchema<AuditRecord>({
  name: 'AuditEntry',
  tableName: 'audit_entries',
  columns: {
    type: { type: 'varchar', length: 32, primary: true },
    eventId: { name: 'event_id', type: 'text', primary: true },
    at: { type: 'timestamptz' },
    summary: { type: 'text' },
    userId: { name: 'user_id', type: 'text', nullable: true },
    email: { type: 'text', nullable: true },
  },
  indices: [
    { name: 'audit_entries_at', columns: ['at'] },
    { name: 'audit_entries_type_at', columns: ['type', 'at'] },
    { name: 'audit_entries_user_type', columns: ['userId', 'type'] },
  ],
});
