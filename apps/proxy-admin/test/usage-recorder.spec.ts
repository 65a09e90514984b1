// The write-behind usage recorder against a real PostgreSQL: a flush writes the rows recorded
// before it, in batches, and leaves rows recorded while it writes to the next pass.
import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { UsageRecorder } from '../src/usage/usage-recorder.service';
import { usageRow } from './support/sessions-window-fixtures';
import { ProxyHarness, startProxy } from './support/proxy-harness';

describe('UsageRecorder', () => {
  let proxy: ProxyHarness;
  let recorder: UsageRecorder;

  beforeAll(async () => {
    // Ticks far apart: every write in these tests is a flush the test asked for.
    proxy = await startProxy({ USAGE_FLUSH_INTERVAL_MS: '60000' });
    recorder = proxy.instances[0]!.app.get(UsageRecorder);
  });
  afterAll(() => proxy.close());

  const countOf = async (sessionId: string): Promise<number> => {
    const [row] = await proxy.db.query<{ n: number }[]>(
      'SELECT count(*)::int AS n FROM proxy_requests WHERE session_id = $1',
      [sessionId],
    );
    return row!.n;
  };

  it('writes every row recorded before a flush, over several batches', async () => {
    const sessionId = `rec-${randomUUID()}`;
    for (let i = 0; i < 2_500; i += 1) recorder.record(usageRow({ sessionId }));
    await recorder.flush();
    expect(await countOf(sessionId)).toBe(2_500);
  });

  it('leaves rows recorded while a pass writes to the next pass, and loses none', async () => {
    const sessionId = `rec-${randomUUID()}`;
    for (let i = 0; i < 1_500; i += 1) recorder.record(usageRow({ sessionId }));
    await whileBatchWaits(sessionId, (pass) => {
      for (let i = 0; i < 10; i += 1) recorder.record(usageRow({ sessionId }));
      return pass;
    });
    expect(await countOf(sessionId)).toBe(1_500);
    await recorder.flush();
    expect(await countOf(sessionId)).toBe(1_510);
  });

  it('a flush asked for during a pass writes the rows recorded before it, after that pass', async () => {
    const sessionId = `rec-${randomUUID()}`;
    recorder.record(usageRow({ sessionId }));
    // The second flush is asked for while the first waits; the helper waits for both.
    await whileBatchWaits(sessionId, () => {
      recorder.record(usageRow({ sessionId }));
      return recorder.flush();
    });
    expect(await countOf(sessionId)).toBe(2);
  });

  /**
   * Starts a flush while holding the session's advisory lock (the batch takes it first), runs
   * `during` once the batch waits on it, then lets the batch go and waits for the flush.
   */
  async function whileBatchWaits<T>(
    sessionId: string,
    during: (pass: Promise<void>) => Promise<T>,
  ): Promise<T> {
    const holder = new Client({ connectionString: proxy.resources.database.url });
    await holder.connect();
    const lockKey = [`team-a ${sessionId}`];
    try {
      await holder.query('SELECT pg_advisory_lock(21077, hashtext($1))', lockKey);
      const pass = recorder.flush();
      await waitForLockWaiter(holder);
      const result = during(pass);
      await holder.query('SELECT pg_advisory_unlock(21077, hashtext($1))', lockKey);
      await pass;
      return await result;
    } finally {
      await holder.end();
    }
  }
});

/** Waits until another session waits on an advisory lock (the recorder's batch, blocked). */
async function waitForLockWaiter(db: Client): Promise<void> {
  for (let i = 0; i < 200; i += 1) {
    const { rows } = await db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    if (rows[0]!.n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('the recorder never waited on the session lock');
}
