// SQL of the spatial-diagnostics job (see docs/geo-scoring/spatial-diagnostics.md#runs): the
// metro's current res-8 scores in, one run with its rows out. Rows are written with one unnest()
// statement.
import { Injectable } from '@nestjs/common';
import { rowsOf } from '@platform/database';
import type { SpatialDiagnosticsCell, SpatialDiagnosticsRow } from '@platform/geo-domain';
import { TransactionalRepository } from '../../platform/database/transactional-repository';

@Injectable()
export class SpatialDiagnosticsRepository extends TransactionalRepository {
  async loadCells(metroSlug: string): Promise<SpatialDiagnosticsCell[]> {
    const rows = await rowsOf<{ h3_index: string; composite: number; confidence: number }>(
      this.db,
      `SELECT h3_index, composite, confidence FROM cell_scores
       WHERE metro_slug = $1 AND composite IS NOT NULL
       ORDER BY h3_index`,
      [metroSlug],
    );
    return rows.map((r) => ({
      h3Index: r.h3_index,
      composite: r.composite,
      confidence: r.confidence,
    }));
  }

  async startRun(run: {
    metroSlug: string;
    scoreRunId: string | null;
    permutations: number;
    seed: number;
    significance: number;
  }): Promise<string> {
    const [row] = await rowsOf<{ id: string }>(
      this.db,
      `INSERT INTO spatial_diagnostics_runs (metro_slug, score_run_id, variable, permutations, seed,
         significance, status)
       VALUES ($1, $2, 'composite', $3, $4, $5, 'running') RETURNING id`,
      [run.metroSlug, run.scoreRunId, run.permutations, run.seed, run.significance],
    );
    return String(row.id);
  }

  async insertRows(
    runId: string,
    metroSlug: string,
    rows: readonly SpatialDiagnosticsRow[],
  ): Promise<void> {
    if (rows.length === 0) return;
    const column = <K extends keyof SpatialDiagnosticsRow>(key: K): SpatialDiagnosticsRow[K][] =>
      rows.map((r) => r[key]);
    await this.db.query(
      `INSERT INTO spatial_diagnostics (run_id, h3_index, metro_slug, score_baseline,
         experimental_composite, local_moran, z, spatial_lag, quadrant, p_value, q_value,
         cluster_type, neighbors, persistence)
       SELECT $1, u.h3_index, $2, u.score_baseline, u.experimental_composite, u.local_moran, u.z,
         u.spatial_lag, u.quadrant, u.p_value, u.q_value, u.cluster_type, u.neighbors,
         u.persistence
       FROM unnest($3::text[], $4::float8[], $5::float8[], $6::float8[], $7::float8[],
         $8::float8[], $9::text[], $10::float8[], $11::float8[], $12::text[], $13::int2[],
         $14::float8[])
         AS u(h3_index, score_baseline, experimental_composite, local_moran, z, spatial_lag,
           quadrant, p_value, q_value, cluster_type, neighbors, persistence)`,
      [
        runId,
        metroSlug,
        column('h3_index'),
        column('score_baseline'),
        column('experimental_composite'),
        column('local_moran'),
        column('z'),
        column('spatial_lag'),
        column('quadrant'),
        column('p_value'),
        column('q_value'),
        column('cluster_type'),
        column('neighbors'),
        column('persistence'),
      ],
    );
  }

  /** Marks the run succeeded and makes it the metro's current run (same transaction). */
  async publishRun(runId: string, metroSlug: string, n: number): Promise<void> {
    await this.db.query(
      `UPDATE spatial_diagnostics_runs SET status = 'succeeded', n = $2, computed_at = now()
       WHERE id = $1`,
      [runId, n],
    );
    await this.db.query('UPDATE metros SET current_diag_run_id = $1 WHERE slug = $2', [
      runId,
      metroSlug,
    ]);
  }

  async failRun(runId: string): Promise<void> {
    await this.db.query(
      `UPDATE spatial_diagnostics_runs SET status = 'failed', computed_at = now() WHERE id = $1`,
      [runId],
    );
  }
}
