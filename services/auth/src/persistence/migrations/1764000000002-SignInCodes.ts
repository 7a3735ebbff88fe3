import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Two more kinds of one-time codes, only their SHA-256 kept like the others. `google-sign-in`: the code the
 * gateway's Google form post hands the SPA (2 minutes), redeemable only with the secret of the tab that started the
 * sign-in, whose SHA-256 is `bound_to`. `sign-in-link`: the emailed link offered to an owner past the per-account
 * ceiling of failed sign-ins (15 minutes).
 */
export class SignInCodes1764000000002 implements MigrationInterface {
  name = 'SignInCodes1764000000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE auth.one_time_codes DROP CONSTRAINT one_time_codes_purpose_check`);
    await q.query(`
      ALTER TABLE auth.one_time_codes ADD CONSTRAINT one_time_codes_purpose_check
        CHECK (purpose IN ('activation', 'recovery', 'google-sign-in', 'sign-in-link'))`);
    await q.query(`ALTER TABLE auth.one_time_codes ADD COLUMN bound_to char(64)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DELETE FROM auth.one_time_codes WHERE purpose IN ('google-sign-in', 'sign-in-link')`);
    await q.query(`ALTER TABLE auth.one_time_codes DROP COLUMN bound_to`);
    await q.query(`ALTER TABLE auth.one_time_codes DROP CONSTRAINT one_time_codes_purpose_check`);
    await q.query(`
      ALTER TABLE auth.one_time_codes ADD CONSTRAINT one_time_codes_purpose_check
        CHECK (purpose IN ('activation', 'recovery'))`);
  }
}
