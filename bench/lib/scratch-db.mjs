// Scratch databases of the benchmarks: seeded once on the test server and reused by later runs.
import pg from 'pg';

const server = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The URL of database `name` on the test server (TEST_DATABASE_URL). */
export function databaseUrlOf(name) {
  const url = new URL(server);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs `fn` with a connected client of `url`, and closes it. */
export async function withClient(url, fn) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Creates database `name` when missing; true when it already existed. */
export function ensureDatabase(name) {
  return withClient(databaseUrlOf('postgres'), async (client) => {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (rowCount === 0) await client.query(`CREATE DATABASE ${name}`);
    return rowCount > 0;
  });
}

/** Drops database `name` when it exists and creates it empty, for a run that starts from zero. */
export function freshDatabase(name) {
  return withClient(databaseUrlOf('postgres'), async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  });
}
