import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateAuthTables1732240000000 implements MigrationInterface {
  name = 'CreateAuthTables1732240000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE auth.users (
        id uuid PRIMARY KEY,
        email varchar(254) NOT NULL UNIQUE,
        fullname varchar(120) NOT NULL,
        password_hash varchar(100),
        google_sub varchar(255) UNIQUE,
        from_google boolean NOT NULL DEFAULT false,
        role varchar(10) NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin')),
        active boolean NOT NULL DEFAULT false,
        token_version integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX users_created_at_idx ON auth.users (created_at DESC)`);
    await q.query(`
      CREATE TABLE auth.one_time_codes (
        hash char(64) PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES auth.users(id) ON DELETE CASCADE,
        purpose varchar(20) NOT NULL CHECK (purpose IN ('activation', 'recovery')),
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX one_time_codes_user_idx ON auth.one_time_codes (user_id)`);
    await q.query(`
      CREATE TABLE auth.login_failures (
        email varchar(254) PRIMARY KEY,
        failures integer NOT NULL,
        window_started_at timestamptz NOT NULL
      )`);
    await q.query(`
      CREATE TABLE auth.admin_bootstrap (
        email varchar(254) PRIMARY KEY,
        password_hash varchar(100) NOT NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE auth.admin_bootstrap`);
    await q.query(`DROP TABLE auth.login_failures`);
    await q.query(`DROP TABLE auth.one_time_codes`);
    await q.query(`DROP TABLE auth.users`);
  }
}
