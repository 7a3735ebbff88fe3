import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Backups of the system's Postgres database (every service's schema in one database) and their restore, with
 * Postgres's own tools (`pg_dump`, `pg_restore` of the server's version or newer, on the PATH): what
 * `npm run db:backup` and `npm run db:restore` run, and what the restore test proves (deploy/README.md, "Backups and
 * a restore"). The JetStream streams need none: their jobs are transient, the renders a cache drawn again from each
 * page's seed, the events a 30-day history whose source of truth is the services' tables.
 */

/** The database of `url` into `file`, in pg_dump's custom format (compressed; pg_restore picks what to restore). */
export async function backupDatabase(url: string, file: string): Promise<void> {
  await run('pg_dump', [
    '--format=custom',
    '--no-owner',
    '--no-privileges',
    `--file=${file}`,
    `--dbname=${url}`,
  ]);
}

/**
 * A backup into the database of `url`, which must exist and be empty (a fresh one: restoring over live data is never
 * what anyone wants at night). Stops at the first error; the objects belong to the user of `url`.
 */
export async function restoreDatabase(file: string, url: string): Promise<void> {
  await run('pg_restore', [
    '--exit-on-error',
    '--no-owner',
    '--no-privileges',
    '--single-transaction',
    `--dbname=${url}`,
    file,
  ]);
}
