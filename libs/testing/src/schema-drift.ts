import { randomBytes } from 'node:crypto';
import { dropDatabase, ensureDatabase, openDatabase, type DatabaseOptions } from '@app/kit';
import { withDb } from './infra.js';
import type { StackInfo } from './test-stack.js';

/**
 * What TypeORM would still change in a schema after its migrations ran: the statements its schema builder plans to
 * make the database match the entities (empty when the migrations build exactly what the entities describe). Runs
 * the migrations on a throwaway database of the same server as the stack's, dropped afterwards, so the check starts
 * from nothing whatever the stack's own schema holds.
 */
export async function schemaDrift(
  stack: Pick<StackInfo, 'databaseUrl'>,
  database: Omit<DatabaseOptions, 'url' | 'logger'>,
): Promise<string[]> {
  const url = withDb(stack.databaseUrl, `drift_${database.schema}_${randomBytes(4).toString('hex')}`);
  await ensureDatabase(url);
  try {
    const db = await openDatabase({ ...database, url, poolSize: 1 });
    try {
      const pending = await db.driver.createSchemaBuilder().log();
      return pending.upQueries.map((q) => q.query);
    } finally {
      await db.destroy();
    }
  } finally {
    await dropDatabase(url);
  }
}
