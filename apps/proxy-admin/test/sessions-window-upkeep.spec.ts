import { DataSource } from 'typeorm';
import { UsageRepository } from '../src/usage/usage.repository';
import { hash, recordUsage, usageRow } from './support/sessions-window-fixtures';
import { ProxyHarness, startProxy } from './support/proxy-harness';

interface MetricsRow {
  requests: number;
  turns: number;
  edit_retry_turns: number;
  primary_model: string;
  total_cost_micro_usd: string;
  web_search_calls: number;
  first_request_at: Date;
  last_request_at: Date;
}

/** session_metrics kept from the usage batches, written through the recorder's statement. */
describe('session_metrics upkeep', () => {
  let proxy: ProxyHarness;
  let db: DataSource;

  beforeAll(async () => {
    proxy = await startProxy();
    db = proxy.db;
  });
  afterAll(() => proxy.close());

  const repository = () => proxy.instances[0]!.app.get(UsageRepository);
  const metrics = async (sessionId: string, teamKey = 'team-a'): Promise<MetricsRow> => {
    const [row] = await db.query<MetricsRow[]>(
      'SELECT * FROM session_metrics WHERE session_id = $1 AND team_key = $2',
      [sessionId, teamKey],
    );
    return row!;
  };

  it('counts a batch written twice once', async () => {
    const rows = [
      usageRow({ sessionId: 'twice', prefixHash: hash('p') }),
      usageRow({ sessionId: 'twice', prefixHash: hash('p') }),
    ];
    await recordUsage(proxy.instances[0]!.app, rows);
    await recordUsage(proxy.instances[0]!.app, rows);
    expect(await metrics('twice')).toMatchObject({ requests: 2, turns: 2, edit_retry_turns: 1 });
  });

  it('flags one of two concurrent writers of the same turn, whichever commits second', async () => {
    const writes = Array.from({ length: 8 }, () =>
      repository().insertBatch([usageRow({ sessionId: 'racing', prefixHash: hash('same') })]),
    );
    await Promise.all(writes);
    expect(await metrics('racing')).toMatchObject({ turns: 8, edit_retry_turns: 7 });
    const [flags] = await db.query<{ flagged: number }[]>(
      "SELECT count(*) FILTER (WHERE is_edit_retry)::int AS flagged FROM proxy_requests WHERE session_id = 'racing'",
    );
    expect(flags!.flagged).toBe(7);
  });

  it('sums cost with surcharges and searches, widens first/last, and keeps the primary model current', async () => {
    const at = (iso: string) => new Date(iso);
    await recordUsage(proxy.instances[0]!.app, [
      usageRow({
        sessionId: 'sums',
        startedAt: at('2026-03-31T10:00:00Z'),
        costMicroUsd: 100,
        webSearchCalls: 2,
        surchargeMicroUsd: 8000,
      }),
      usageRow({ sessionId: 'sums', startedAt: at('2026-03-31T11:00:00Z'), costMicroUsd: 50 }),
    ]);
    expect(await metrics('sums')).toMatchObject({
      primary_model: 'cheap',
      total_cost_micro_usd: '8150',
      web_search_calls: 2,
    });
    // A later batch: two pricey requests, one of them recorded late (earlier than the first).
    await recordUsage(proxy.instances[0]!.app, [
      usageRow({
        sessionId: 'sums',
        startedAt: at('2026-03-31T12:00:00Z'),
        resolvedModel: 'pricey',
      }),
      usageRow({
        sessionId: 'sums',
        startedAt: at('2026-03-31T09:00:00Z'),
        resolvedModel: 'pricey',
      }),
    ]);
    // 2 cheap, 2 pricey: the tie goes to the model used most recently (pricey at 12:00).
    expect(await metrics('sums')).toMatchObject({
      requests: 4,
      turns: 4,
      primary_model: 'pricey',
      first_request_at: at('2026-03-31T09:00:00Z'),
      last_request_at: at('2026-03-31T12:00:00Z'),
    });
    await recordUsage(proxy.instances[0]!.app, [
      usageRow({ sessionId: 'sums', startedAt: at('2026-03-31T11:30:00Z') }),
    ]);
    expect((await metrics('sums')).primary_model).toBe('cheap');
  });

  it('counts failed requests as requests and cost, never as turns or edits', async () => {
    await recordUsage(proxy.instances[0]!.app, [
      usageRow({ sessionId: 'failing', prefixHash: hash('x'), status: 500, costMicroUsd: 0 }),
      usageRow({ sessionId: 'failing', prefixHash: hash('x') }),
      usageRow({ sessionId: 'failing', prefixHash: hash('x'), status: 429, costMicroUsd: 0 }),
      usageRow({ sessionId: 'failing', prefixHash: null, lastUserHash: null }),
    ]);
    expect(await metrics('failing')).toMatchObject({
      requests: 4,
      turns: 2,
      edit_retry_turns: 0,
      total_cost_micro_usd: '176',
    });
  });

  it('keeps keys without a team apart from teams, under the same session name', async () => {
    await recordUsage(proxy.instances[0]!.app, [
      usageRow({ sessionId: 'teamless', teamId: null, prefixHash: hash('t') }),
      usageRow({ sessionId: 'teamless', teamId: 'team-a', prefixHash: hash('t') }),
    ]);
    expect(await metrics('teamless', '')).toMatchObject({ turns: 1, edit_retry_turns: 0 });
    expect(await metrics('teamless')).toMatchObject({ turns: 1, edit_retry_turns: 0 });
  });
});
