import { freePort } from '@platform/testing';
import { rollupsCommand } from '../src/pipeline/rollups/rollups.command';
import { daysOf, lastDays, RollupsRepository } from '../src/pipeline/rollups/rollups.repository';
import { GeoHarness, startGeo } from './support/geo-harness';

const R8_A = '8848a2a4bffffff';
const R8_B = '8848a2a4dffffff';
const R5_A = '8548a2a7fffffff';
const R5_B = '8548a2abfffffff';

describe('rollups rebuilt from raw rows', () => {
  let geo: GeoHarness;
  let seq = 0;

  beforeAll(async () => {
    geo = await startGeo({ replicas: 0 });
    await geo.db.query(`INSERT INTO metros (slug, name, state, center_lat, center_lng, radius_km)
      VALUES ('atx', 'Austin', 'TX', 30.27, -97.74, 20), ('dal', 'Dallas', 'TX', 32.78, -96.8, 20)`);
    await geo.db.query(`SELECT geo_ensure_month_partition('activity_events', '2025-03-01')`);
    // Day boundaries are UTC: 23:59:59.999 belongs to the 10th, 00:00 to the 11th.
    await activity('atx', R8_A, R5_A, 'visit', '2025-03-10T00:00:00Z');
    await activity('atx', R8_A, R5_A, 'visit', '2025-03-10T23:59:59.999Z');
    await activity('atx', R8_A, R5_A, 'review', '2025-03-10T12:00:00Z');
    await activity('atx', R8_B, R5_A, 'transaction', '2025-03-10T08:00:00Z');
    await activity('atx', R8_A, R5_A, 'checkin', '2025-03-11T00:00:00Z');
    await activity('dal', R8_B, R5_B, 'transaction', '2025-03-11T05:00:00Z');
    await crime('atx', R8_A, R5_A, 'property', 1, '2025-03-10T01:00:00Z');
    await crime('atx', R8_A, R5_A, 'property', 0.5, '2025-03-10T02:00:00Z');
    await crime('atx', R8_A, R5_A, 'violent', 2, '2025-03-10T03:00:00Z');
    await crime('dal', R8_B, R5_B, 'other', 1.5, '2025-03-12T03:00:00Z');
  });

  afterAll(async () => {
    await geo.close();
  });

  async function activity(
    metro: string,
    h3: string,
    r5: string,
    type: string,
    at: string,
  ): Promise<void> {
    await geo.db.query(
      `INSERT INTO activity_events
         (occurred_at, metro_slug, lat, lng, h3_index, h3_r5, event_type, source, source_event_id)
       VALUES ($1, $2, 30, -97, $3, $4, $5, 'test', $6)`,
      [at, metro, h3, r5, type, `e${++seq}`],
    );
  }

  async function crime(
    metro: string,
    h3: string,
    r5: string,
    category: string,
    magnitude: number,
    at: string,
  ): Promise<void> {
    await geo.db.query(
      `INSERT INTO crime_incidents (source, source_incident_id, occurred_at, metro_slug, lat, lng,
         h3_index, h3_r5, category, offense, magnitude)
       VALUES ('test', $1, $2, $3, 30, -97, $4, $5, $6, 'x', $7)`,
      [`c${++seq}`, at, metro, h3, r5, category, magnitude],
    );
  }

  async function rollups(): Promise<Record<string, unknown[]>> {
    const q = (sql: string): Promise<unknown[]> => geo.db.query(sql);
    return {
      activityR5: await q(
        `SELECT day::text, h3_r5, event_count FROM activity_daily_r5 ORDER BY 1, 2`,
      ),
      activityR8: await q(`SELECT metro_slug, day::text, h3_index, visits, transactions, checkins,
        reviews FROM activity_daily_r8 ORDER BY 1, 2, 3`),
      crimeR5: await q(`SELECT day::text, h3_r5, incident_count, magnitude_sum
        FROM crime_daily_r5 ORDER BY 1, 2`),
      crimeR8: await q(`SELECT metro_slug, day::text, h3_index, category, incident_count,
        magnitude_sum FROM crime_daily_r8 ORDER BY 1, 2, 3, 4`),
    };
  }

  // What the ingest path's `+=` upserts leave for the rows above, worked out by hand.
  const EXPECTED = {
    activityR5: [
      { day: '2025-03-10', h3_r5: R5_A, event_count: 4 },
      { day: '2025-03-11', h3_r5: R5_A, event_count: 1 },
      { day: '2025-03-11', h3_r5: R5_B, event_count: 1 },
    ],
    activityR8: [
      {
        metro_slug: 'atx',
        day: '2025-03-10',
        h3_index: R8_A,
        visits: 2,
        transactions: 0,
        checkins: 0,
        reviews: 1,
      },
      {
        metro_slug: 'atx',
        day: '2025-03-10',
        h3_index: R8_B,
        visits: 0,
        transactions: 1,
        checkins: 0,
        reviews: 0,
      },
      {
        metro_slug: 'atx',
        day: '2025-03-11',
        h3_index: R8_A,
        visits: 0,
        transactions: 0,
        checkins: 1,
        reviews: 0,
      },
      {
        metro_slug: 'dal',
        day: '2025-03-11',
        h3_index: R8_B,
        visits: 0,
        transactions: 1,
        checkins: 0,
        reviews: 0,
      },
    ],
    crimeR5: [
      { day: '2025-03-10', h3_r5: R5_A, incident_count: 3, magnitude_sum: 3.5 },
      { day: '2025-03-12', h3_r5: R5_B, incident_count: 1, magnitude_sum: 1.5 },
    ],
    crimeR8: [
      {
        metro_slug: 'atx',
        day: '2025-03-10',
        h3_index: R8_A,
        category: 'property',
        incident_count: 2,
        magnitude_sum: 1.5,
      },
      {
        metro_slug: 'atx',
        day: '2025-03-10',
        h3_index: R8_A,
        category: 'violent',
        incident_count: 1,
        magnitude_sum: 2,
      },
      {
        metro_slug: 'dal',
        day: '2025-03-12',
        h3_index: R8_B,
        category: 'other',
        incident_count: 1,
        magnitude_sum: 1.5,
      },
    ],
  };

  it('rebuilds every day to the values the incremental upserts give', async () => {
    await geo.db.query(`INSERT INTO activity_daily_r5 VALUES ('2025-01-01', 'stale', 9)`);
    await new RollupsRepository(geo.db).rebuild();
    expect(await rollups()).toEqual(EXPECTED);
  });

  it('rebuilds only the days of a range, one day at a time', async () => {
    // Drift inside the range is repaired (wrong counts fixed, rows without raw rows removed);
    // rows outside it are left alone.
    await geo.db.query(`UPDATE activity_daily_r8 SET visits = 99 WHERE day = '2025-03-10'`);
    await geo.db.query(`INSERT INTO crime_daily_r5 VALUES ('2025-03-11', 'ghost', 5, 5)`);
    await geo.db.query(`UPDATE crime_daily_r8 SET incident_count = 7 WHERE day = '2025-03-12'`);
    await new RollupsRepository(geo.db).rebuild({ from: '2025-03-10', to: '2025-03-11' });
    const after = await rollups();
    expect(after.activityR8).toEqual(EXPECTED.activityR8);
    expect(after.crimeR5).toEqual(EXPECTED.crimeR5);
    expect(after.crimeR8).toEqual([
      ...EXPECTED.crimeR8.slice(0, 2),
      { ...EXPECTED.crimeR8[2], incident_count: 7 },
    ]);
    await new RollupsRepository(geo.db).rebuild({ from: '2025-03-12', to: '2025-03-12' });
    expect(await rollups()).toEqual(EXPECTED);
  });

  it('lists inclusive UTC days and the reconcile window', () => {
    expect(daysOf({ from: '2024-02-28', to: '2024-03-01' })).toEqual([
      '2024-02-28',
      '2024-02-29',
      '2024-03-01',
    ]);
    expect(daysOf({ from: '2024-03-02', to: '2024-03-01' })).toEqual([]);
    expect(() => daysOf({ from: '2024-3-1', to: '2024-03-01' })).toThrow(/YYYY-MM-DD/);
    expect(lastDays(3, new Date('2025-01-01T23:00:00Z'))).toEqual({
      from: '2024-12-30',
      to: '2025-01-01',
    });
  });

  it('runs as `geo rollups`: --rebuild for all days, refuses bad flags', async () => {
    const lines: string[] = [];
    const io = { out: (l: string) => lines.push(l), err: (l: string) => lines.push(l) };
    const env = {
      DATABASE_URL: geo.resources.database.url,
      REDIS_URL: geo.resources.redisUrl,
      REDIS_PREFIX: geo.resources.redisPrefix,
    };
    await geo.db.query('DELETE FROM activity_daily_r8');
    expect(await rollupsCommand.run(['--rebuild'], env, io)).toBe(0);
    expect((await rollups()).activityR8).toEqual(EXPECTED.activityR8);
    expect(lines.at(-1)).toMatch(/^rollups rebuilt for all days in \d+ ms$/);
    // Without Redis the rebuild still stands; the operator is told the replicas were not.
    const closed = { ...env, REDIS_URL: `redis://127.0.0.1:${await freePort()}` };
    expect(await rollupsCommand.run(['--days', '2'], closed, io)).toBe(0);
    expect(lines.at(-1)).toMatch(/^warning: running replicas could not be told .* 5 minutes$/);
    expect(await rollupsCommand.run(['--days', '2'], env, io)).toBe(0);
    expect(lines.at(-1)).toMatch(/^rollups rebuilt for \d{4}-\d{2}-\d{2}\.\.\d{4}-\d{2}-\d{2} in/);
    expect(await rollupsCommand.run(['--days', 'x'], env, io)).toBe(2);
    expect(await rollupsCommand.run(['--rebuild', '--days', '3'], env, io)).toBe(2);
    expect(await rollupsCommand.run(['--bogus'], env, io)).toBe(2);
  });
});
