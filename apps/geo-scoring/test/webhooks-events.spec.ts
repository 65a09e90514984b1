import type { INestApplication } from '@nestjs/common';
import { JobDispatcher } from '@platform/queues';
import { ReceivedWebhook, startWebhookReceiver, WebhookReceiver } from '@platform/testing';
import { JOB_QUEUES } from '../src/jobs/job-queues';
import { ScoreRefreshService } from '../src/pipeline/score-refresh/score-refresh.service';
import { dashboardClient } from './support/dashboard-client';
import { GeoHarness, startGeo, TEST_TODAY } from './support/geo-harness';
import { tinySeedTemplate } from './support/tiny-seed';
import {
  apiKeyOf,
  trustReceiver,
  waitForDeliveries,
  WEBHOOK_TEST_ENV,
  webhooksClient,
} from './support/webhooks-support';

interface ScoredCell {
  h3_index: string;
  composite: number;
  lat: number;
  lng: number;
}

const bodyOf = (request: ReceivedWebhook): { type: string; data: Record<string, unknown> } =>
  JSON.parse(request.body) as { type: string; data: Record<string, unknown> };

// The events of portfolio refreshes (route and monitor job) and of the score refresh, delivered
// to the right owners' webhooks.
describe('webhook events', () => {
  let geo: GeoHarness;
  let receiver: WebhookReceiver;
  let app: INestApplication;
  let low: ScoredCell;
  let high: ScoredCell;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    geo = await startGeo({ ...tinySeedTemplate, env: WEBHOOK_TEST_ENV });
    app = geo.instances[0]!.app;
    trustReceiver(app, receiver);
    const cell = async (where: string): Promise<ScoredCell> => {
      const [row] = (await geo.db.query(
        `SELECT s.h3_index, s.composite, c.lat, c.lng FROM cell_scores s
         JOIN cells c USING (h3_index)
         WHERE s.metro_slug = 'atx' AND ${where} ORDER BY s.h3_index LIMIT 1`,
      )) as ScoredCell[];
      return row!;
    };
    low = await cell('s.composite BETWEEN 20 AND 60');
    high = await cell('s.composite >= 72');
  });

  afterAll(async () => {
    await geo?.close();
    await receiver?.close();
  });

  async function subscribe(owner: string, path: string, events: string[]): Promise<string> {
    const client = webhooksClient(geo.instances[0]!.url, await apiKeyOf(app, owner));
    const created = await client.create({ url: `${receiver.url}${path}`, events });
    return (created.body as { id: string }).id;
  }

  it('a manual portfolio refresh sends alert.triggered and monitor.report to the owner only', async () => {
    const mine = await subscribe('pat', '/pat', ['alert.triggered', 'monitor.report']);
    const theirs = await subscribe('sam', '/sam', ['alert.triggered', 'monitor.report']);
    const dashboard = await dashboardClient(geo.instances[0]!.url, 'pat');
    const portfolio = (await dashboard.post<{ id: string }>('/api/portfolios', { name: 'Core' }))
      .body;
    const added = await dashboard.post<{ members: { id: string; name: string }[] }>(
      `/api/portfolios/${portfolio.id}/members`,
      {
        members: [
          { name: 'Falling', lat: low.lat, lng: low.lng },
          { name: 'Rising', lat: high.lat, lng: high.lng },
          { name: 'New', lat: low.lat, lng: low.lng },
        ],
      },
    );
    expect(added.status).toBe(201);
    const byName = new Map(added.body.members.map((m) => [m.name, m.id]));
    await geo.db.query(
      `UPDATE monitored_locations SET last_score = CASE name WHEN 'Falling' THEN 80
         WHEN 'Rising' THEN 50 END WHERE portfolio_id = $1`,
      [portfolio.id],
    );
    expect((await dashboard.post(`/api/portfolios/${portfolio.id}/refresh`)).status).toBe(200);
    await receiver.waitForRequests(3, { path: '/pat' });
    await waitForDeliveries(geo.db, mine, ['succeeded']);

    const bodies = receiver.receivedAt('/pat').map(bodyOf);
    const alerts = bodies.filter((b) => b.type === 'alert.triggered').map((b) => b.data);
    expect(
      alerts.sort((a, b) => String(a['member_name']).localeCompare(String(b['member_name']))),
    ).toEqual([
      {
        portfolio_id: portfolio.id,
        portfolio_name: 'Core',
        member_id: byName.get('Falling'),
        member_name: 'Falling',
        h3_index: low.h3_index,
        previous_score: 80,
        score: low.composite,
        threshold: 70,
        direction: 'crossed_below',
      },
      expect.objectContaining({
        member_id: byName.get('Rising'),
        previous_score: 50,
        score: high.composite,
        direction: 'crossed_above',
      }),
    ]);
    const [report] = bodies.filter((b) => b.type === 'monitor.report');
    expect(report!.data).toMatchObject({
      portfolio_id: portfolio.id,
      portfolio_name: 'Core',
      refreshed_at: '2026-03-31T23:59:59.000Z',
      member_count: 3,
      scored_count: 3,
      above_threshold_count: 1,
      below_threshold_count: 2,
    });
    expect((report!.data['movers'] as unknown[]).length).toBe(2);
    expect(receiver.receivedAt('/sam')).toHaveLength(0);
    expect(
      await geo.db.query('SELECT 1 FROM webhook_deliveries WHERE webhook_id = $1', [theirs]),
    ).toEqual([]);
  });

  it('the portfolio-monitor job refreshes every portfolio and emits the same events', async () => {
    await subscribe('quinn', '/quinn', ['monitor.report', 'alert.triggered']);
    const [portfolio] = (await geo.db.query(
      `INSERT INTO portfolios (user_id, name) VALUES ('quinn', 'Watch') RETURNING id`,
    )) as { id: string }[];
    await geo.db.query(
      `INSERT INTO monitored_locations (user_id, portfolio_id, name, lat, lng, h3_index, last_score)
       VALUES ('quinn', $1, 'Dip', $2, $3, $4, 90)`,
      [portfolio!.id, low.lat, low.lng, low.h3_index],
    );
    const before = receiver.receivedAt('/pat').length;
    await app
      .get(JobDispatcher)
      .runNow(JOB_QUEUES.portfolioMonitor, { data: { trigger: 'manual' } });
    await receiver.waitForRequests(2, { path: '/quinn' });
    const types = receiver
      .receivedAt('/quinn')
      .map((r) => bodyOf(r).type)
      .sort();
    expect(types).toEqual(['alert.triggered', 'monitor.report']);
    // pat's portfolio was refreshed too: a report, and no alert (nothing crossed this time).
    await receiver.waitForRequests(before + 1, { path: '/pat' });
    expect(
      receiver
        .receivedAt('/pat')
        .slice(before)
        .map((r) => bodyOf(r).type),
    ).toEqual(['monitor.report']);
  });

  it('a score refresh sends score.changed to every subscriber for a move of 5 points or more', async () => {
    const a = await subscribe('ann', '/scores/ann', ['score.changed']);
    const b = await subscribe('ben', '/scores/ben', ['score.changed', 'permit.filed']);
    await geo.db.query(
      'UPDATE cell_scores SET notified_composite = composite - 10 WHERE h3_index = $1',
      [high.h3_index],
    );
    await app
      .get(ScoreRefreshService)
      .refresh({ asOf: TEST_TODAY, trigger: 'manual', metros: ['atx'] });
    await waitForDeliveries(geo.db, a, ['succeeded']);
    await waitForDeliveries(geo.db, b, ['succeeded']);
    for (const path of ['/scores/ann', '/scores/ben']) {
      const received = receiver.receivedAt(path).map(bodyOf);
      expect(received).toEqual([
        {
          id: expect.stringMatching(/^evt_/),
          type: 'score.changed',
          created_at: '2026-03-31T23:59:59.000Z',
          data: expect.objectContaining({
            h3_index: high.h3_index,
            metro_slug: 'atx',
            previous_composite: Math.round((high.composite - 10) * 100) / 100,
            composite: high.composite,
            delta: 10,
          }),
        },
      ]);
    }
    // One event, two endpoints: the same webhook-id at both.
    expect(receiver.receivedAt('/scores/ann')[0]!.headers['webhook-id']).toBe(
      receiver.receivedAt('/scores/ben')[0]!.headers['webhook-id'],
    );
  });
});
