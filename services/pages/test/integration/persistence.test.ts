import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { openDatabase } from '@app/kit';
import { service } from '../../src/service.js';

const stack = inject('stack');
let db: DataSource;

beforeAll(async () => {
  // The stack's pages service already migrated this schema; opening it again runs nothing.
  db = await openDatabase({ ...service.database!, url: stack.databaseUrl, poolSize: 1 });
});
afterAll(async () => {
  await db.destroy();
});

describe('pages schema', () => {
  it('the migrations build exactly what the entities describe', async () => {
    const pending = await db.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });
});
