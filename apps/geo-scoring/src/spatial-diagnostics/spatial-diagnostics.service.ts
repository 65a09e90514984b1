// The spatial-diagnostics job body (design 2.5), run per metro after each score refresh:
// compute over the metro's current res-8 composites, then insert the rows, mark the run
// succeeded and swap metros.current_diag_run_id in one transaction, so readers never see a
// half-written run. Constructible without Nest (the seed runs it in-process).
import { DataSource } from 'typeorm';
import { SpatialDiagnosticsRepository } from './spatial-diagnostics.repository';
import { computeSpatialDiagnostics, DEFAULT_SIGNIFICANCE } from './spatial-diagnostics';

export interface SpatialDiagnosticsOptions {
  /** R (config MORAN_PERMUTATIONS). */
  permutations: number;
  /** config MORAN_SEED. */
  seed: number;
}

export interface SpatialDiagnosticsRunResult {
  runId: string;
  /** Scored cells in the run (= rows written). */
  n: number;
  /** Rows with a cluster_type (quadrant clusters and TDA donuts). */
  clusters: number;
}

export class SpatialDiagnosticsService {
  private readonly repository = new SpatialDiagnosticsRepository();

  constructor(
    private readonly dataSource: DataSource,
    private readonly options: SpatialDiagnosticsOptions,
  ) {}

  async run(metroSlug: string, scoreRunId: string | null): Promise<SpatialDiagnosticsRunResult> {
    const runId = await this.repository.startRun(this.dataSource, {
      metroSlug,
      scoreRunId,
      permutations: this.options.permutations,
      seed: this.options.seed,
      significance: DEFAULT_SIGNIFICANCE,
    });
    try {
      const cells = await this.repository.loadCells(this.dataSource, metroSlug);
      const rows = computeSpatialDiagnostics({
        metroSlug,
        cells,
        permutations: this.options.permutations,
        seed: this.options.seed,
        significance: DEFAULT_SIGNIFICANCE,
      });
      await this.dataSource.transaction(async (manager) => {
        await this.repository.insertRows(manager, runId, metroSlug, rows);
        await this.repository.publishRun(manager, runId, metroSlug, rows.length);
      });
      return {
        runId,
        n: rows.length,
        clusters: rows.filter((r) => r.cluster_type !== null).length,
      };
    } catch (error) {
      await this.repository.failRun(this.dataSource, runId);
      throw error;
    }
  }
}
