import { Injectable } from '@nestjs/common';
import { MetrosRepository } from '../metros/metros.repository';
import { ClusterType, DEFAULT_SIGNIFICANCE } from '@platform/geo-domain';
import { SpatialDiagnosticsQuery } from './dto/spatial-diagnostics.query';
import {
  DiagnosticsRunMeta,
  SpatialDiagnosticsMeta,
  SpatialDiagnosticsResponse,
} from './dto/spatial-diagnostics.response';
import { DiagnosticsRunRow, SpatialOutliersRepository } from './spatial-outliers.repository';

/** Without `type` the route lists the spatial outliers proper (HL, LH), never donuts or HH/LL. */
export const DEFAULT_CLUSTER_TYPES: readonly ClusterType[] = ['HL', 'LH'];

/** The value shared by every run, or null when they differ (or there is none). */
function common<T>(values: readonly T[]): T | null {
  return values.length > 0 && values.every((v) => v === values[0]) ? values[0] : null;
}

function metaOf(runs: readonly DiagnosticsRunRow[]): SpatialDiagnosticsMeta {
  const listed: DiagnosticsRunMeta[] = runs.map((run) => ({
    metro_slug: run.metro_slug,
    run_id: run.run_id,
    computed_at: new Date(run.computed_at).toISOString(),
    permutations: run.permutations,
    seed: Number(run.seed),
  }));
  const newest =
    listed
      .map((run) => run.computed_at)
      .sort()
      .at(-1) ?? null;
  return {
    run_id: listed.length === 1 ? listed[0].run_id : null,
    computed_at: newest,
    permutations: common(listed.map((run) => run.permutations)),
    seed: common(listed.map((run) => run.seed)),
    significance: DEFAULT_SIGNIFICANCE,
    runs: listed,
  };
}

@Injectable()
export class SpatialOutliersService {
  constructor(
    private readonly repository: SpatialOutliersRepository,
    private readonly metros: MetrosRepository,
  ) {}

  async outliers(query: SpatialDiagnosticsQuery): Promise<SpatialDiagnosticsResponse> {
    const metroSlug = query.metro_slug ?? null;
    if (metroSlug !== null) await this.metros.require(metroSlug);
    const [runs, rows] = await Promise.all([
      this.repository.currentRuns(metroSlug),
      this.repository.outliers({
        metroSlug,
        clusterTypes: query.type === undefined ? DEFAULT_CLUSTER_TYPES : [query.type],
        maxQ: query.fdr === true ? DEFAULT_SIGNIFICANCE : null,
        limit: query.limit,
      }),
    ]);
    return {
      total: rows.length > 0 ? Number(rows[0].total) : 0,
      outliers: rows.map((row) => ({
        h3_index: row.h3_index,
        metro_slug: row.metro_slug,
        lat: row.lat,
        lng: row.lng,
        location_name: row.location_name,
        score_baseline: row.score_baseline,
        experimental_composite: row.experimental_composite,
        spatial_diagnostics: {
          cluster_type: row.cluster_type,
          local_moran: row.local_moran,
          quadrant: row.quadrant,
          p_value: row.p_value,
          q_value: row.q_value,
          z: row.z,
          spatial_lag: row.spatial_lag,
          neighbors: row.neighbors,
          // Stored for every cell with a complete ring; reported for donuts only.
          persistence: row.cluster_type === 'TDA_DONUT' ? row.persistence : null,
        },
      })),
      meta: metaOf(runs),
    };
  }
}
