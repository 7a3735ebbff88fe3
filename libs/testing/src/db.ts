import pg from 'pg';
import type { StackInfo } from './test-stack.js';

/** Direct SQL on the test stack's database, for what no API may do (e.g. make a code expire now, seed many rows). */
export async function sql<T = Record<string, unknown>>(
  stack: Pick<StackInfo, 'databaseUrl'>,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: stack.databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as T[];
  } finally {
    await client.end();
  }
}
