import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Limits that count per (email, address), per address and per email: one row per counted attempt (a failed
 * sign-in, a recovery request), with the caller's address kept only as a hash; and the
 * addresses each account has signed in from, which the per-email ceiling lets through. Replaces login_failures,
 * which counted per email only (anyone could lock an account out).
 */
export class AbuseLimits1764000000001 implements MigrationInterface {
  name = 'AbuseLimits1764000000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE auth.login_failures`);
    await q.query(`
      CREATE TABLE auth.attempts (
        id bigserial PRIMARY KEY,
        kind varchar(20) NOT NULL CHECK (kind IN ('sign-in-failure', 'recovery')),
        email varchar(254) NOT NULL,
        address_hash char(64) NOT NULL,
        at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX attempts_email_idx ON auth.attempts (kind, email, at)`);
    await q.query(`CREATE INDEX attempts_address_idx ON auth.attempts (kind, address_hash, at)`);
    await q.query(`
      CREATE TABLE auth.known_addresses (
        user_id uuid NOT NULL REFERENCES auth.users(id) ON DELETE CASCADE,
        address_hash char(64) NOT NULL,
        last_seen_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (user_id, address_hash)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE auth.known_addresses`);
    await q.query(`DROP TABLE auth.attempts`);
    await q.query(`
      CREATE TABLE auth.login_failures (
        email varchar(254) PRIMARY KEY,
        failures integer NOT NULL,
        window_started_at timestamptz NOT NULL
      )`);
  }
}
