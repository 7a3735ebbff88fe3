import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An account not active yet keeps, beside the password of its latest sign-up, the SHA-256 of the secret of
 * the browser that made that sign-up (null when it came from no browser of ours). Its activation link activates at once
 * only in that browser; anywhere else it asks for that password.
 */
export class SignUpBinding1764000000003 implements MigrationInterface {
  name = 'SignUpBinding1764000000003';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE auth.users ADD COLUMN sign_up_binding char(64)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE auth.users DROP COLUMN sign_up_binding`);
  }
}
