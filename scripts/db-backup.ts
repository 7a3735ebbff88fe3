/**
 * Backups of the system's database, and a restore into a fresh one (deploy/README.md, "Backups and a restore"):
 *   npm run db:backup -- <file> [url]            pg_dump of DATABASE_URL (or url) into <file>, custom format
 *   npm run db:restore -- <file> <url>           into the database of <url>, created when it does not exist (it
 *                                                must be empty); then point the services' DATABASE_URL at it
 * Needs pg_dump and pg_restore of the server's version or newer on the PATH.
 */
import { ensureDatabase } from '@app/kit';
import { backupDatabase, restoreDatabase } from '@app/stack';

const [command, file, url = process.env.DATABASE_URL] = process.argv.slice(2);
if ((command !== 'backup' && command !== 'restore') || !file || !url) {
  console.error(
    'usage: db-backup.ts backup <file> [url] | restore <file> <url>   (url: DATABASE_URL by default)',
  );
  process.exit(2);
}
const started = Date.now();
if (command === 'backup') await backupDatabase(url, file);
else {
  await ensureDatabase(url);
  await restoreDatabase(file, url);
}
// The URL holds a password: only its database is printed.
console.log(`▶ ${command} ${file} (${new URL(url).pathname.slice(1)}) in ${Date.now() - started} ms`);
