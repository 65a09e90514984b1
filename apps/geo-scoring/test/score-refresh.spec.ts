// Score refresh against real PostgreSQL (see docs/geo-scoring/scoring-engine.md#score-refresh): a
// hand-checked 37-cell fixture metro whose loaded inputs must equal hand-written CellRawInputs,
// snapshots and the metro trend, score.changed outbox rows, the per-metro advisory lock, and a
// ~3,000-cell metro over three days.
import { cellToLatLng, cellToParent, gridDisk, latLngToCell } from 'h3-js';
import { waitFor } from '@platform/testing';
import { DataSource } from 'typeorm';
import {
  CellRawInputs,
  CellTractShare,
  metroRawFeatures,
  round2,
  scoreMetro,
  SIGNAL_GROUPS,
} from '@platform/geo-domain';
import { ScoreRefreshModule } from '../src/pipeline/score-refresh/score-refresh.module';
import { ScoreRefreshService } from '../src/pipeline/score-refresh/score-refresh.service';
import { pipelineProvider } from './support/pipeline-context';
import { GeoHarness, startGeo } from './support/geo-harness';

jest.setTimeout(120_000);

const METRO = 'fx';
const D = '2025-03-10';
const CENTER = latLngToCell(30.2672, -97.7431, 8);
const CELLS = [...gridDisk(CENTER, 3)].sort();
const A = CELLS[0];
const B = CELLS[20];
const C = CELLS[25];
const EMPLOYMENT = CELLS[30];
const T1 = { geoid: '48453000101', population: 1600, p5: 1500, income: 60000, pct: 40, jobs: 800 };
const T2 = { geoid: '48453000102', population: 3200, p5: 3300, income: 45000, pct: 25, jobs: 160 };
// T1: cells 0..15, T2: cells 15..30 (cell 15 in both), cells 31..36 have no tract.
const T1_CELLS = CELLS.slice(0, 16);
const T2_CELLS = CELLS.slice(15, 31);
const WEIGHT = 1 / 16; // exact in binary and in real, so cell_population is exact

function centre(h3: string): { lat: number; lng: number } {
  const [lat, lng] = cellToLatLng(h3);
  return { lat, lng };
}

async function insertMetro(db: DataSource, slug: string, cells: string[]): Promise<void> {
  const [lat, lng] = cellToLatLng(cells[0]);
  await db.query(
    `INSERT INTO metros (slug, name, state, center_lat, center_lng, radius_km)
     VALUES ($1, $1, 'TX', $2, $3, 5)`,
    [slug, lat, lng],
  );
  await db.query(
    `INSERT INTO cells (h3_index, metro_slug, lat, lng, h3_r7, h3_r5)
     SELECT u.h3, $1, u.lat, u.lng, u.r7, u.r5
     FROM unnest($2::text[], $3::float8[], $4::float8[], $5::text[], $6::text[])
       AS u(h3, lat, lng, r7, r5)`,
    [
      slug,
      cells,
      cells.map((c) => centre(c).lat),
      cells.map((c) => centre(c).lng),
      cells.map((c) => cellToParent(c, 7)),
      cells.map((c) => cellToParent(c, 5)),
    ],
  );
}

