import { waitFor } from '@platform/testing';
import { Client } from 'pg';

/** Waits until the key has `count` usage rows (written behind the response) and returns them. */
export async function usageRowsOf(
  databaseUrl: string,
  keyId: string,
  count: number,
): Promise<Record<string, unknown>[]> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    let rows: Record<string, unknown>[] = [];
    await waitFor(
      async () => {
        rows = (
          await db.query<Record<string, unknown>>(
            'SELECT * FROM proxy_requests WHERE key_id = $1 ORDER BY started_at, finished_at',
            [keyId],
          )
        ).rows;
        return rows.length >= count;
      },
      5000,
      `${count} usage rows`,
    );
    return rows;
  } finally {
    await db.end();
  }
}
