// Robustness classifier against real PostgreSQL
// (see docs/geo-scoring/scoring-engine.md#robustness-classifier): refresh → classify → change the
// data → refresh → classify again; classes equal the pure classifier on the stored scores, new
// cells and cells with an unscored parent stay unclassified, and the fingerprint gate.
import { cellToLatLng, cellToParent, gridDisk, gridRing, latLngToCell } from 'h3-js';
import { DataSource } from 'typeorm';
import { classifyCommand } from '../src/pipeline/robustness/classify.command';
import { RobustnessModule } from '../src/pipeline/robustness/robustness.module';
import { RobustnessService } from '../src/pipeline/robustness/robustness.service';
import { ScoreRefreshModule } from '../src/pipeline/score-refresh/score-refresh.module';
import { ScoreRefreshService } from '../src/pipeline/score-refresh/score-refresh.service';
import { pipelineProvider } from './support/pipeline-context';
import { classifyRobustness, SIGNAL_GROUPS, SignalVector } from '@platform/geo-domain';
import { GeoHarness, startGeo } from './support/geo-harness';

jest.setTimeout(60_000);

const METRO = 'rb';
const CENTER = latLngToCell(42.3601, -71.0589, 8);
const CELLS = [...gridDisk(CENTER, 4)].sort();
const NEW_CELL = [...gridRing(CENTER, 5)].sort()[0];

type Row = Record<string, number | string | null>;
interface Stored {
  h3: string;
  robustnessClass: string | null;
  supportStability: number | null;
  runId: string | null;
}

async function insertCells(db: DataSource, cells: string[]): Promise<void> {
  await db.query(
    `INSERT INTO cells (h3_index, metro_slug, lat, lng, h3_r7, h3_r5)
     SELECT u.h3, $1, u.lat, u.lng, u.r7, u.r5
     FROM unnest($2::text[], $3::float8[], $4::float8[], $5::text[], $6::text[])
       AS u(h3, lat, lng, r7, r5)`,
    [
      METRO,
      cells,
      cells.map((c) => cellToLatLng(c)[0]),
      cells.map((c) => cellToLatLng(c)[1]),
      cells.map((c) => cellToParent(c, 7)),
      cells.map((c) => cellToParent(c, 5)),
    ],
  );
}

/** Activity on `day` for each cell: a deterministic pattern scaled by `factor`. */
async function addActivity(
  db: DataSource,
  cells: string[],
  day: string,
  factor: (i: number) => number,
): Promise<void> {
  await db.query(
    `INSERT INTO activity_daily_r8 (metro_slug, day, h3_index, visits, transactions, checkins, reviews)
     SELECT $1, $2, u.h3, u.n, u.n / 2, u.n / 5, u.n / 10 FROM unnest($3::text[], $4::int[]) AS u(h3, n)
     ON CONFLICT (metro_slug, day, h3_index) DO UPDATE SET visits = EXCLUDED.visits,
       transactions = EXCLUDED.transactions, checkins = EXCLUDED.checkins, reviews = EXCLUDED.reviews`,
    [METRO, day, cells, cells.map((_, i) => factor(i))],
  );
}

function vector(row: Row): SignalVector {
  return Object.fromEntries(
    SIGNAL_GROUPS.map((g) => [g, row[g] as number | null]),
  ) as unknown as SignalVector;
}

/** Expected class per cell from the stored res-8 and res-7 scores, via the pure classifier. */
async function expectedClasses(
  db: DataSource,
): Promise<Map<string, ReturnType<typeof classifyRobustness>>> {
  const cells: Row[] = await db.query(
    `SELECT cs.*, c.h3_r7 FROM cell_scores cs JOIN cells c USING (h3_index) ORDER BY h3_index`,
  );
  const parents: Row[] = await db.query('SELECT * FROM cell_scores_r7');
  const byParent = new Map(parents.map((p) => [p.h3_r7 as string, p]));
  return new Map(
    cells.map((c) => {
      const parent = byParent.get(c.h3_r7 as string);
      return [
        c.h3_index as string,
        classifyRobustness(
          { composite: c.composite as number, signals: vector(c) },
          parent === undefined
            ? null
            : { composite: parent.composite as number, signals: vector(parent) },
        ),
      ];
    }),
  );
}

async function storedClasses(db: DataSource): Promise<Stored[]> {
  const rows: Row[] = await db.query(
    `SELECT h3_index, robustness_class, support_stability, robustness_run_id FROM cell_scores
     ORDER BY h3_index`,
  );
  return rows.map((r) => ({
    h3: r.h3_index as string,
    robustnessClass: r.robustness_class as string | null,
    supportStability: r.support_stability as number | null,
    runId: r.robustness_run_id as string | null,
  }));
}

