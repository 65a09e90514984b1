import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface MetroSummaryRow {
  slug: string;
  name: string;
  state: string;
  center_lat: number;
  center_lng: number;
  cell_count: number;
  scored_count: number;
  last_scored_at: Date | null;
}

/** The per-metro aggregates of GET /api/metros. */
@Injectable()
export class MetrosApiRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * scored_count counts cells with a non-null composite: the population that the composite tier
   * distribution and discover see, so Σ buckets = scored_count
   * (see docs/geo-scoring/analytics.md#metro-tier-distribution).
   */
  listWithCounts(): Promise<MetroSummaryRow[]> {
    return this.dataSource.query(
      `SELECT m.slug, m.name, m.state, m.center_lat, m.center_lng,
         COALESCE(c.cell_count, 0)::int AS cell_count,
         COALESCE(s.scored_count, 0)::int AS scored_count,
         s.last_scored_at
       FROM metros m
       LEFT JOIN (SELECT metro_slug, count(*) AS cell_count FROM cells GROUP BY metro_slug) c
         ON c.metro_slug = m.slug
       LEFT JOIN (
         SELECT metro_slug, count(*) FILTER (WHERE composite IS NOT NULL) AS scored_count,
           max(scored_at) AS last_scored_at
         FROM cell_scores GROUP BY metro_slug
       ) s ON s.metro_slug = m.slug
       ORDER BY m.slug`,
    );
  }
}
