import { randomUUID } from 'node:crypto';
import { deleteStreams, superuserNatsEnv } from '@app/testing';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { EntitySchema, type DataSource, type MigrationInterface, type QueryRunner } from 'typeorm';
import { errors as natsErrors } from '@nats-io/nats-core';
import { z } from 'zod';
import { Jobs } from '@app/contracts';
import { defineService, postgres, startService, type RunningService } from '../../src/index.js';

interface Note {
  id: string;
  text: string;
}
const NoteEntity = new EntitySchema<Note>({
  name: 'Note',
  tableName: 'notes',
  columns: { id: { type: 'text', primary: true }, text: { type: 'text' } },
});
class CreateNotes1700000000000 implements MigrationInterface {
  name = 'CreateNotes1700000000000';
  async up(q: QueryRunner) {
    await q.query('CREATE TABLE notes (id text PRIMARY KEY, text text NOT NULL)');
  }
  async down(q: QueryRunner) {
    await q.query('DROP TABLE notes');
  }
}

describe('service lifecycle (real Postgres and NATS)', () => {
  // The first test's service creates JOBS_MAIL under a prefix of its own: the machine's NATS keeps nothing of it.
  afterAll(async () => {
    const stack = inject('stack');
    await deleteStreams(stack.natsUrl, `${stack.natsPrefix}kit`, stack.natsAuth);
  });

  it('boots: config, NATS, its own schema with migrations, routes, consumers, /health and /ready; stops in order', async () => {
    const stack = inject('stack');
    const schema = `kit_${randomUUID().slice(0, 8)}`;
    const order: string[] = [];
    const handled: string[] = [];
    const service = defineService({
      name: 'lifecycle',
      env: z.object({ GREETING: z.string().default('olá') }),
      database: postgres({ schema, entities: [NoteEntity], migrations: [CreateNotes1700000000000] }),
      streams: ['JOBS_MAIL'],
      deps: ({ db, config, onShutdown }) => {
        onShutdown(async () => {
          order.push(`hook: http closed=${!svc.app.server.listening}, db open=${db.isInitialized}`);
        });
        return { db, greeting: config.GREETING };
      },
      routes(app, { db, greeting }) {
        app.get('/hello', async () => ({ greeting, notes: await db.getRepository(NoteEntity).count() }));
      },
      async nats(bus, { db }) {
        await bus.consume(
          Jobs.sendMail,
          { durable: `lifecycle_${schema}`, ackWaitMs: 5000, maxDeliver: 2 },
          async (job) => {
            await db.getRepository(NoteEntity).save({ id: job.mailId, text: job.to });
            // Recorded only once the row is saved, so the test never reads the count before the write.
            handled.push(job.mailId);
          },
        );
      },
    });
    const svc: RunningService = await startService(service, {
      DATABASE_URL: stack.databaseUrl,
      NATS_URL: stack.natsUrl,
      ...superuserNatsEnv(stack),
      NATS_PREFIX: `${stack.natsPrefix}kit`,
      INTERNAL_SECRET: 'x'.repeat(40),
      PORT: '0',
      LOG_LEVEL: 'silent',
      // Stopped at once: its callers' idle connections are not waited for (http-drain.test.ts covers the drain).
      HTTP_DRAIN_MS: '0',
    });
    expect(await (await fetch(`${svc.url}/health`)).json()).toEqual({ status: 'ok' });
    expect((await fetch(`${svc.url}/ready`)).status).toBe(200);

    const [{ exists }] = await svc.db!.query(`SELECT to_regclass('${schema}.notes') IS NOT NULL AS exists`);
    expect(exists).toBe(true);
    expect(await svc.db!.query(`SELECT name FROM ${schema}.migrations`)).toEqual([
      { name: 'CreateNotes1700000000000' },
    ]);

    const mailId = randomUUID();
    await svc.bus.publish(
      Jobs.sendMail,
      { mailId, to: 'a@b.com', template: 'test', data: {} },
      { msgID: mailId },
    );
    await svc.bus.publish(
      Jobs.sendMail,
      { mailId, to: 'a@b.com', template: 'test', data: {} },
      { msgID: mailId },
    );
    // A distinct marker published after the repeat: the consumer handles one message at a time in stream order,
    // so once the marker is handled, the repeat would have been handled before it had it not been dropped.
    const marker = randomUUID();
    await svc.bus.publish(
      Jobs.sendMail,
      { mailId: marker, to: 'marker@b.com', template: 'test', data: {} },
      { msgID: marker },
    );
    await expect.poll(() => handled, { timeout: 30_000 }).toEqual([mailId, marker]);
    expect(await (await fetch(`${svc.url}/hello`)).json()).toEqual({ greeting: 'olá', notes: 2 });

    await svc.stop();
    expect(order).toEqual(['hook: http closed=true, db open=true']);
    expect(svc.bus.nc.isClosed()).toBe(true);
    expect(svc.db!.isInitialized).toBe(false);
    await expect(fetch(`${svc.url}/health`)).rejects.toThrow();
  });

  it('opens no database for a service without one: DATABASE_URL is not read, /ready has no database check', async () => {
    const stack = inject('stack');
    const service = defineService({
      name: 'no-database',
      env: z.object({}),
      deps: () => ({}),
      routes(app) {
        app.get('/hello', async () => ({ hello: true }));
      },
    });
    expect(Object.keys(service.configSchema.shape)).not.toContain('DATABASE_URL');
    const svc = await startService(service, {
      NATS_URL: stack.natsUrl,
      ...superuserNatsEnv(stack),
      NATS_PREFIX: `${stack.natsPrefix}kitnodb`,
      INTERNAL_SECRET: 'x'.repeat(40),
      PORT: '0',
      LOG_LEVEL: 'silent',
      // Stopped at once: its callers' idle connections are not waited for (http-drain.test.ts covers the drain).
      HTTP_DRAIN_MS: '0',
      // Set and not a Postgres address: a process that read it would refuse to start.
      DATABASE_URL: 'not a url',
    });
    try {
      expect(svc.db).toBeUndefined();
      const ready = await fetch(`${svc.url}/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({ status: 'ready', checks: { nats: true, started: true } });
      expect(await (await fetch(`${svc.url}/hello`)).json()).toEqual({ hello: true });
    } finally {
      await svc.stop();
    }
  });

  it('a boot that meets a transient NATS error closes what it opened and tries again; any other error ends it', async () => {
    const stack = inject('stack');
    const schema = `kit_${randomUUID().slice(0, 8)}`;
    const attempts: Array<{ db: DataSource; hookRan: boolean }> = [];
    const service = defineService({
      name: 'boot-retry',
      env: z.object({}),
      database: postgres({ schema, entities: [NoteEntity], migrations: [CreateNotes1700000000000] }),
      deps: ({ db, onShutdown, metrics }) => {
        // A service's own series, registered again by the second attempt (as pdf-worker's render histogram is).
        metrics.counter({ name: 'boot_retry_attempts_total', help: 'a series of the service' });
        const attempt = { db, hookRan: false };
        attempts.push(attempt);
        onShutdown(async () => {
          attempt.hookRan = true;
        });
        // The first attempt meets what a busy cluster answers an administration call with.
        if (attempts.length === 1) throw new natsErrors.TimeoutError();
        return {};
      },
      routes(app) {
        app.get('/hello', async () => ({ attempts: attempts.length }));
      },
    });
    const env = {
      DATABASE_URL: stack.databaseUrl,
      NATS_URL: stack.natsUrl,
      ...superuserNatsEnv(stack),
      NATS_PREFIX: `${stack.natsPrefix}kitretry`,
      INTERNAL_SECRET: 'x'.repeat(40),
      PORT: '0',
      LOG_LEVEL: 'silent',
      // Stopped at once: its callers' idle connections are not waited for (http-drain.test.ts covers the drain).
      HTTP_DRAIN_MS: '0',
    };
    const svc = await startService(service, env);
    try {
      expect(await (await fetch(`${svc.url}/hello`)).json()).toEqual({ attempts: 2 });
      // The failed attempt's hook ran and its database connection was closed; the second one's is open.
      expect(attempts.map((a) => [a.hookRan, a.db.isInitialized])).toEqual([
        [true, false],
        [false, true],
      ]);
    } finally {
      await svc.stop();
      await svc.db?.destroy().catch(() => undefined);
    }

    // A mistake is not retried: the boot fails at once with it.
    const broken = defineService({
      name: 'boot-broken',
      env: z.object({}),
      deps: () => {
        throw new Error('a bug in deps');
      },
    });
    await expect(
      startService(broken, { ...env, NATS_PREFIX: `${stack.natsPrefix}kitbroken` }),
    ).rejects.toThrow('a bug in deps');
  });
});
