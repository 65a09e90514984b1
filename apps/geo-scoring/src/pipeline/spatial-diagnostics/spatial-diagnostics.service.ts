// The spatial-diagnostics job body (see docs/geo-scoring/spatial-diagnostics.md#runs), run per
// metro after each score refresh: compute over the metro's current res-8 composites, then insert
// the rows, mark the run succeeded and swap metros.current_diag_run_id in one transaction, so
// readers never see a half-written run. The seed runs it in-process
// (SpatialDiagnosticsModule.withOptions).
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SpatialDiagnosticsRepository } from './spatial-diagnostics.repository';
import { computeSpatialDiagnostics, DEFAULT_SIGNIFICANCE } from '@platform/geo-domain';

export interface SpatialDiagnosticsOptions {
  /** R (config MORAN_PERMUTATIONS). */
  permutations: number;
  /** config MORAN_SEED. */
  seed: number;
}

/** Injection token of the run's SpatialDiagnosticsOptions (see SpatialDiagnosticsModule). */
export const SPATIAL_DIAGNOSTICS_OPTIONS = Symbol('SpatialDiagnosticsOptions');

export interface SpatialDiagnosticsRunResult {
  runId: string;
  /** Scored cells in the run (= rows written). */
  n: number;
  /** Rows with a cluster_type (quadrant clusters and TDA donuts). */
  clusters: number;
}

@Injectable()
export class SpatialDiagnosticsService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(SpatialDiagnosticsRepository) private readonly repository: SpatialDiagnosticsRepository,
    @Inject(SPATIAL_DIAGNOSTICS_OPTIONS) private readonly options: SpatialDiagnosticsOptions,
  ) {}

  async run(metroSlug: string, scoreRunId: string | null): Promise<SpatialDiagnosticsRunResult> {
    const runId = await this.repository.startRun({
      metroSlug,
      scoreRunId,
      permutations: this.options.permutations,
      seed: this.options.seed,
      significance: DEFAULT_SIGNIFICANCE,
    });
    try {
      const cells = await this.repository.loadCells(metroSlug);
      const rows = computeSpatialDiagnostics({
        metroSlug,
        cells,
        permutations: this.options.permutations,
        seed: this.options.seed,
        significance: DEFAULT_SIGNIFICANCE,
      });
      await this.dataSource.transaction(async (manager) => {
        const repository = this.repository.withTransaction(manager);
        await repository.insertRows(runId, metroSlug, rows);
        await repository.publishRun(runId, metroSlug, rows.length);
      });
      return {
        runId,
        n: rows.length,
        clusters: rows.filter((r) => r.cluster_type !== null).length,
      };
    } catch (error) {
      await this.repository.failRun(runId);
      throw error;
    }
  }
}
