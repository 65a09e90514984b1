// Finds PostgreSQL and Redis for local runs, or explains in one line what is missing.
import net from 'node:net';
import pg from 'pg';

/** True when something accepts TCP connections at host:port within the timeout. */
export function portOpen(host, port, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const done = (open) => {
      socket.destroy();
      resolve(open);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * 'absent' when nothing listens at the server's address; 'ok' when it answers; otherwise the
 * error (a server that is there but refuses us must be reported, not silently replaced).
 */
export async function probePostgres(serverUrl) {
  const url = new URL(serverUrl);
  if (!(await portOpen(url.hostname, Number(url.port || 5432)))) return 'absent';
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString(), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return 'ok';
  } catch (error) {
    return error.message;
  } finally {
    await client.end().catch(() => {});
  }
}

export async function redisAnswers(redisUrl) {
  const url = new URL(redisUrl);
  return portOpen(url.hostname, Number(url.port || 6379));
}

/** Each service's database URL on one server: the server URL with the service's database. */
export function databaseUrlFor(serverUrl, database) {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}