async function insertFixture(db: DataSource): Promise<void> {
  await insertMetro(db, METRO, CELLS);
  for (const t of [T1, T2]) {
    await db.query(
      `INSERT INTO tracts (geoid, metro_slug, name, county_name, state_abbr, population,
         population_5y_ago, median_household_income, pct_bachelors, jobs, lat, lng)
       VALUES ($1, $2, 'Census Tract 1.01', 'Travis County', 'TX', $3, $4, $5, $6, $7, 30.27, -97.74)`,
      [t.geoid, METRO, t.population, t.p5, t.income, t.pct, t.jobs],
    );
  }
  const shares = [...T1_CELLS.map((h3) => [h3, T1.geoid]), ...T2_CELLS.map((h3) => [h3, T2.geoid])];
  await db.query(
    `INSERT INTO cell_tracts (h3_index, geoid, weight)
     SELECT u.h3, u.geoid, $3 FROM unnest($1::text[], $2::text[]) AS u(h3, geoid)`,
    [shares.map((s) => s[0]), shares.map((s) => s[1]), WEIGHT],
  );
  await db.query('REFRESH MATERIALIZED VIEW cell_population');

  const a = centre(A);
  // Licences in A: as of D, active = 3 (2020, 2025-01-05, and one closing after D),
  // opened in (D−365, D] = 2 (2024-06-01 and 2025-01-05), closed in the window = 1.
  const licences: [string, string, string | null][] = [
    ['l1', '2020-05-01T12:00:00Z', null],
    ['l2', '2025-01-05T09:00:00Z', null],
    ['l3', '2024-06-01T09:00:00Z', '2025-02-01'],
    ['l4', '2023-04-01T09:00:00Z', '2025-03-15'], // closes after D: active as of D
    ['l5', '2025-03-21T00:00:00Z', null], // opened after D: ignored
  ];
  for (const [id, opened, closed] of licences) {
    await db.query(
      `INSERT INTO business_licenses (source_id, business_name, address, metro_slug, lat, lng,
         h3_index, naics_code, pioneer_tier, occurred_at, close_date)
       VALUES ($1, 'Shop', '1 Main St', $2, $3, $4, $5, '722511', 'None', $6, $7)`,
      [id, METRO, a.lat, a.lng, A, opened, closed],
    );
  }
  const permits: [string, string, number | null, number, string][] = [
    ['p1', 'residential', 300000, 4, '2025-02-01'],
    ['p2', 'commercial', 1000000, 0, '2024-01-01'], // older than 365 d
    ['p3', 'residential', 900000, 9, '2025-03-20'], // after D
  ];
  for (const [num, workClass, value, units, filed] of permits) {
    await db.query(
      `INSERT INTO permits (id, permit_number, permit_type, work_class, value, housing_units,
         address, metro_slug, lat, lng, h3_index, filed_date, status)
       VALUES ($1, $2, 'new', $3, $4, $5, '1 Main St', $6, $7, $8, $9, $10, 'filed')`,
      [`${METRO}-${num}`, num, workClass, value, units, METRO, a.lat, a.lng, A, filed],
    );
  }
  const detections: [string, number, string, string][] = [
    ['d1', 5000, '2025-01-01', '2025-03-01'],
    ['d2', 7000, '2025-03-20', '2025-03-25'], // first seen after D
    ['d3', 9000, '2024-09-01', '2024-10-01'], // last seen > 90 d before D
  ];
  for (const [id, sqft, first, last] of detections) {
    await db.query(
      `INSERT INTO construction_detections (id, source, source_detection_id, metro_slug, lat, lng,
         h3_index, estimated_area_sqft, confidence, first_detected, last_detected)
       VALUES ($1, 'sat', $1, $2, $3, $4, $5, $6, 0.9, $7, $8)`,
      [id, METRO, a.lat, a.lng, A, sqft, first, last],
    );
  }
  // Crime in B: 3 incidents / magnitude 8 within 365 d; one old day and one after D ignored.
  const crime: [string, string, number, number][] = [
    ['2025-03-01', 'property', 2, 3],
    ['2024-12-01', 'violent', 1, 5],
    ['2025-03-20', 'property', 9, 9],
    ['2023-01-01', 'other', 4, 4],
  ];
  for (const [day, category, count, magnitude] of crime) {
    await db.query(
      `INSERT INTO crime_daily_r8 (metro_slug, day, h3_index, category, incident_count, magnitude_sum)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [METRO, day, B, category, count, magnitude],
    );
  }
  await addActivity(db, B, '2025-03-05', [10, 4, 2, 1]);
  await addActivity(db, B, '2024-11-01', [100, 100, 100, 100]); // older than 90 d
  await addActivity(db, B, '2025-03-20', [50, 50, 50, 50]); // after D
  await db.query(
    `INSERT INTO named_locations (metro_slug, name, kind, lat, lng, h3_index)
     VALUES ($1, 'Station', 'transit_station', $2, $3, $4),
            ($1, 'Office Park', 'employment_center', $5, $6, $7)`,
    [METRO, a.lat, a.lng, A, centre(EMPLOYMENT).lat, centre(EMPLOYMENT).lng, EMPLOYMENT],
  );
}

/** [visits, transactions, checkins, reviews], added to the day's rollup row. */
async function addActivity(
  db: DataSource,
  h3: string,
  day: string,
  [visits, transactions, checkins, reviews]: number[],
): Promise<void> {
  await db.query(
    `INSERT INTO activity_daily_r8 (metro_slug, day, h3_index, visits, transactions, checkins, reviews)
     VALUES ($1, $2, $3, $4, $5, $6, $7)
     ON CONFLICT (metro_slug, day, h3_index) DO UPDATE SET
       visits = activity_daily_r8.visits + EXCLUDED.visits,
       transactions = activity_daily_r8.transactions + EXCLUDED.transactions,
       checkins = activity_daily_r8.checkins + EXCLUDED.checkins,
       reviews = activity_daily_r8.reviews + EXCLUDED.reviews`,
    [METRO, day, h3, visits, transactions, checkins, reviews],
  );
}

function km(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const r = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * r) / 2) ** 2 +
    Math.cos(a.lat * r) * Math.cos(b.lat * r) * Math.sin(((b.lng - a.lng) * r) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.sqrt(h));
}

/** What the loader must produce as of D, written from the fixture above. */
function expectedInputs(): { inputs: CellRawInputs; volume: number }[] {
  const nearStation = new Set(gridDisk(A, 2));
  const share = (t: typeof T1): CellTractShare => ({
    weight: WEIGHT,
    population: t.population,
    population5yAgo: t.p5,
    medianHouseholdIncome: t.income,
    pctBachelors: t.pct,
    jobs: t.jobs,
    cellCount: 16,
  });
  return CELLS.map((h3) => {
    const tracts: CellTractShare[] = [];
    if (T1_CELLS.includes(h3)) tracts.push(share(T1));
    if (T2_CELLS.includes(h3)) tracts.push(share(T2));
    const inputs: CellRawInputs = {
      activeLicences: 0,
      licencesOpened365d: 0,
      licencesClosed365d: 0,
      tracts,
      population: tracts.reduce((sum, t) => sum + t.population * WEIGHT, 0),
      residentialHousingUnits365d: 0,
      transactions90d: 0,
      permitValue365d: 0,
      detectionSqft90d: 0,
      transitStationsK2: nearStation.has(h3) ? 1 : 0,
      kmToNearestEmploymentCenter: km(centre(h3), centre(EMPLOYMENT)),
      incidentMagnitude365d: 0,
      visits90d: 0,
      checkins90d: 0,
      reviews90d: 0,
    };
    if (h3 === A) {
      Object.assign(inputs, {
        activeLicences: 3,
        licencesOpened365d: 2,
        licencesClosed365d: 1,
        residentialHousingUnits365d: 4,
        permitValue365d: 300000,
        detectionSqft90d: 5000,
      });
      return { inputs, volume: 3 + 1 };
    }
    if (h3 === B) {
      Object.assign(inputs, {
        incidentMagnitude365d: 8,
        transactions90d: 4,
        visits90d: 10,
        checkins90d: 2,
        reviews90d: 1,
      });
      return { inputs, volume: 3 + 17 };
    }
    return { inputs, volume: 0 };
  });
}

type Row = Record<string, number | string | null>;

async function scoresByCell(db: DataSource): Promise<Map<string, Row>> {
  const rows: Row[] = await db.query(
    `SELECT * FROM cell_scores WHERE metro_slug = $1 ORDER BY h3_index`,
    [METRO],
  );
  return new Map(rows.map((r) => [r.h3_index as string, r]));
}

async function snapshotCells(db: DataSource, day: string): Promise<string[]> {
  const rows: { h3_index: string }[] = await db.query(
    `SELECT h3_index FROM score_snapshots WHERE metro_slug = $1 AND snapshot_date = $2
     ORDER BY h3_index`,
    [METRO, day],
  );
  return rows.map((r) => r.h3_index);
}

async function expectMetroDailyIsMean(db: DataSource, day: string): Promise<void> {
  const [snap]: { avg: number; n: string }[] = await db.query(
    `SELECT avg(composite) AS avg, count(*) AS n FROM score_snapshots
     WHERE metro_slug = $1 AND snapshot_date = $2`,
    [METRO, day],
  );
  const [daily]: { avg_composite: number; cells: number }[] = await db.query(
    `SELECT avg_composite, cells FROM score_snapshot_metro_daily
     WHERE metro_slug = $1 AND profile = 'default' AND snapshot_date = $2`,
    [METRO, day],
  );
  expect(daily.cells).toBe(Number(snap.n));
  expect(daily.avg_composite).toBeCloseTo(snap.avg, 9);
}

describe('ScoreRefreshService', () => {
  let geo: GeoHarness;
  let db: DataSource;
  let service: ScoreRefreshService;
  const webhook = `wh_${'0'.repeat(25)}1`;
  const otherWebhook = `wh_${'0'.repeat(25)}2`;

  beforeAll(async () => {
    geo = await startGeo({ replicas: 0 });
    db = geo.db;
    service = await pipelineProvider(db, ScoreRefreshModule, ScoreRefreshService);
    await insertFixture(db);
    // Subscribed before the first refresh: first scoring must still be silent.
    await db.query(
      `INSERT INTO webhooks (id, owner_id, url, events) VALUES
         ($1, 'u1', 'https://example.com/a', ARRAY['score.changed', 'permit.filed']),
         ($2, 'u2', 'https://example.com/b', ARRAY['permit.filed'])`,
      [webhook, otherWebhook],
    );
  });

  afterAll(async () => {
    await geo?.close();
  });

  it('scores every cell exactly as the engine does for the hand-written inputs of D', async () => {
    const result = await service.refresh({ asOf: D, trigger: 'manual' });
    expect(result).toMatchObject({
      asOf: D,
      metros: [METRO],
      skippedMetros: [],
      cellsScored: CELLS.length,
      cellsTouched: CELLS.length,
      fingerprintChanged: false,
      deliveryIds: [],
    });
    const expected = expectedInputs();
    const raw = metroRawFeatures(expected.map((e) => e.inputs));
    const scores = scoreMetro(
      CELLS.map((h3, i) => ({
        h3Index: h3,
        metroSlug: METRO,
        raw: raw[i],
        volumeCount: expected[i].volume,
      })),
    );
    const stored = await scoresByCell(db);
    expect(stored.size).toBe(CELLS.length);
    for (const score of scores) {
      const row = stored.get(score.h3Index)!;
      expect({ h3: score.h3Index, composite: row.composite, confidence: row.confidence }).toEqual({
        h3: score.h3Index,
        composite: score.composite,
        confidence: score.confidence,
      });
      for (const group of SIGNAL_GROUPS) expect(row[group]).toBe(score.signals[group]);
      expect(row.score_run_id).toBe(result.scoreRunId);
      expect(row.notified_composite).toBe(row.composite);
    }
    // Cells without a tract: population groups null; A and B carry their records.
    expect(stored.get(CELLS[36])!.demographics).toBeNull();
    expect(stored.get(A)!.confidence as number).toBeGreaterThan(
      stored.get(CELLS[1])!.confidence as number,
    );

    const [run]: Row[] = await db.query('SELECT * FROM score_runs WHERE id = $1', [
      result.scoreRunId,
    ]);
    expect(run).toMatchObject({ status: 'succeeded', cells_scored: 37, cells_touched: 37 });
    expect(await db.query('SELECT count(*)::int AS n FROM webhook_events')).toEqual([{ n: 0 }]);
  });

  it('stores res-7 parents and copies the parent composite onto each cell', async () => {
    const parents: { h3_r7: string; composite: number }[] = await db.query(
      'SELECT h3_r7, composite FROM cell_scores_r7 WHERE metro_slug = $1',
      [METRO],
    );
    expect(parents.map((p) => p.h3_r7).sort()).toEqual(
      [...new Set(CELLS.map((c) => cellToParent(c, 7)))].sort(),
    );
    const byParent = new Map(parents.map((p) => [p.h3_r7, p.composite]));
    for (const [h3, row] of await scoresByCell(db)) {
      expect(row.composite_r7).toBe(byParent.get(cellToParent(h3, 7)));
    }
  });

  it('snapshots every cell on first scoring and writes the metro mean for the day', async () => {
    expect(await snapshotCells(db, D)).toEqual(CELLS);
    await expectMetroDailyIsMean(db, D);
  });

  it('touches nothing on the next day when no record is dated in the new window', async () => {
    const result = await service.refresh({ asOf: '2025-03-11', trigger: 'schedule' });
    expect(result.cellsTouched).toBe(0);
    expect(await snapshotCells(db, '2025-03-11')).toEqual([]);
    const daily: unknown[] = await db.query(
      `SELECT 1 FROM score_snapshot_metro_daily WHERE snapshot_date = '2025-03-11'`,
    );
    expect(daily).toHaveLength(0);
  });

  it('touches a cell that received a new record, and a same-day rerun overwrites it', async () => {
    await addActivity(db, C, '2025-03-12', [1, 0, 0, 0]);
    const first = await service.refresh({ asOf: '2025-03-12', trigger: 'ingest' });
    const touched = await snapshotCells(db, '2025-03-12');
    expect(touched).toContain(C);
    expect(first.cellsTouched).toBe(touched.length);
    await expectMetroDailyIsMean(db, '2025-03-12');

    await addActivity(db, C, '2025-03-12', [40, 40, 0, 0]);
    await service.refresh({ asOf: '2025-03-12', trigger: 'ingest' });
    const [snapshot]: Row[] = await db.query(
      `SELECT composite, amenity_demand FROM score_snapshots
       WHERE h3_index = $1 AND snapshot_date = '2025-03-12'`,
      [C],
    );
    const current = (await scoresByCell(db)).get(C)!;
    expect(snapshot).toEqual({
      composite: current.composite,
      amenity_demand: current.amenity_demand,
    });
    expect(await snapshotCells(db, '2025-03-12')).toEqual(expect.arrayContaining(touched));
    await expectMetroDailyIsMean(db, '2025-03-12');
  });

  it('emits score.changed for |Δ| ≥ 5 to subscribed webhooks only, and moves the baseline', async () => {
    const before = await scoresByCell(db);
    // A burst in one quiet cell lifts several of its signals to the top of the metro.
    const hot = CELLS[33];
    await addActivity(db, hot, '2025-03-13', [500, 500, 500, 500]);
    const result = await service.refresh({ asOf: '2025-03-13', trigger: 'ingest' });
    const after = await scoresByCell(db);
    const expected = [...after.keys()].filter((h3) => {
      const previous = before.get(h3)!.notified_composite as number;
      return Math.abs((after.get(h3)!.composite as number) - previous) >= 5 - 1e-9;
    });
    expect(expected).toContain(hot);

    const events: { id: string; type: string; owner_id: null; payload: Row }[] = await db.query(
      `SELECT id, type, owner_id, payload FROM webhook_events
       WHERE (payload->>'score_run_id')::bigint = $1 ORDER BY payload->>'h3_index'`,
      [result.scoreRunId],
    );
    expect(events.map((e) => e.payload.h3_index)).toEqual(expected.sort());
    const hotEvent = events.find((e) => e.payload.h3_index === hot)!;
    const previous = before.get(hot)!.composite as number;
    const composite = after.get(hot)!.composite as number;
    expect(hotEvent).toMatchObject({ type: 'score.changed', owner_id: null });
    expect(hotEvent.id).toMatch(/^evt_[0-9A-Z]{26}$/);
    expect(hotEvent.payload).toEqual({
      h3_index: hot,
      metro_slug: METRO,
      previous_composite: previous,
      composite,
      delta: round2(composite - previous),
      previous_tier: expect.any(String),
      tier: expect.any(String),
      confidence: after.get(hot)!.confidence,
      score_run_id: Number(result.scoreRunId),
    });
    const deliveries: { id: string; webhook_id: string; event_id: string; status: string }[] =
      await db.query(
        'SELECT id, webhook_id, event_id, status FROM webhook_deliveries WHERE event_id = ANY ($1)',
        [events.map((e) => e.id)],
      );
    expect(deliveries).toHaveLength(events.length);
    expect(new Set(deliveries.map((d) => d.webhook_id))).toEqual(new Set([webhook]));
    expect(deliveries.every((d) => d.status === 'pending' && /^dlv_/.test(d.id))).toBe(true);
    expect(result.deliveryIds?.sort()).toEqual(deliveries.map((d) => d.id).sort());
    for (const h3 of expected)
      expect(after.get(h3)!.notified_composite).toBe(after.get(h3)!.composite);
    // Cells under the threshold keep their old baseline.
    const quiet = [...after.keys()].find((h3) => !expected.includes(h3))!;
    expect(after.get(quiet)!.notified_composite).toBe(before.get(quiet)!.notified_composite);
  });

  it('resets every baseline silently when the engine fingerprint changed', async () => {
    await db.query(`UPDATE score_runs SET engine_fingerprint = 'engine-v0'`);
    const eventsBefore: { n: number }[] = await db.query(
      'SELECT count(*)::int AS n FROM webhook_events',
    );
    await addActivity(db, CELLS[34], '2025-03-14', [900, 900, 900, 900]);
    const result = await service.refresh({ asOf: '2025-03-14', trigger: 'manual' });
    expect(result.fingerprintChanged).toBe(true);
    expect(await db.query('SELECT count(*)::int AS n FROM webhook_events')).toEqual(eventsBefore);
    for (const row of (await scoresByCell(db)).values()) {
      expect(row.notified_composite).toBe(row.composite);
    }
    const next = await service.refresh({ asOf: '2025-03-15', trigger: 'manual' });
    expect(next.fingerprintChanged).toBe(false);
  });

  it('lets only one of two concurrent refreshes score a metro; the other skips it', async () => {
    // Hold a lock the first refresh needs for its writes, so it sits inside its metro
    // transaction (advisory lock taken) while the second one starts.
    const blocker = db.createQueryRunner();
    await blocker.connect();
    await blocker.startTransaction();
    await blocker.query('LOCK TABLE cell_scores_r7 IN SHARE MODE');
    const first = service.refresh({ asOf: '2025-03-16', trigger: 'schedule', metros: [METRO] });
    await waitFor(async () => {
      const rows: unknown[] = await db.query(
        `SELECT 1 FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
         WHERE NOT l.granted AND c.relname = 'cell_scores_r7'
           AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      );
      return rows.length > 0;
    }, 20_000);
    const second = await (
      await pipelineProvider(db, ScoreRefreshModule, ScoreRefreshService)
    ).refresh({
      asOf: '2025-03-16',
      trigger: 'ingest',
      metros: [METRO],
    });
    await blocker.rollbackTransaction();
    await blocker.release();
    const winner = await first;
    expect(winner).toMatchObject({ metros: [METRO], skippedMetros: [], cellsScored: 37 });
    expect(second).toMatchObject({ metros: [], skippedMetros: [METRO], cellsScored: 0 });
    const [run]: Row[] = await db.query('SELECT status, metros FROM score_runs WHERE id = $1', [
      second.scoreRunId,
    ]);
    expect(run).toEqual({ status: 'succeeded', metros: [] });
  });

  it('refreshes a ~3,000-cell metro with bulk statements', async () => {
    const cells = [...gridDisk(latLngToCell(47.6062, -122.3321, 8), 31)].sort();
    await insertMetro(db, 'big', cells);
    // Deterministic synthetic records: one tract per res-7 parent, 90 days of activity,
    // a year of crime, licences and permits spread over the cells.
    await db.query(`SELECT setseed(0.42)`);
    await db.query(`
      INSERT INTO tracts (geoid, metro_slug, name, county_name, state_abbr, population,
        population_5y_ago, median_household_income, pct_bachelors, jobs, lat, lng)
      SELECT lpad((53033000000 + row_number() OVER (ORDER BY h3_r7))::text, 11, '0'), 'big',
        'Census Tract', 'King County', 'WA', (2000 + random() * 6000)::int,
        (2000 + random() * 6000)::int, 40000 + random() * 80000, random() * 80,
        (random() * 5000)::int, 47.6, -122.3
      FROM (SELECT DISTINCT h3_r7 FROM cells WHERE metro_slug = 'big') p`);
    await db.query(`
      INSERT INTO cell_tracts (h3_index, geoid, weight)
      SELECT c.h3_index, t.geoid, 1.0 / count(*) OVER (PARTITION BY c.h3_r7)
      FROM cells c
      JOIN (SELECT h3_r7, lpad((53033000000 + row_number() OVER (ORDER BY h3_r7))::text, 11, '0')
              AS geoid FROM (SELECT DISTINCT h3_r7 FROM cells WHERE metro_slug = 'big') p) t
        USING (h3_r7)
      WHERE c.metro_slug = 'big'`);
    await db.query('REFRESH MATERIALIZED VIEW cell_population');
    await db.query(`
      INSERT INTO activity_daily_r8 (metro_slug, day, h3_index, visits, transactions, checkins, reviews)
      SELECT 'big', d::date, c.h3_index, (random() * 20)::int, (random() * 10)::int,
        (random() * 4)::int, (random() * 2)::int
      FROM cells c CROSS JOIN generate_series('2024-12-20'::date, '2025-03-20'::date, '1 day') d
      WHERE c.metro_slug = 'big'`);
    await db.query(`
      INSERT INTO crime_daily_r8 (metro_slug, day, h3_index, category, incident_count, magnitude_sum)
      SELECT 'big', d::date, c.h3_index, 'property', 1, 1 + (random() * 4)::int
      FROM cells c CROSS JOIN generate_series('2024-03-20'::date, '2025-03-20'::date, '7 day') d
      WHERE c.metro_slug = 'big' AND random() < 0.3`);
    await db.query(`
      INSERT INTO business_licenses (source_id, business_name, address, metro_slug, lat, lng,
        h3_index, naics_code, pioneer_tier, occurred_at, close_date)
      SELECT 'b' || g || c.h3_index, 'Shop', 'Addr', 'big', c.lat, c.lng, c.h3_index, '722511',
        'None', timestamptz '2015-01-01' + random() * interval '3700 days',
        CASE WHEN random() < 0.3 THEN date '2016-01-01' + (random() * 3400)::int END
      FROM cells c CROSS JOIN generate_series(1, 3) g WHERE c.metro_slug = 'big'`);
    await db.query(`
      INSERT INTO permits (id, permit_number, permit_type, work_class, value, housing_units,
        address, metro_slug, lat, lng, h3_index, filed_date, status)
      SELECT 'big-' || c.h3_index, c.h3_index, 'new', 'residential', 100000 + random() * 500000,
        (random() * 5)::int, 'Addr', 'big', c.lat, c.lng, c.h3_index,
        date '2024-01-01' + (random() * 440)::int, 'filed'
      FROM cells c WHERE c.metro_slug = 'big' AND random() < 0.5`);

    await db.query('ANALYZE');
    for (const asOf of ['2025-03-10', '2025-03-11', '2025-03-12']) {
      const result = await service.refresh({ asOf, trigger: 'seed', metros: ['big'] });
      expect(result.cellsScored).toBe(cells.length);
    }
    const [{ n }]: { n: number }[] = await db.query(
      `SELECT count(*)::int AS n FROM score_snapshots WHERE metro_slug = 'big'`,
    );
    expect(n).toBeGreaterThanOrEqual(cells.length);
  });

  it('refreshes two metros at once into a month without a snapshot partition, as one at a time does', async () => {
    const asOf = '2025-05-02';
    const partitions = async (): Promise<number> => {
      const [{ n }]: { n: number }[] = await db.query(
        `SELECT count(*)::int AS n FROM pg_inherits WHERE inhparent = 'score_snapshots'::regclass`,
      );
      return n;
    };
    const before = await partitions();
    const parallel = await service.refresh({
      asOf,
      trigger: 'manual',
      metros: ['big', METRO],
      concurrency: 2,
    });
    expect(parallel.metros).toEqual(['big', METRO]);
    expect(await partitions()).toBe(before + 1);
    const scores = `SELECT h3_index, composite, confidence FROM cell_scores ORDER BY h3_index`;
    const afterParallel: Row[] = await db.query(scores);
    const sequential = await service.refresh({ asOf, trigger: 'manual', metros: ['big', METRO] });
    expect(sequential.cellsScored).toBe(parallel.cellsScored);
    expect(await db.query(scores)).toEqual(afterParallel);
  });
});
