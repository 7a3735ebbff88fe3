import type { MigrationInterface, QueryRunner } from 'typeorm';

/** LGPD: when a member deleted their account (its personal data anonymised). */
export class UserDeletedAt1764000000000 implements MigrationInterface {
  name = 'UserDeletedAt1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE auth.users ADD COLUMN deleted_at timestamptz`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE auth.users DROP COLUMN deleted_at`);
  }
}
