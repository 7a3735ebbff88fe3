import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { fromRoot } from '@app/stack';
import { withDb } from '@app/testing';
import { describe, expect, inject, it } from 'vitest';
import { dropDatabase, ensureDatabase } from '../../src/index.js';

describe('a service run as the migrate Job (DB_MIGRATIONS=only)', () => {
  it('migrates its schema with only the database variables, and exits', async () => {
    const url = withDb(inject('stack').databaseUrl, `migrate_job_${randomUUID().slice(0, 8)}`);
    await ensureDatabase(url);
    try {
      // No NATS, no secrets, no port: what the Job's container is given.
      const r = spawnSync(process.execPath, ['--import', 'tsx', fromRoot('services/billing/src/main.ts')], {
        cwd: fromRoot('services/billing'),
        env: { PATH: process.env.PATH, DATABASE_URL: url, DB_MIGRATIONS: 'only', LOG_LEVEL: 'info' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout).toContain('billing migrated');
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const ran = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM billing.migrations');
        expect(ran.rows[0]!.n).toBeGreaterThan(0);
      } finally {
        await client.end();
      }
    } finally {
      await dropDatabase(url);
    }
  });
});