describe('RobustnessService', () => {
  let geo: GeoHarness;
  let db: DataSource;
  let refresh: ScoreRefreshService;
  let robustness: RobustnessService;
  let firstRun: Stored[];
  let firstRunStartedAt: Date;

  beforeAll(async () => {
    geo = await startGeo({ replicas: 0 });
    db = geo.db;
    refresh = await pipelineProvider(db, ScoreRefreshModule, ScoreRefreshService);
    robustness = await pipelineProvider(db, RobustnessModule, RobustnessService);
    await db.query(
      `INSERT INTO metros (slug, name, state, center_lat, center_lng, radius_km)
       VALUES ($1, 'Robust', 'MA', 42.3601, -71.0589, 5)`,
      [METRO],
    );
    await insertCells(db, CELLS);
    await addActivity(db, CELLS, '2025-03-01', (i) => (i * 37) % 101);
    await db.query(
      `INSERT INTO business_licenses (source_id, business_name, address, metro_slug, lat, lng,
         h3_index, naics_code, pioneer_tier, occurred_at)
       SELECT 'l' || i || '-' || g, 'Shop', 'Addr', $1, 42.36, -71.05, u.h3, '722511', 'None',
         timestamptz '2024-06-01' + g * interval '3 days'
       FROM unnest($2::text[]) WITH ORDINALITY AS u(h3, i)
       CROSS JOIN generate_series(1, 3) g
       WHERE (i * 7 + g) % 4 = 0`,
      [METRO, CELLS],
    );
    await db.query('REFRESH MATERIALIZED VIEW cell_population');
  });

  afterAll(async () => {
    await geo?.close();
  });

  it('needs no classification before any score run', async () => {
    expect(await robustness.needsClassification()).toBe(false);
  });

  it('classifies every scored cell as the pure classifier does on the stored scores', async () => {
    const scoreRun = await refresh.refresh({ asOf: '2025-03-10', trigger: 'manual' });
    expect(await robustness.needsClassification()).toBe(true);
    const result = await robustness.classify();
    expect(result).toEqual({
      robustnessRunId: expect.any(String),
      classified: CELLS.length,
      unclassified: 0,
    });
    const expected = await expectedClasses(db);
    firstRun = await storedClasses(db);
    for (const cell of firstRun) {
      const want = expected.get(cell.h3)!;
      expect(cell).toEqual({
        h3: cell.h3,
        robustnessClass: want.robustnessClass,
        supportStability: want.supportStability,
        runId: result.robustnessRunId,
      });
    }
    const [run]: Row[] = await db.query('SELECT * FROM robustness_runs WHERE id = $1', [
      result.robustnessRunId,
    ]);
    expect(run).toMatchObject({
      engine_fingerprint: scoreRun.engineFingerprint,
      score_run_id: scoreRun.scoreRunId,
      classified: CELLS.length,
      unclassified: 0,
    });
    expect(run.finished_at).not.toBeNull();
    firstRunStartedAt = run.started_at as unknown as Date;
    expect(await robustness.needsClassification()).toBe(false);
  });

  it('reclassifies after a data change; new cells and orphaned children stay unclassified', async () => {
    await insertCells(db, [NEW_CELL]);
    // Invert the activity pattern: busy cells become quiet and vice versa.
    await addActivity(db, CELLS, '2025-03-01', (i) => 100 - ((i * 37) % 101));
    await addActivity(db, [CELLS[3], CELLS[17], CELLS[40]], '2025-03-11', () => 5000);
    await refresh.refresh({ asOf: '2025-03-11', trigger: 'manual' });
    const [newCell]: { first_scored_at: Date }[] = await db.query(
      'SELECT first_scored_at FROM cell_scores WHERE h3_index = $1',
      [NEW_CELL],
    );
    expect(newCell.first_scored_at.getTime()).toBeGreaterThan(firstRunStartedAt.getTime());
    // One parent loses its res-7 score: its children cannot be classified.
    const orphanParent = cellToParent(CELLS[0], 7);
    await db.query('DELETE FROM cell_scores_r7 WHERE h3_r7 = $1', [orphanParent]);
    const orphans = CELLS.filter((c) => cellToParent(c, 7) === orphanParent);

    const result = await robustness.classify();
    const expected = await expectedClasses(db);
    const second = await storedClasses(db);
    const unclassified = new Set([NEW_CELL, ...orphans]);
    expect(result.unclassified).toBe(unclassified.size);
    expect(result.classified).toBe(CELLS.length + 1 - unclassified.size);
    for (const cell of second) {
      const want = unclassified.has(cell.h3)
        ? { robustnessClass: null, supportStability: null }
        : expected.get(cell.h3)!;
      expect(cell).toEqual({
        h3: cell.h3,
        robustnessClass: want.robustnessClass,
        supportStability: want.supportStability,
        runId: result.robustnessRunId,
      });
    }
    const changed = second.filter((cell) => {
      const before = firstRun.find((f) => f.h3 === cell.h3);
      return (
        before !== undefined &&
        !unclassified.has(cell.h3) &&
        (before.robustnessClass !== cell.robustnessClass ||
          before.supportStability !== cell.supportStability)
      );
    });
    expect(changed.length).toBeGreaterThan(0);
  });

  it('re-runs from the CLI when the engine fingerprint changed (--if-needed)', async () => {
    expect(await robustness.needsClassification()).toBe(false);
    await db.query(`UPDATE score_runs SET engine_fingerprint = 'engine-v2-test'`);
    expect(await robustness.needsClassification()).toBe(true);
    const write = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    try {
      const env = {
        DATABASE_URL: geo.env.DATABASE_URL,
        REDIS_URL: geo.env.REDIS_URL,
        REDIS_PREFIX: geo.env.REDIS_PREFIX,
      };
      const code = await classifyCommand.run(['--if-needed'], env);
      expect(code).toBe(0);
      expect(String(write.mock.calls.at(-1)?.[0])).toMatch(/"robustnessRunId"/);
      expect(await classifyCommand.run(['--if-needed'], env)).toBe(0);
      expect(String(write.mock.calls.at(-1)?.[0])).toMatch(/"skipped":true/);
    } finally {
      write.mockRestore();
    }
    expect(await robustness.needsClassification()).toBe(false);
  });
});
