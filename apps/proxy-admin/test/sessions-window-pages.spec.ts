import { sha256Hex } from '@platform/auth';
import { recordUsage, usageRow } from './support/sessions-window-fixtures';
import { mintKey, ProxyHarness, startProxy } from './support/proxy-harness';
import { ErrorBody, SCOPED_TOKEN, WindowRow, windowClient } from './support/sessions-window-client';

describe('GET /admin/sessions/window: pages and access', () => {
  let proxy: ProxyHarness;
  let base: string;

  beforeAll(async () => {
    proxy = await startProxy({
      SCOPED_ADMIN_TOKENS: JSON.stringify([
        { name: 'team-a-reader', token_sha256: sha256Hex(SCOPED_TOKEN), team_ids: ['team-a'] },
      ]),
    });
    base = proxy.instances[0]!.url;
  });
  afterAll(() => proxy.close());

  const app = () => proxy.instances[0]!.app;
  const { window, ok } = windowClient(() => proxy);

  describe('limit and cursors', () => {
    const FROM = '2026-03-20T00:00:00Z';
    const TO = '2026-03-27T00:00:00Z';
    const range = `from=${FROM}&to=${TO}`;
    const TOTAL = 1150;

    beforeAll(async () => {
      // 1,150 sessions of team "walk": 23 per instant, so many rows tie on last_request_at.
      const rows = Array.from({ length: TOTAL }, (_, i) =>
        usageRow({
          sessionId: `walk-${String(i).padStart(4, '0')}`,
          teamId: i % 2 === 0 ? 'walk' : null,
          startedAt: new Date(Date.parse('2026-03-21T00:00:00Z') + Math.floor(i / 23) * 60_000),
        }),
      );
      await recordUsage(app(), rows, 400);
    });

    it('defaults to 200, clamps to 1000, and refuses limits below 1 or not integers', async () => {
      expect((await ok(`?${range}`)).sessions).toHaveLength(200);
      expect((await ok(`?${range}&limit=5000`)).sessions).toHaveLength(1000);
      expect((await ok(`?${range}&limit=1000`)).sessions).toHaveLength(1000);
      expect((await ok(`?${range}&limit=1`)).sessions).toHaveLength(1);
      for (const limit of ['0', '-1', '1.5', 'ten', '']) {
        const { status, body } = await window(`?${range}&limit=${limit}`);
        expect({ limit, status }).toEqual({ limit, status: 400 });
        expect((body as ErrorBody).error.code).toBe('invalid_request');
      }
    });

    it('walks every session once, newest first, with no duplicate and no gap', async () => {
      const expected = await proxy.db.query<{ session_id: string }[]>(
        `SELECT session_id FROM session_metrics
          WHERE last_request_at >= $1 AND last_request_at < $2
          ORDER BY last_request_at DESC, session_id DESC, team_key DESC`,
        [FROM, TO],
      );
      expect(expected).toHaveLength(TOTAL);
      const seen: WindowRow[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const query: string = cursor === null ? `?${range}&limit=97` : `?limit=97&cursor=${cursor}`;
        const body = await ok(query);
        seen.push(...body.sessions);
        cursor = body.next_cursor;
        pages += 1;
      } while (cursor !== null);
      expect(pages).toBe(Math.ceil(TOTAL / 97));
      expect(seen.map((s) => s.session_id)).toEqual(expected.map((r) => r.session_id));
      expect(new Set(seen.map((s) => s.session_id)).size).toBe(TOTAL);
      for (let i = 1; i < seen.length; i += 1) {
        expect(seen[i - 1]!.last_request_at >= seen[i]!.last_request_at).toBe(true);
      }
    });

    it('answers 400 invalid_cursor for a tampered cursor or one of another window', async () => {
      const first = await ok(`?${range}&limit=10`);
      const cursor = first.next_cursor!;
      const [payload, mac] = cursor.split('.') as [string, string];
      const flipped = `${payload.slice(0, -1)}${payload.endsWith('A') ? 'B' : 'A'}.${mac}`;
      for (const bad of [flipped, `${cursor}x`, 'garbage', `${payload}.${mac.slice(1)}`]) {
        const { status, body } = await window(`?cursor=${encodeURIComponent(bad)}`);
        expect(status).toBe(400);
        expect((body as ErrorBody).error.code).toBe('invalid_cursor');
      }
      const other = await window(`?from=2026-03-19T00:00:00Z&to=${TO}&cursor=${cursor}`);
      expect((other.body as ErrorBody).error.code).toBe('invalid_cursor');
      // The same window sent again with its cursor is fine.
      expect((await ok(`?${range}&limit=10&cursor=${cursor}`)).sessions).toHaveLength(10);
    });
  });

  describe('access', () => {
    it('refuses scoped tokens with 403, even for their own team', async () => {
      for (const query of ['', '?team_id=team-a']) {
        const { status, body } = await window(query, SCOPED_TOKEN);
        expect(status).toBe(403);
        expect((body as ErrorBody).error.code).toBe('scoped_token_not_allowed');
      }
    });

    it('refuses virtual keys with 401, and a missing or wrong token', async () => {
      const { key } = await mintKey(base, { team_id: 'team-a' });
      const virtual = await window('', key);
      expect(virtual.status).toBe(401);
      expect((virtual.body as ErrorBody).error.code).toBe('virtual_key_not_allowed');
      expect((await window('', 'not-the-admin-secret-at-all')).status).toBe(401);
      const bare = await fetch(`${base}/admin/sessions/window`);
      expect(bare.status).toBe(401);
    });
  });
});
