import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { withDb } from '@app/testing';
import type { MigrationInterface, QueryRunner } from 'typeorm';
import { describe, expect, inject, it } from 'vitest';
import { dropDatabase, ensureDatabase, migrateOnly, openDatabase, postgres } from '../../src/index.js';

/**
 * Replicas of a service starting together on an empty database (a rollout's three pods, the first `npm start`): each
 * opens it at once, and the schema, the migrations table and each migration are made once. A migration that ran twice
 * would fail here (its table exists) or leave two rows.
 */

class CreateBoots1700000000000 implements MigrationInterface {
  name = 'CreateBoots1700000000000';
  async up(q: QueryRunner) {
    await q.query('CREATE TABLE boots (id serial PRIMARY KEY, at timestamptz NOT NULL DEFAULT now())');
    await q.query('INSERT INTO boots DEFAULT VALUES');
  }
  async down(q: QueryRunner) {
    await q.query('DROP TABLE boots');
  }
}

class AddBootsNote1700000000001 implements MigrationInterface {
  name = 'AddBootsNote1700000000001';
  async up(q: QueryRunner) {
    await q.query('ALTER TABLE boots ADD COLUMN note text');
  }
  async down(q: QueryRunner) {
    await q.query('ALTER TABLE boots DROP COLUMN note');
  }
}

describe('migrations at boot', () => {
  it('run once when three replicas open an empty database at the same moment', async () => {
    const url = withDb(inject('stack').databaseUrl, `migrations_once_${randomUUID().slice(0, 8)}`);
    await ensureDatabase(url);
    const options = {
      url,
      schema: 'replicas',
      entities: [],
      migrations: [CreateBoots1700000000000, AddBootsNote1700000000001],
      poolSize: 2,
    };
    const opened = await Promise.allSettled([1, 2, 3].map(() => openDatabase(options)));
    try {
      expect(opened.map((o) => (o.status === 'rejected' ? String(o.reason) : 'opened'))).toEqual([
        'opened',
        'opened',
        'opened',
      ]);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const ran = await client.query<{ name: string }>('SELECT name FROM replicas.migrations ORDER BY id');
        expect(ran.rows.map((row) => row.name)).toEqual([
          'CreateBoots1700000000000',
          'AddBootsNote1700000000001',
        ]);
        const boots = await client.query<{ count: string }>('SELECT count(*) FROM replicas.boots');
        expect(Number(boots.rows[0]!.count)).toBe(1);
        // No lock is left behind: a fourth replica opens it later.
        const later = await openDatabase(options);
        await later.destroy();
      } finally {
        await client.end();
      }
    } finally {
      for (const o of opened) if (o.status === 'fulfilled') await o.value.destroy();
      await dropDatabase(url);
    }
  });

  it('let the services connect as a role that cannot change the schema: the migrate step grants it, verify checks', async () => {
    const suffix = randomUUID().slice(0, 8);
    const ownerUrl = withDb(inject('stack').databaseUrl, `migrations_role_${suffix}`);
    const role = `app_${suffix}`;
    const appUrl = new URL(ownerUrl);
    appUrl.username = role;
    appUrl.password = `senha-${suffix}`;
    const admin = new pg.Client({ connectionString: withDb(ownerUrl, 'postgres') });
    await admin.connect();
    await admin.query(`CREATE ROLE ${role} LOGIN PASSWORD 'senha-${suffix}'`);
    await ensureDatabase(ownerUrl);
    const database = { schema: 'replicas', entities: [], migrations: [CreateBoots1700000000000] };
    const asApp = (migrations = database.migrations) =>
      openDatabase({
        ...database,
        migrations,
        url: appUrl.toString(),
        poolSize: 1,
        migrationsMode: 'verify',
      });
    let app: Awaited<ReturnType<typeof openDatabase>> | undefined;
    try {
      // Before the migrate step, a service refuses to start (nothing to read, nothing it may create).
      await expect(asApp()).rejects.toThrow(/migrate Job/);
      // The migrate Job: the owner's URL, the services' role.
      await migrateOnly(
        { name: 'replicas', database: postgres(database) },
        { DATABASE_URL: ownerUrl, DB_APP_ROLE: role, LOG_LEVEL: 'silent' },
      );
      app = await asApp();
      await app.query('INSERT INTO replicas.boots DEFAULT VALUES');
      expect(await app.query('SELECT count(*)::int AS n FROM replicas.boots')).toEqual([{ n: 2 }]);
      // What the services' role may not do: change the schema.
      await expect(app.query('CREATE TABLE replicas.other (id int)')).rejects.toThrow(/permission denied/);
      await expect(app.query('ALTER TABLE replicas.boots ADD COLUMN x int')).rejects.toThrow(/must be owner/);
      await expect(app.query('DROP TABLE replicas.boots')).rejects.toThrow(/must be owner/);
      // A release with a new migration: its services wait for the Job rather than run on the old schema.
      await expect(asApp([CreateBoots1700000000000, AddBootsNote1700000000001])).rejects.toThrow(/pending/);
    } finally {
      await app?.destroy();
      await dropDatabase(ownerUrl);
      await admin.query(`DROP ROLE IF EXISTS ${role}`);
      await admin.end();
    }
  });
});
