import { DataSource } from 'typeorm';

export type LockedResult<T> = { acquired: true; result: T } | { acquired: false };

/**
 * Runs `work` only if no other session holds the advisory lock `name` (pg_try_advisory_lock,
 * keyed by a 64-bit hash of the name), so two replicas never run the same maintenance at once.
 * The lock is session-level on a dedicated connection: `work` may open its own transactions.
 * A session that dies releases it, so a crashed replica never leaves it held.
 */
export async function withAdvisoryLock<T>(
  dataSource: DataSource,
  name: string,
  work: () => Promise<T>,
): Promise<LockedResult<T>> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    const [row] = (await runner.query(
      'SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS acquired',
      [name],
    )) as { acquired: boolean }[];
    if (!row?.acquired) return { acquired: false };
    try {
      return { acquired: true, result: await work() };
    } finally {
      await runner.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [name]);
    }
  } finally {
    await runner.release();
  }
}
