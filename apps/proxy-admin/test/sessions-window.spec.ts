import { sha256Hex } from '@platform/auth';
import { TEST_NOW, waitFor } from '@platform/testing';
import { flushUsage, hash, recordUsage, usageRow } from './support/sessions-window-fixtures';
import { chat, mintKey, ProxyHarness, startProxy } from './support/proxy-harness';
import {
  ErrorBody,
  SCOPED_TOKEN,
  WindowBody,
  windowClient,
} from './support/sessions-window-client';

describe('GET /admin/sessions/window', () => {
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

  /** Waits until `count` rows of the session are recorded (flushing the client API's buffer). */
  async function recorded(sessionId: string, count: number): Promise<void> {
    await waitFor(
      async () => {
        await flushUsage(app());
        const [row] = await proxy.db.query<{ n: number }[]>(
          'SELECT count(*)::int AS n FROM proxy_requests WHERE session_id = $1',
          [sessionId],
        );
        return row!.n === count;
      },
      10_000,
      `${count} rows of ${sessionId}`,
    );
  }

  const aroundNow = `?from=2026-03-31T00:00:00Z&to=2026-04-01T00:00:00Z`;
  const rowOf = (body: WindowBody, sessionId: string, teamId = 'team-edit') =>
    body.sessions.find((s) => s.session_id === sessionId && s.team_id === teamId);

  describe('edit/retry detection through the client API', () => {
    it('counts a retry (same last message) and an edit (another last message), not a fresh turn', async () => {
      const { key } = await mintKey(base, { team_id: 'team-edit' });
      const session = { 'x-session-id': 'conv-edit-retry' };
      const ask = (messages: unknown[], model = 'cheap') =>
        chat(base, key, { model, messages }, session).then((r) => r.text());
      const first = [{ role: 'user', content: 'What is 2+2?' }];
      await ask(first); // fresh turn
      await recorded('conv-edit-retry', 1); // the next ones meet it in the table, not the batch
      await ask(first); // retry: same prefix (nothing), same last message
      await ask([{ role: 'user', content: 'What is 3+3?' }]); // edit: same prefix, new message
      await ask(
        [...first, { role: 'assistant', content: '4' }, { role: 'user', content: 'And 3+3?' }],
        'pricey',
      ); // fresh turn: the prefix now holds the first exchange
      await ask(first, 'upstream-500'); // failed: never a turn, never an edit/retry
      await recorded('conv-edit-retry', 5);

      const flags = await proxy.db.query<{ is_edit_retry: boolean; status: number }[]>(
        `SELECT is_edit_retry, status FROM proxy_requests WHERE session_id = 'conv-edit-retry'
          ORDER BY started_at, finished_at, id`,
      );
      expect(flags.filter((f) => f.is_edit_retry)).toHaveLength(2);
      expect(flags.find((f) => f.status === 500)?.is_edit_retry).toBe(false);

      const row = rowOf(await ok(aroundNow), 'conv-edit-retry');
      // 3 cheap (88 micro-USD each) + 1 pricey (8 * 100 + 40 * 200 = 8,800) + unpriced 500.
      expect(row).toEqual({
        session_id: 'conv-edit-retry',
        team_id: 'team-edit',
        turns: 4,
        edit_retry_turns: 2,
        one_shot_rate: 0.5,
        primary_model: 'cheap',
        total_cost_usd: 0.009064,
        first_request_at: TEST_NOW,
        last_request_at: TEST_NOW,
      });
    });

    it('detects a retry written in the same batch, and a turn of another session is not one', async () => {
      const { key } = await mintKey(base, { team_id: 'team-edit' });
      const messages = [
        { role: 'system', content: 'Be brief' },
        { role: 'user', content: 'Name a colour' },
      ];
      // Buffered together, written by one flush.
      await chat(base, key, { model: 'cheap', messages }, { 'x-session-id': 'same-batch' });
      await chat(base, key, { model: 'cheap', messages }, { 'x-session-id': 'same-batch' });
      await chat(base, key, { model: 'cheap', messages }, { 'x-session-id': 'other-session' });
      await recorded('same-batch', 2);
      await recorded('other-session', 1);
      const body = await ok(aroundNow);
      expect(rowOf(body, 'same-batch')).toMatchObject({ turns: 2, edit_retry_turns: 1 });
      expect(rowOf(body, 'other-session')).toMatchObject({
        turns: 1,
        edit_retry_turns: 0,
        one_shot_rate: 1,
      });
    });

    it('names sessions without X-Session-Id per key and hour, and ties the primary model to the latest', async () => {
      const { id, key } = await mintKey(base, { team_id: 'team-edit' });
      await chat(base, key, { model: 'cheap' });
      await chat(base, key, {
        model: 'pricey',
        messages: [
          { role: 'user', content: 'Say hello' },
          { role: 'assistant', content: 'Hello' },
          { role: 'user', content: 'another question' },
        ],
      });
      const sessionId = `${id}:2026-03-31T23`;
      await recorded(sessionId, 2);
      expect(rowOf(await ok(aroundNow), sessionId)).toMatchObject({
        turns: 2,
        edit_retry_turns: 0,
        primary_model: 'pricey',
      });
    });

    it('keeps equal X-Session-Id values of two teams apart', async () => {
      const a = await mintKey(base, { team_id: 'team-x' });
      const b = await mintKey(base, { team_id: 'team-y' });
      const messages = [{ role: 'user', content: 'same words' }];
      await chat(base, a.key, { model: 'cheap', messages }, { 'x-session-id': 'shared-name' });
      await chat(base, b.key, { model: 'pricey', messages }, { 'x-session-id': 'shared-name' });
      await recorded('shared-name', 2);
      const body = await ok(aroundNow);
      expect(rowOf(body, 'shared-name', 'team-x')).toMatchObject({
        turns: 1,
        edit_retry_turns: 0,
        primary_model: 'cheap',
      });
      expect(rowOf(body, 'shared-name', 'team-y')).toMatchObject({
        turns: 1,
        edit_retry_turns: 0,
        primary_model: 'pricey',
      });
    });
  });

  describe('window edges', () => {
    // Sessions of team "edges", in March 2026 (the rest of the file lives on March 31).
    const at = (iso: string) => new Date(iso);
    beforeAll(async () => {
      await recordUsage(app(), [
        usageRow({ sessionId: 'e-from', teamId: 'edges', startedAt: at('2026-03-10T00:00:00Z') }),
        usageRow({ sessionId: 'e-mid', teamId: 'edges', startedAt: at('2026-03-13T12:00:00Z') }),
        usageRow({ sessionId: 'e-to', teamId: 'edges', startedAt: at('2026-03-17T00:00:00Z') }),
        usageRow({ sessionId: 'e-old', teamId: 'edges', startedAt: at('2026-03-09T23:59:59Z') }),
      ]);
    });
    const ids = (body: WindowBody) => body.sessions.map((s) => s.session_id);

    it('serves exactly 7 days, from inclusive and to exclusive', async () => {
      const body = await ok('?from=2026-03-10T00:00:00Z&to=2026-03-17T00:00:00Z');
      expect(ids(body)).toEqual(['e-mid', 'e-from']);
      const shifted = await ok('?from=2026-03-10T00:00:00.000001Z&to=2026-03-17T00:00:00.000001Z');
      expect(ids(shifted)).toEqual(['e-to', 'e-mid']);
      const offsets = await ok('?from=2026-03-10T02:00:00%2B02:00&to=2026-03-17T02:00:00%2B02:00');
      expect(ids(offsets)).toEqual(['e-mid', 'e-from']);
    });

    it('answers 400 window_too_large for 7 days and 1 second', async () => {
      const { status, body } = await window('?from=2026-03-09T23:59:59Z&to=2026-03-17T00:00:00Z');
      expect(status).toBe(400);
      expect((body as ErrorBody).error).toMatchObject({
        code: 'window_too_large',
        type: 'invalid_request_error',
      });
      // Only from: to is now, so from a week and a second ago is too wide as well.
      const onlyFrom = await window('?from=2026-03-24T23:59:58Z');
      expect((onlyFrom.body as ErrorBody).error.code).toBe('window_too_large');
      expect((await window('?from=2026-03-24T23:59:59Z')).status).toBe(200);
    });

    it('answers 400 invalid_window when from is not before to', async () => {
      for (const query of [
        '?from=2026-03-10T00:00:00Z&to=2026-03-10T00:00:00Z',
        '?from=2026-03-11T00:00:00Z&to=2026-03-10T00:00:00Z',
        '?from=2026-04-01T00:00:00Z',
      ]) {
        const { status, body } = await window(query);
        expect({ query, status }).toEqual({ query, status: 400 });
        expect((body as ErrorBody).error.code).toBe('invalid_window');
      }
    });

    it('defaults to the last 24 hours up to now, now included', async () => {
      await recordUsage(app(), [
        usageRow({ sessionId: 'd-now', teamId: 'edges', startedAt: at(TEST_NOW) }),
        usageRow({ sessionId: 'd-24h', teamId: 'edges', startedAt: at('2026-03-30T23:59:59Z') }),
        usageRow({ sessionId: 'd-older', teamId: 'edges', startedAt: at('2026-03-30T23:59:58Z') }),
      ]);
      const got = ids(await ok('?limit=1000'));
      expect(got).toEqual(expect.arrayContaining(['d-now', 'd-24h']));
      expect(got).not.toContain('d-older');
      // Only to: the 24 hours before it.
      const before = ids(await ok('?to=2026-03-17T00:00:00Z'));
      expect(before).toEqual([]);
      expect(ids(await ok('?to=2026-03-13T12:00:01Z'))).toEqual(['e-mid']);
    });

    it('answers 400 invalid_request for malformed timestamps and unknown parameters', async () => {
      for (const query of [
        '?from=yesterday',
        '?to=2026-03-10',
        '?from=2026-02-30T00:00:00Z',
        '?to=2026-03-10T00:00:00',
        '?team_id=edges',
      ]) {
        const { status, body } = await window(query);
        expect({ query, status }).toEqual({ query, status: 400 });
        expect((body as ErrorBody).error.code).toBe('invalid_request');
      }
    });
  });

  it('reads session_metrics only: the window survives emptied usage rows', async () => {
    await recordUsage(app(), [
      usageRow({
        sessionId: 'kept',
        teamId: 'solo',
        startedAt: new Date('2026-03-02T00:00:00Z'),
        prefixHash: hash('p'),
      }),
    ]);
    await proxy.db.query("DELETE FROM proxy_requests WHERE session_id = 'kept'");
    const body = await ok('?from=2026-03-01T00:00:00Z&to=2026-03-03T00:00:00Z');
    expect(body).toEqual({
      sessions: [
        {
          session_id: 'kept',
          team_id: 'solo',
          turns: 1,
          edit_retry_turns: 0,
          one_shot_rate: 1,
          primary_model: 'cheap',
          total_cost_usd: 0.000088,
          first_request_at: '2026-03-02T00:00:00.000Z',
          last_request_at: '2026-03-02T00:00:00.000Z',
        },
      ],
      next_cursor: null,
    });
  });
});
