// Embedded PostgreSQL (PGlite over its socket server) for a first run on a laptop with no
// PostgreSQL. PGlite holds one database per instance, so each service gets its own instance and
// port. It runs one query at a time: fine to try the services, not for load or production.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

export async function startEmbeddedPostgres(services, dataDir) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  const { citext } = await import('@electric-sql/pglite/contrib/citext');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const running = [];
  const urls = {};
  for (const [index, service] of services.entries()) {
    const dir = join(dataDir, service.database);
    mkdirSync(dir, { recursive: true });
    const db = await PGlite.create(dir, { extensions: { citext, pg_trgm } });
    const port = 54320 + index + 1;
    const server = new PGLiteSocketServer({ db, port, host: '127.0.0.1', maxConnections: 20 });
    await server.start();
    running.push({ db, server });
    urls[service.name] = `postgres://postgres@127.0.0.1:${port}/postgres`;
  }
  return {
    urls,
    stop: async () => {
      for (const { db, server } of running) {
        await server.stop();
        await db.close();
      }
    },
  };
}
