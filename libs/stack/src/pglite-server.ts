import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/** Development fallback when no Postgres server answers: PGlite served over the Postgres wire protocol. */
const db = await PGlite.create(process.env.PGLITE_DIR ?? '.data/pglite');
const server = new PGLiteSocketServer({
  db,
  port: Number(process.env.PGLITE_PORT ?? 54329),
  host: '127.0.0.1',
});
await server.start();
console.warn(`pglite listening on 127.0.0.1:${process.env.PGLITE_PORT ?? 54329}`);
const stop = async () => {
  await server.stop();
  await db.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
