import { mintSessionToken } from '@platform/auth';
import { TEST_NOW, waitFor } from '@platform/testing';
import { flushUsage, hash, recordUsage, usageRow } from './support/sessions-window-fixtures';
import { ADMIN_SECRET, chat, mintKey, ProxyHarness, startProxy } from './support/proxy-harness';

const SESSION_SECRET = 'dashboard-session-secret-0123456789abcdef';

interface ModelRow {
  model: string;
  sessions: number;
  turns: number;
  edit_retry_turns: number;
  one_shot_rate: number | null;
  total_cost_usd: number;
}
interface OneShotBody {
  period: string;
  summary: {
    sessions: number;
    turns: number;
    edit_retry_turns: number;
    one_shot_rate: number | null;
    total_cost_usd: number;
    web_search_calls: number;
  };
  by_model: ModelRow[];
}
interface ErrorBody {
  error: { message: string; type: string; code: string };
}

const NOW_MS = Date.parse(TEST_NOW);
const hoursAgo = (h: number) => new Date(NOW_MS - h * 3_600_000);

describe('GET /api/usage/one-shot', () => {
  let proxy: ProxyHarness;
  let base: string;

  beforeAll(async () => {
    proxy = await startProxy({ DASHBOARD_SESSION_SECRET: SESSION_SECRET });
    base = proxy.instances[0]!.url;
    const app = proxy.instances[0]!.app;
    // A session of `turns` answered requests, the first `edits` + 1 of them on one prefix.
    const session = (
      sessionId: string,
      teamId: string,
      model: string,
      turns: number,
      edits: number,
      at: Date,
      extra: { cost?: number; searches?: number } = {},
    ) =>
      Array.from({ length: turns }, (_, i) =>
        usageRow({
          sessionId,
          teamId,
          resolvedModel: model,
          requestedModel: model,
          startedAt: at,
          finishedAt: at,
          prefixHash: hash(i <= edits ? `${sessionId}:first` : `${sessionId}:${i}`),
          costMicroUsd: extra.cost ?? 100,
          webSearchCalls: i === 0 ? (extra.searches ?? 0) : 0,
          surchargeMicroUsd: i === 0 ? (extra.searches ?? 0) * 4000 : 0,
        }),
      );
    await recordUsage(app, [
      // Team A. Within 24 h: s1 (cheap, 3 turns, 1 edit), s2 (pricey, 2 turns, 2 searches).
      ...session('a-s1', 'team-a', 'cheap', 3, 1, hoursAgo(1)),
      ...session('a-s2', 'team-a', 'pricey', 2, 0, hoursAgo(2), { cost: 5000, searches: 2 }),
      // Within 7 days: s3 (cheap, 4 turns, 2 edits) and s4 (free, 1 turn).
      ...session('a-s3', 'team-a', 'cheap', 4, 2, hoursAgo(48)),
      ...session('a-s4', 'team-a', 'free', 1, 0, hoursAgo(7 * 24)),
      // Within 30 days only: s5 (pricey, 5 turns, 4 edits).
      ...session('a-s5', 'team-a', 'pricey', 5, 4, hoursAgo(20 * 24)),
      // Older than 30 days: never counted.
      ...session('a-s6', 'team-a', 'cheap', 9, 0, hoursAgo(31 * 24)),
      // Team B: same session names and models, other numbers.
      ...session('a-s1', 'team-b', 'cheap', 7, 6, hoursAgo(1), { searches: 5 }),
      ...session('b-s2', 'team-b', 'other', 2, 0, hoursAgo(3)),
    ]);
  });
  afterAll(() => proxy.close());

  async function token(teamId: string): Promise<string> {
    return mintSessionToken({
      secret: SESSION_SECRET,
      sub: `user-of-${teamId}`,
      email: `someone@${teamId}.example`,
      team_id: teamId,
      ttlSeconds: 3600,
      now: new Date(),
    });
  }

  async function get(query: string, bearer?: string): Promise<{ status: number; body: unknown }> {
    const response = await fetch(`${base}/api/usage/one-shot${query}`, {
      headers: bearer === undefined ? {} : { authorization: `Bearer ${bearer}` },
    });
    return { status: response.status, body: await response.json() };
  }

  async function ok(query: string, teamId = 'team-a'): Promise<OneShotBody> {
    const { status, body } = await get(query, await token(teamId));
    expect({ status, body }).toMatchObject({ status: 200 });
    return body as OneShotBody;
  }

  it('defaults to 7 days: sessions, turns, edits, cost and searches summed by hand', async () => {
    const body = await ok('');
    // s1 (3 turns, 1 edit, 300) + s2 (2, 0, 10,000 + 8,000 surcharge) + s3 (4, 2, 400)
    // + s4 (1, 0, 100): 10 turns, 3 edits; 18,800 micro-USD.
    expect(body).toEqual({
      period: '7d',
      summary: {
        sessions: 4,
        turns: 10,
        edit_retry_turns: 3,
        one_shot_rate: 1 - 3 / 10,
        total_cost_usd: 0.0188,
        web_search_calls: 2,
      },
      by_model: [
        {
          model: 'cheap',
          sessions: 2,
          turns: 7,
          edit_retry_turns: 3,
          one_shot_rate: 1 - 3 / 7,
          total_cost_usd: 0.0007,
        },
        {
          model: 'pricey',
          sessions: 1,
          turns: 2,
          edit_retry_turns: 0,
          one_shot_rate: 1,
          total_cost_usd: 0.018,
        },
        {
          model: 'free',
          sessions: 1,
          turns: 1,
          edit_retry_turns: 0,
          one_shot_rate: 1,
          total_cost_usd: 0.0001,
        },
      ],
    });
  });

  it('narrows to 24 hours and widens to 30 days', async () => {
    const day = await ok('?period=24h');
    expect(day.period).toBe('24h');
    expect(day.summary).toMatchObject({ sessions: 2, turns: 5, edit_retry_turns: 1 });
    expect(day.summary.one_shot_rate).toBeCloseTo(0.8, 12);
    expect(day.by_model.map((m) => m.model)).toEqual(['cheap', 'pricey']);

    const month = await ok('?period=30d');
    // Adds s5: pricey 5 turns, 4 edits.
    expect(month.summary).toMatchObject({ sessions: 5, turns: 15, edit_retry_turns: 7 });
    expect(month.summary.one_shot_rate).toBe(1 - 7 / 15);
    expect(month.by_model).toEqual([
      expect.objectContaining({ model: 'cheap', turns: 7, sessions: 2 }),
      expect.objectContaining({ model: 'pricey', turns: 7, sessions: 2, edit_retry_turns: 4 }),
      expect.objectContaining({ model: 'free', turns: 1 }),
    ]);
  });

  it('shows a team only its own sessions, even under the same session names', async () => {
    const b = await ok('?period=30d', 'team-b');
    expect(b.summary).toEqual({
      sessions: 2,
      turns: 9,
      edit_retry_turns: 6,
      one_shot_rate: 1 - 6 / 9,
      total_cost_usd: 0.0209,
      web_search_calls: 5,
    });
    expect(b.by_model.map((m) => m.model)).toEqual(['cheap', 'other']);
    const none = await ok('', 'team-without-usage');
    expect(none).toEqual({
      period: '7d',
      summary: {
        sessions: 0,
        turns: 0,
        edit_retry_turns: 0,
        one_shot_rate: null,
        total_cost_usd: 0,
        web_search_calls: 0,
      },
      by_model: [],
    });
  });

  it('counts requests made through the client API', async () => {
    const { key } = await mintKey(base, { team_id: 'team-live' });
    const headers = { 'x-session-id': 'live-1' };
    const messages = [{ role: 'user', content: 'Write a haiku' }];
    await chat(base, key, { model: 'cheap', messages }, headers);
    await chat(base, key, { model: 'cheap', messages }, headers); // retry
    await chat(
      base,
      key,
      { model: 'cheap', messages: [{ role: 'user', content: 'Write a limerick' }] },
      headers,
    ); // edit
    await waitFor(async () => {
      await flushUsage(proxy.instances[0]!.app);
      return (await ok('', 'team-live')).summary.turns === 3;
    });
    const body = await ok('?period=24h', 'team-live');
    expect(body.summary).toEqual({
      sessions: 1,
      turns: 3,
      edit_retry_turns: 2,
      one_shot_rate: 1 - 2 / 3,
      total_cost_usd: 0.000264,
      web_search_calls: 0,
    });
    expect(body.by_model).toEqual([
      {
        model: 'cheap',
        sessions: 1,
        turns: 3,
        edit_retry_turns: 2,
        one_shot_rate: 1 - 2 / 3,
        total_cost_usd: 0.000264,
      },
    ]);
  });

  it('answers 400 for model, from, to and unknown periods', async () => {
    const bearer = await token('team-a');
    for (const query of [
      '?model=cheap',
      '?from=2026-03-01T00:00:00Z',
      '?to=2026-03-01T00:00:00Z',
      '?period=1y',
      '?period=7D',
      '?period=',
      '?period=7d&period=24h',
    ]) {
      const { status, body } = await get(query, bearer);
      expect({ query, status }).toEqual({ query, status: 400 });
      expect((body as ErrorBody).error.code).toBe('invalid_request');
    }
  });

  it('needs a dashboard session: none, the admin token, a wrong signature or an expired one answer 401', async () => {
    const expired = await mintSessionToken({
      secret: SESSION_SECRET,
      sub: 'u',
      email: 'u@team-a.example',
      team_id: 'team-a',
      ttlSeconds: 60,
      now: new Date(Date.now() - 3_600_000),
    });
    const forged = await mintSessionToken({
      secret: 'another-secret-0123456789abcdefghijkl',
      sub: 'u',
      email: 'u@team-a.example',
      team_id: 'team-a',
      ttlSeconds: 3600,
    });
    const noTeam = await mintSessionToken({
      secret: SESSION_SECRET,
      sub: 'u',
      email: 'u@x.example',
      ttlSeconds: 3600,
    });
    for (const bearer of [undefined, ADMIN_SECRET, expired, forged, noTeam]) {
      const { status, body } = await get('', bearer);
      expect(status).toBe(401);
      expect((body as ErrorBody).error.type).toBe('authentication_error');
    }
    const cookie = await fetch(`${base}/api/usage/one-shot?period=24h`, {
      headers: { cookie: `session=${await token('team-b')}` },
    });
    expect(cookie.status).toBe(200);
    expect(((await cookie.json()) as OneShotBody).summary.sessions).toBe(2);
  });
});
