import { randomBytes } from 'node:crypto';
import { dropDatabase, ensureDatabase, openDatabase, type DatabaseOptions } from '@app/kit';
import { withDb } from './infra.js';
import type { StackInfo } from './test-stack.js';

/**
 * A database of its own on the stack's Postgres server, with a service's schema migrated as at boot: for the
 * integration tier of a port's specification (test/spec/*.spec-suite.ts), which runs against the Postgres
 * implementation without the rest of the service. `close` destroys the connection and drops the database.
 */
export async function throwawayDatabase(
  stack: Pick<StackInfo, 'databaseUrl'>,
  database: Omit<DatabaseOptions, 'url' | 'logger'>,
): Promise<{ db: Awaited<ReturnType<typeof openDatabase>>; close(): Promise<void> }> {
  const url = withDb(stack.databaseUrl, `spec_${database.schema}_${randomBytes(4).toString('hex')}`);
  await ensureDatabase(url);
  let db: Awaited<ReturnType<typeof openDatabase>>;
  try {
    db = await openDatabase({ ...database, url, poolSize: 4 });
  } catch (err) {
    await dropDatabase(url);
    throw err;
  }
  return {
    db,
    async close() {
      try {
        await db.destroy();
      } finally {
        await dropDatabase(url);
      }
    },
  };
}
