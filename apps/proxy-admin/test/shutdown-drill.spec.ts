// SIGTERM under load on a real proxy process: every request already accepted is answered in
// full (plain and streamed), and every one of them leaves its usage row, although the buffered
// usage writer would not flush on its own for a minute.
import { freePort, spawnService, waitFor } from '@platform/testing';
import { Client } from 'pg';
import { chat, mintKey, ProxyHarness, startProxy } from './support/proxy-harness';

const IN_FLIGHT = 20;

describe('shutdown drill: SIGTERM with requests in flight', () => {
  let proxy: ProxyHarness;

  beforeAll(async () => {
    proxy = await startProxy();
  });
  afterAll(async () => {
    await proxy.close();
  });

  it('answers every accepted request, writes every usage row, refuses nothing early and exits 0', async () => {
    const key = await mintKey(proxy.instances[0]!.url);
    const service = await spawnService(
      'apps/proxy-admin/src/main.ts',
      {
        ...proxy.env,
        LOG_LEVEL: 'info',
        SHUTDOWN_DRAIN_DELAY_MS: '500',
        USAGE_FLUSH_INTERVAL_MS: '60000',
      },
      await freePort(),
    );
    try {
      const seenBefore = proxy.upstream.seen.length;
      const answers = Array.from({ length: IN_FLIGHT }, (_, i) =>
        chat(service.url, key.key, { model: 'upstream-slow', stream: i % 2 === 1 }).then(
          async (response) => ({ status: response.status, text: await response.text() }),
        ),
      );
      await waitFor(
        () => proxy.upstream.seen.length - seenBefore === IN_FLIGHT,
        10_000,
        'every request to reach the upstream',
      );

      service.child.kill('SIGTERM');
      await waitFor(() => service.output().includes('draining'), 10_000, 'the drain log line');
      // Inside the drain delay the replica still serves; only readiness says it is leaving.
      expect((await fetch(`${service.url}/readyz`)).status).toBe(503);
      proxy.upstream.releaseSlow();

      const settled = await Promise.all(answers);
      expect(settled.map((a) => a.status)).toEqual(Array(IN_FLIGHT).fill(200));
      for (const [i, answer] of settled.entries()) {
        if (i % 2 === 1) expect(answer.text.trimEnd().endsWith('data: [DONE]')).toBe(true);
        else expect(JSON.parse(answer.text)).toMatchObject({ object: 'chat.completion' });
      }
      expect(await service.exited).toBe(0);

      const db = new Client({ connectionString: proxy.resources.database.url });
      await db.connect();
      try {
        const { rows } = await db.query<{ rows: number; ok: number }>(
          `SELECT count(*)::int AS rows, count(*) FILTER (WHERE status = 200)::int AS ok
             FROM proxy_requests WHERE key_id = $1`,
          [key.id],
        );
        expect(rows[0]).toEqual({ rows: IN_FLIGHT, ok: IN_FLIGHT });
      } finally {
        await db.end();
      }
    } finally {
      service.child.kill('SIGKILL');
    }
  });
});
