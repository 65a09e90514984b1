import {
  isExpired,
  PartitionMaintenance,
  retentionCutoff,
} from '../src/pipeline/partitions/partition-maintenance';
import { PartitionsModule } from '../src/pipeline/partitions/partitions.module';
import { PopulationRepository } from '../src/pipeline/population/population.repository';
import { RetentionRepository } from '../src/pipeline/retention/retention.repository';
import { GeoHarness, startGeo } from './support/geo-harness';
import { pipelineProvider } from './support/pipeline-context';

describe('maintenance jobs (partitions, retention, population)', () => {
  let geo: GeoHarness;

  beforeAll(async () => {
    geo = await startGeo({ replicas: 0 });
    await geo.db.query(`INSERT INTO metros (slug, name, state, center_lat, center_lng, radius_km)
      VALUES ('atx', 'Austin', 'TX', 30.27, -97.74, 20), ('dal', 'Dallas', 'TX', 32.78, -96.8, 20)`);
  });

  afterAll(async () => {
    await geo.close();
  });

  const partitionsOf = async (parent: string): Promise<string[]> =>
    (
      (await geo.db.query(
        `SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
         WHERE i.inhparent = $1::regclass ORDER BY 1`,
        [parent],
      )) as { name: string }[]
    ).map((row) => row.name);

  it('creates this month and the next two, and drops only months wholly past retention', async () => {
    const today = new Date('2026-11-21T00:10:00Z');
    // activity: 400 days → cutoff 2025-10-17, so September 2025 goes and October 2025 stays.
    // snapshots: 2 years → cutoff 2024-11-21, so October 2024 goes and November 2024 stays.
    for (const [parent, day] of [
      ['activity_events', '2025-09-15'],
      ['activity_events', '2025-10-01'],
      ['score_snapshots', '2024-10-31'],
      ['score_snapshots', '2024-11-01'],
    ]) {
      await geo.db.query('SELECT geo_ensure_month_partition($1, $2)', [parent, day]);
    }
    await geo.db.query(`INSERT INTO activity_events
        (occurred_at, metro_slug, lat, lng, h3_index, h3_r5, event_type, source, source_event_id)
      VALUES ('2025-09-30T23:00:00Z', 'atx', 30, -97, 'a', 'b', 'visit', 't', 'old'),
             ('2025-10-01T00:00:00Z', 'atx', 30, -97, 'a', 'b', 'visit', 't', 'kept')`);
    const before = {
      activity: await partitionsOf('activity_events'),
      snapshots: await partitionsOf('score_snapshots'),
    };

    const result = await (
      await pipelineProvider(geo.db, PartitionsModule, PartitionMaintenance)
    ).run(today);
    expect(result.ensured).toEqual([
      'activity_events_p202611',
      'activity_events_p202612',
      'activity_events_p202701',
      'score_snapshots_p202611',
      'score_snapshots_p202612',
      'score_snapshots_p202701',
    ]);
    expect(result.dropped).toEqual(['activity_events_p202509', 'score_snapshots_p202410']);

    const after = {
      activity: await partitionsOf('activity_events'),
      snapshots: await partitionsOf('score_snapshots'),
    };
    const expected = (names: string[], dropped: string, added: string[]): string[] =>
      [...new Set([...names.filter((n) => n !== dropped), ...added])].sort();
    expect(after.activity).toEqual(
      expected(before.activity, 'activity_events_p202509', result.ensured.slice(0, 3)),
    );
    expect(after.snapshots).toEqual(
      expected(before.snapshots, 'score_snapshots_p202410', result.ensured.slice(3)),
    );
    expect(after.activity).toContain('activity_events_p202510');
    expect(after.snapshots).toContain('score_snapshots_p202411');
    expect(await geo.db.query('SELECT source_event_id FROM activity_events ORDER BY 1')).toEqual([
      { source_event_id: 'kept' },
    ]);

    // A second run (another day, another replica) changes nothing.
    expect(
      await (await pipelineProvider(geo.db, PartitionsModule, PartitionMaintenance)).run(today),
    ).toEqual({
      ensured: result.ensured,
      dropped: [],
    });
  });

  it('counts a month as expired only when its last day is before the cutoff', () => {
    const today = new Date('2024-03-01T00:00:00Z');
    expect(retentionCutoff(today, { days: 400 })).toBe('2023-01-26');
    expect(retentionCutoff(today, { years: 2 })).toBe('2022-03-01');
    expect(isExpired({ name: 'x', month: '2022-02-01' }, '2022-03-01')).toBe(true);
    expect(isExpired({ name: 'x', month: '2022-03-01' }, '2022-03-01')).toBe(false);
    expect(isExpired({ name: 'x', month: '2022-02-01' }, '2022-02-28')).toBe(false);
  });

  it('deletes only expired webhook rows and diagnostics runs, never a current run', async () => {
    const now = new Date('2026-06-30T12:00:00Z');
    const old = '2026-05-30T11:00:00Z'; // 31 days before
    const recent = '2026-06-01T13:00:00Z'; // 29 days before
    await geo.db.query(`INSERT INTO webhooks (id, owner_id, url, events)
      VALUES ('wh_01HZZZZZZZZZZZZZZZZZZZZZZZ', 'u1', 'https://example.com/h', '{permit.filed}')`);
    const event = (id: string, at: string): Promise<unknown> =>
      geo.db.query(
        `INSERT INTO webhook_events (id, type, payload, created_at) VALUES ($1, 'permit.filed', '{}', $2)`,
        [id, at],
      );
    const delivery = (id: string, eventId: string, status: string, at: string): Promise<unknown> =>
      geo.db.query(
        `INSERT INTO webhook_deliveries (id, webhook_id, event_id, status, created_at)
         VALUES ($1, 'wh_01HZZZZZZZZZZZZZZZZZZZZZZZ', $2, $3, $4)`,
        [id, eventId, status, at],
      );
    const attempt = (deliveryId: string, at: string): Promise<unknown> =>
      geo.db.query(
        `INSERT INTO webhook_delivery_attempts (delivery_id, webhook_id, attempt_no, attempted_at,
           duration_ms) VALUES ($1, 'wh_01HZZZZZZZZZZZZZZZZZZZZZZZ', 1, $2, 5)`,
        [deliveryId, at],
      );
    await event('evt_old', old);
    await event('evt_old_retrying', old);
    await event('evt_recent', recent);
    await delivery('dlv_old', 'evt_old', 'succeeded', old);
    await delivery('dlv_old_dead', 'evt_old', 'dead', old);
    await delivery('dlv_old_retrying', 'evt_old_retrying', 'retrying', old);
    await delivery('dlv_recent', 'evt_recent', 'succeeded', recent);
    await attempt('dlv_old_dead', old);
    await attempt('dlv_old_retrying', old);
    await attempt('dlv_old_retrying', recent);
    await attempt('dlv_recent', recent);

    const run = async (metro: string, at: string): Promise<string> => {
      const [row] = (await geo.db.query(
        `INSERT INTO spatial_diagnostics_runs (metro_slug, permutations, seed, significance, computed_at)
         VALUES ($1, 999, 1, 0.05, $2) RETURNING id::text AS id`,
        [metro, at],
      )) as { id: string }[];
      return row!.id;
    };
    const oldRun = await run('atx', '2026-06-20T00:00:00Z'); // 10 days: expired
    const oldCurrent = await run('dal', '2026-06-01T00:00:00Z'); // expired but current for dal
    const recentRun = await run('atx', '2026-06-25T00:00:00Z'); // 5 days: kept
    await geo.db.query(`UPDATE metros SET current_diag_run_id = $1 WHERE slug = 'dal'`, [
      oldCurrent,
    ]);
    await geo.db.query(`UPDATE metros SET current_diag_run_id = $1 WHERE slug = 'atx'`, [
      recentRun,
    ]);
    await geo.db.query(
      `INSERT INTO spatial_diagnostics (run_id, h3_index, metro_slug, score_baseline,
         experimental_composite, local_moran, z, spatial_lag, quadrant, neighbors)
       VALUES ($1, 'c1', 'atx', 1, 1, 0, 0, 0, 'HH', 0), ($2, 'c1', 'dal', 1, 1, 0, 0, 0, 'HH', 0)`,
      [oldRun, oldCurrent],
    );

    expect(await new RetentionRepository(geo.db).purge(now)).toEqual({
      webhookAttempts: 2,
      webhookDeliveries: 2,
      webhookEvents: 1,
      diagnosticsRuns: 1,
    });
    const ids = async (sql: string): Promise<string[]> =>
      ((await geo.db.query(sql)) as { id: string }[]).map((row) => row.id);
    expect(await ids('SELECT id FROM webhook_events ORDER BY id')).toEqual([
      'evt_old_retrying',
      'evt_recent',
    ]);
    expect(await ids('SELECT id FROM webhook_deliveries ORDER BY id')).toEqual([
      'dlv_old_retrying',
      'dlv_recent',
    ]);
    expect(
      await ids('SELECT delivery_id AS id FROM webhook_delivery_attempts ORDER BY delivery_id'),
    ).toEqual(['dlv_old_retrying', 'dlv_recent']);
    expect(await ids('SELECT id::text AS id FROM spatial_diagnostics_runs ORDER BY id')).toEqual([
      oldCurrent,
      recentRun,
    ]);
    expect(await ids('SELECT run_id::text AS id FROM spatial_diagnostics')).toEqual([oldCurrent]);
    expect(await new RetentionRepository(geo.db).purge(now)).toEqual({
      webhookAttempts: 0,
      webhookDeliveries: 0,
      webhookEvents: 0,
      diagnosticsRuns: 0,
    });
  });

  it('refreshes cell_population from tracts and cell_tracts', async () => {
    await geo.db.query(`INSERT INTO cells (h3_index, metro_slug, lat, lng, h3_r7, h3_r5)
      VALUES ('8848a2a4bffffff', 'atx', 30, -97, '8748a2a4fffffff', '8548a2a7fffffff')`);
    await geo.db.query(`INSERT INTO tracts (geoid, metro_slug, name, county_name, state_abbr,
        population, population_5y_ago, lat, lng)
      VALUES ('48453000101', 'atx', '1.01', 'Travis County', 'TX', 4000, 3500, 30, -97)`);
    await geo.db.query(`INSERT INTO cell_tracts (h3_index, geoid, weight)
      VALUES ('8848a2a4bffffff', '48453000101', 0.25)`);
    expect(await geo.db.query('SELECT * FROM cell_population')).toEqual([]);
    await new PopulationRepository(geo.db).refresh();
    expect(await geo.db.query('SELECT h3_index, population FROM cell_population')).toEqual([
      { h3_index: '8848a2a4bffffff', population: 1000 },
    ]);
  });
});
