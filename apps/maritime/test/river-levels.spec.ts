// The river-levels-check job on hand-built gauges: a river_level supply-chain alert when a
// gauge's latest reading is below its low-water mark (warning) or critical-low mark (critical),
// at most once per gauge and reading day, recorded in job_runs, and an alert evaluation asked for.
import { JobDispatcher, QueueRegistry } from '@platform/queues';
import { maritimeForFile } from './support/maritime-harness';

const maritime = maritimeForFile();
const app = () => maritime.harness.instances[0]!.app;

interface RiverAlert {
  entity_id: string;
  severity: string;
  product: string;
  imo: string | null;
  title: string;
  dedupe_key: string;
  occurred_at: Date;
  metadata: Record<string, unknown>;
}

async function riverAlerts(): Promise<RiverAlert[]> {
  return (await maritime.harness.db.query(
    `SELECT entity_id, severity, product, imo, title, dedupe_key, occurred_at, metadata
     FROM platform_alerts WHERE type = 'river_level' ORDER BY dedupe_key`,
  )) as RiverAlert[];
}

async function level(gauge: string, day: string, levelM: number): Promise<void> {
  await maritime.harness.db.query(
    `INSERT INTO river_levels (gauge_id, day, level_m)
     SELECT id, $2::date, $3 FROM river_gauges WHERE slug = $1
     ON CONFLICT (gauge_id, day) DO UPDATE SET level_m = excluded.level_m`,
    [gauge, day, levelM],
  );
}

const run = () =>
  app()
    .get(JobDispatcher)
    .runNow<{ gauges: number; below_low_water: number; alerts_raised: number }>(
      'river-levels-check',
    );

beforeAll(async () => {
  await maritime.harness.db.query(`INSERT INTO river_gauges
    (slug, name, river, country_code, lat, lon, low_water_m, critical_low_m) VALUES
    ('kaub', 'Kaub', 'Rhine', 'DE', 50.085, 7.765, 1.00, 0.78),
    ('memphis', 'Memphis', 'Mississippi', 'US', 35.15, -90.06, -1.50, -3.00),
    ('rosario', 'Rosario', 'Parana', 'AR', -32.95, -60.63, 1.50, 0.50),
    ('empty', 'Empty', 'Nowhere', 'DE', 50, 7, 1.00, 0.50)`);
  // kaub: just below low water (warning); exactly at the mark would not alert
  await level('kaub', '2026-03-29', 0.6);
  await level('kaub', '2026-03-30', 0.99);
  // memphis: below critical low; rosario: low earlier, fine on its latest day
  await level('memphis', '2026-03-30', -3.2);
  await level('rosario', '2026-03-20', 0.2);
  await level('rosario', '2026-03-30', 1.5);
  // a reading dated after today is not the latest yet
  await level('rosario', '2026-04-01', 0.1);
});

describe('river-levels-check', () => {
  it('alerts on each gauge whose latest reading is low, with its severity', async () => {
    expect(await run()).toEqual({
      acquired: true,
      result: { gauges: 3, below_low_water: 2, alerts_raised: 2 },
    });
    const alerts = await riverAlerts();
    expect(alerts.map((a) => [a.dedupe_key, a.entity_id, a.severity])).toEqual([
      ['river_level:kaub:2026-03-30', 'kaub', 'warning'],
      ['river_level:memphis:2026-03-30', 'memphis', 'critical'],
    ]);
    expect(alerts[0]).toMatchObject({
      product: 'supply_chain',
      imo: null,
      title: 'Low water on the Rhine at Kaub',
      occurred_at: new Date('2026-03-31T23:59:59.000Z'),
      metadata: {
        gauge: 'kaub',
        river: 'Rhine',
        level_m: 0.99,
        low_water_m: 1,
        critical_low_m: 0.78,
        observed_on: '2026-03-30',
      },
    });
    expect(alerts[1]!.title).toBe('Critically low water on the Mississippi at Memphis');
    // the new alerts ask for an alert evaluation
    const evaluate = app().get(QueueRegistry).queue('alert-evaluate');
    expect(await evaluate.getJobCountByTypes('waiting', 'delayed', 'prioritized')).toBeGreaterThan(
      0,
    );
  });

  it('alerts once per gauge and reading day, and again on a new low day', async () => {
    expect(await run()).toMatchObject({ result: { below_low_water: 2, alerts_raised: 0 } });
    await level('kaub', '2026-03-31', 0.7);
    await level('memphis', '2026-03-31', -1.5);
    expect(await run()).toMatchObject({ result: { below_low_water: 1, alerts_raised: 1 } });
    const alerts = await riverAlerts();
    expect(alerts.map((a) => [a.dedupe_key, a.severity])).toEqual([
      ['river_level:kaub:2026-03-30', 'warning'],
      ['river_level:kaub:2026-03-31', 'critical'],
      ['river_level:memphis:2026-03-30', 'critical'],
    ]);
    const runs = (await maritime.harness.db.query(
      `SELECT status FROM job_runs WHERE job = 'river-levels-check' ORDER BY id`,
    )) as { status: string }[];
    expect(runs.map((r) => r.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
  });

  it('shows the alerts in the feed as supply_chain river_level alerts', async () => {
    const key = await maritime.mintKey('pro');
    const feed = await maritime.get<{
      alerts: { type: string; product: string; severity: string }[];
    }>('/api/v1/alerts?type=river_level', key);
    expect(feed.status).toBe(200);
    expect(feed.body.alerts).toHaveLength(3);
    for (const alert of feed.body.alerts)
      expect(alert).toMatchObject({ type: 'river_level', product: 'supply_chain' });
  });
});
