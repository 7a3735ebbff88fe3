import type { MigrationInterface, QueryRunner } from 'typeorm';
import { SCHEMA } from '../audit-entry.entity.js';

export class CreateAuditEntries1760000000000 implements MigrationInterface {
  name = 'CreateAuditEntries1760000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE ${SCHEMA}.audit_entries (
        type varchar(32) NOT NULL,
        event_id text NOT NULL,
        at timestamptz NOT NULL,
        summary text NOT NULL,
        user_id text,
        email text,
        CONSTRAINT audit_entries_pk PRIMARY KEY (type, event_id)
      )`);
    // Newest first, with or without a type filter (btree indexes read backwards just as well); and a user's
    // sign-up line by id, which gives top-ups and purchases (they carry only the id) their email.
    await q.query(`CREATE INDEX audit_entries_at ON ${SCHEMA}.audit_entries (at)`);
    await q.query(`CREATE INDEX audit_entries_type_at ON ${SCHEMA}.audit_entries (type, at)`);
    await q.query(`CREATE INDEX audit_entries_user_type ON ${SCHEMA}.audit_entries (user_id, type)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ${SCHEMA}.audit_entries`);
  }
}
