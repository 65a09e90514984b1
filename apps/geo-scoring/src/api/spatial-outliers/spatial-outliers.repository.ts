import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ClusterType, Quadrant } from '@platform/geo-domain';

/** The current diagnostics run of a metro (metros.current_diag_run_id). */
export interface DiagnosticsRunRow {
  metro_slug: string;
  run_id: string;
  computed_at: Date;
  permutations: number;
  seed: string;
  significance: number;
}

export interface OutlierRow {
  h3_index: string;
  metro_slug: string;
  lat: number;
  lng: number;
  location_name: string | null;
  score_baseline: number;
  experimental_composite: number;
  cluster_type: ClusterType;
  local_moran: number;
  quadrant: Quadrant;
  p_value: number | null;
  q_value: number | null;
  z: number;
  spatial_lag: number;
  neighbors: number;
  persistence: number | null;
  /** Matching rows before LIMIT. */
  total: string;
}

export interface OutlierFilter {
  /** null: every metro. */
  metroSlug: string | null;
  clusterTypes: readonly ClusterType[];
  /** Also require q_value ≤ this (fdr=true); null: no q condition. */
  maxQ: number | null;
  limit: number;
}

/** Reads the current run of each metro only; older runs (kept 7 days) are never listed. */
@Injectable()
export class SpatialOutliersRepository {
  constructor(private readonly dataSource: DataSource) {}

  async currentRuns(metroSlug: string | null): Promise<DiagnosticsRunRow[]> {
    return this.dataSource.query(
      `SELECT m.slug AS metro_slug, r.id::text AS run_id, r.computed_at, r.permutations,
         r.seed::text AS seed, r.significance
       FROM metros m JOIN spatial_diagnostics_runs r ON r.id = m.current_diag_run_id
       WHERE $1::text IS NULL OR m.slug = $1::text
       ORDER BY m.slug`,
      [metroSlug],
    );
  }

  async outliers(filter: OutlierFilter): Promise<OutlierRow[]> {
    return this.dataSource.query(
      `SELECT d.h3_index, d.metro_slug, c.lat, c.lng, c.location_name, d.score_baseline,
         d.experimental_composite, d.cluster_type, d.local_moran, d.quadrant, d.p_value,
         d.q_value, d.z, d.spatial_lag, d.neighbors, d.persistence,
         COUNT(*) OVER ()::text AS total
       FROM metros m
       JOIN spatial_diagnostics d ON d.run_id = m.current_diag_run_id
       JOIN cells c ON c.h3_index = d.h3_index
       WHERE ($1::text IS NULL OR m.slug = $1::text)
         AND d.cluster_type = ANY($2::text[])
         AND ($3::float8 IS NULL OR d.q_value <= $3::float8)
       ORDER BY d.p_value ASC NULLS LAST, abs(d.local_moran) DESC, d.h3_index COLLATE "C"
       LIMIT $4`,
      [filter.metroSlug, filter.clusterTypes, filter.maxQ, filter.limit],
    );
  }
}
