// Spatial-diagnostics runs against real PostgreSQL
// (see docs/geo-scoring/spatial-diagnostics.md#runs): rows = scored cells, equal to the pure
// computation, current_diag_run_id swapped, deterministic across runs.
import { cellToLatLng, cellToParent, gridDisk, latLngToCell } from 'h3-js';
import { DataSource } from 'typeorm';
import { computeSpatialDiagnostics } from '@platform/geo-domain';
import { SpatialDiagnosticsModule } from '../src/pipeline/spatial-diagnostics/spatial-diagnostics.module';
import { SpatialDiagnosticsService } from '../src/pipeline/spatial-diagnostics/spatial-diagnostics.service';
import { pipelineProvider } from './support/pipeline-context';
import { GeoHarness, startGeo } from './support/geo-harness';

jest.setTimeout(60_000);

const METRO = 'sd';
const CENTER = latLngToCell(25.7617, -80.1918, 8);
const CELLS = [...gridDisk(CENTER, 5)].sort();
const UNSCORED = CELLS[10]; // composite null: not part of the run
const OPTIONS = { permutations: 199, seed: 20240601 };

/** A smooth gradient with a high cluster and a planted low outlier in it. */
function compositeOf(h3: string, i: number): number {
  const [lat, lng] = cellToLatLng(h3);
  const base = 50 + 400 * (lat - 25.7617) + ((i * 13) % 7);
  const hot = h3 === CELLS[40] ? -45 : 0;
  return Math.round(Math.min(100, Math.max(0, base + (lng > -80.19 ? 20 : 0) + hot)) * 100) / 100;
}

type Row = Record<string, number | string | null>;

describe('SpatialDiagnosticsService', () => {
  let geo: GeoHarness;
  let db: DataSource;
  let service: SpatialDiagnosticsService;
  const scored = CELLS.filter((c) => c !== UNSCORED);

  beforeAll(async () => {
    geo = await startGeo({ replicas: 0 });
    db = geo.db;
    service = await pipelineProvider(
      db,
      SpatialDiagnosticsModule.withOptions(OPTIONS),
      SpatialDiagnosticsService,
    );
    await db.query(
      `INSERT INTO metros (slug, name, state, center_lat, center_lng, radius_km)
       VALUES ($1, 'Diag', 'FL', 25.7617, -80.1918, 5)`,
      [METRO],
    );
    await db.query(
      `INSERT INTO cells (h3_index, metro_slug, lat, lng, h3_r7, h3_r5)
       SELECT u.h3, $1, 0, 0, u.r7, u.r5 FROM unnest($2::text[], $3::text[], $4::text[]) AS u(h3, r7, r5)`,
      [METRO, CELLS, CELLS.map((c) => cellToParent(c, 7)), CELLS.map((c) => cellToParent(c, 5))],
    );
    await db.query(
      `INSERT INTO score_runs (id, trigger, as_of, engine_fingerprint, metros, status)
       VALUES (1, 'manual', '2025-03-10', 'fp', ARRAY[$1], 'succeeded')`,
      [METRO],
    );
    await db.query(
      `INSERT INTO cell_scores (h3_index, metro_slug, composite, confidence, score_run_id, scored_at)
       SELECT u.h3, $1, u.composite, u.confidence, 1, now()
       FROM unnest($2::text[], $3::float8[], $4::float8[]) AS u(h3, composite, confidence)`,
      [
        METRO,
        CELLS,
        CELLS.map((c, i) => (c === UNSCORED ? null : compositeOf(c, i))),
        CELLS.map((_, i) => ((i * 17) % 10) / 10),
      ],
    );
  });

  afterAll(async () => {
    await geo?.close();
  });

  async function rowsOf(runId: string): Promise<Row[]> {
    return db.query(
      `SELECT h3_index, metro_slug, score_baseline, experimental_composite, local_moran, z,
         spatial_lag, quadrant, p_value, q_value, cluster_type, neighbors, persistence
       FROM spatial_diagnostics WHERE run_id = $1 ORDER BY h3_index`,
      [runId],
    );
  }

  it('stores one row per scored cell, equal to the pure computation, and publishes the run', async () => {
    const result = await service.run(METRO, '1');
    expect(result.n).toBe(scored.length);
    const rows = await rowsOf(result.runId);
    expect(rows).toHaveLength(scored.length);
    expect(rows.map((r) => r.h3_index)).not.toContain(UNSCORED);

    const cells: { h3_index: string; composite: number; confidence: number }[] = await db.query(
      'SELECT h3_index, composite, confidence FROM cell_scores WHERE composite IS NOT NULL',
    );
    const expected = computeSpatialDiagnostics({
      metroSlug: METRO,
      cells: cells.map((c) => ({
        h3Index: c.h3_index,
        composite: c.composite,
        confidence: c.confidence,
      })),
      ...OPTIONS,
    });
    expect(rows).toEqual(expected.map((e) => ({ ...e, metro_slug: METRO })));
    expect(result.clusters).toBe(expected.filter((e) => e.cluster_type !== null).length);
    expect(result.clusters).toBeGreaterThan(0);

    const [run]: Row[] = await db.query('SELECT * FROM spatial_diagnostics_runs WHERE id = $1', [
      result.runId,
    ]);
    expect(run).toMatchObject({
      metro_slug: METRO,
      score_run_id: '1',
      variable: 'composite',
      permutations: 199,
      seed: '20240601',
      n: scored.length,
      significance: 0.05,
      status: 'succeeded',
    });
    const [metro]: Row[] = await db.query(
      'SELECT current_diag_run_id FROM metros WHERE slug = $1',
      [METRO],
    );
    expect(metro.current_diag_run_id).toBe(result.runId);
  });

  it('swaps current_diag_run_id to a new run with identical statistics', async () => {
    const [before]: Row[] = await db.query(
      'SELECT current_diag_run_id FROM metros WHERE slug = $1',
      [METRO],
    );
    const result = await service.run(METRO, null);
    expect(result.runId).not.toBe(before.current_diag_run_id);
    const [metro]: Row[] = await db.query(
      'SELECT current_diag_run_id FROM metros WHERE slug = $1',
      [METRO],
    );
    expect(metro.current_diag_run_id).toBe(result.runId);
    const strip = (rows: Row[]): Row[] =>
      rows.map(({ h3_index, local_moran, p_value, q_value, cluster_type }) => ({
        h3_index,
        local_moran,
        p_value,
        q_value,
        cluster_type,
      }));
    expect(strip(await rowsOf(result.runId))).toEqual(
      strip(await rowsOf(before.current_diag_run_id as string)),
    );
  });

  it('marks the run failed and keeps the current run when the computation fails', async () => {
    const [before]: Row[] = await db.query(
      'SELECT current_diag_run_id FROM metros WHERE slug = $1',
      [METRO],
    );
    const broken = await pipelineProvider(
      db,
      SpatialDiagnosticsModule.withOptions({ permutations: 0, seed: 1 }),
      SpatialDiagnosticsService,
    );
    await expect(broken.run(METRO, null)).rejects.toThrow();
    const [run]: Row[] = await db.query(
      'SELECT status FROM spatial_diagnostics_runs ORDER BY id DESC LIMIT 1',
    );
    expect(run.status).toBe('failed');
    const [metro]: Row[] = await db.query(
      'SELECT current_diag_run_id FROM metros WHERE slug = $1',
      [METRO],
    );
    expect(metro.current_diag_run_id).toBe(before.current_diag_run_id);
  });
});
