import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { DateRange } from '@platform/geo-domain';

export const CRIME_CATEGORIES = ['property', 'violent', 'other'] as const;
export type CrimeCategory = (typeof CRIME_CATEGORIES)[number];

export interface PermitHotspotRow {
  h3_index: string;
  permit_count: number;
  /** Σ value as numeric text; '0' when no permit of the cell has a value. */
  total_value: string;
  /** total_value / permits with a value, rounded to cents; null when none has one. */
  avg_value: string | null;
  top_type: string;
}

export interface CrimeHotspotRow {
  h3_index: string;
  incident_count: number;
  top_category: CrimeCategory;
  /** cell_population.population; null when the cell has no tract. */
  population: number | null;
  /** Incidents in the older and newer trend halves. */
  older: number;
  newer: number;
}

/**
 * Hotspot SQL (see docs/geo-scoring/analytics.md#hotspots). Permits read raw `permits` rows
 * (indexed by metro and filed_date); crime reads only the `crime_daily_r8` rollup. Index order uses
 * COLLATE "C" so ties break in byte (numeric hex) order whatever the database collation.
 */
@Injectable()
export class HotspotsRepository {
  constructor(private readonly dataSource: DataSource) {}

  async permitHotspots(
    metroSlug: string,
    window: DateRange,
    limit: number,
  ): Promise<PermitHotspotRow[]> {
    return this.dataSource.query(
      `WITH windowed AS (
         SELECT h3_index, permit_type, value FROM permits
         WHERE metro_slug = $1 AND filed_date BETWEEN $2::date AND $3::date
       ), top_cells AS (
         SELECT h3_index, COUNT(*)::int AS permit_count,
           COALESCE(SUM(value), 0) AS total_value, COUNT(value) AS valued
         FROM windowed GROUP BY h3_index
         ORDER BY permit_count DESC, total_value DESC, h3_index COLLATE "C"
         LIMIT $4
       ), top_types AS (
         SELECT DISTINCT ON (w.h3_index) w.h3_index, w.permit_type
         FROM windowed w JOIN top_cells USING (h3_index)
         GROUP BY w.h3_index, w.permit_type
         ORDER BY w.h3_index, COUNT(*) DESC, w.permit_type COLLATE "C"
       )
       SELECT c.h3_index, c.permit_count, c.total_value::text AS total_value,
         CASE WHEN c.valued > 0 THEN round(c.total_value / c.valued, 2)::text END AS avg_value,
         t.permit_type AS top_type
       FROM top_cells c JOIN top_types t USING (h3_index)
       ORDER BY c.permit_count DESC, c.total_value DESC, c.h3_index COLLATE "C"`,
      [metroSlug, window.from, window.to, limit],
    );
  }

  /** Σ incident_count of the metro over the window (category filter applied). */
  async crimeTotal(
    metroSlug: string,
    window: DateRange,
    category: CrimeCategory | null,
  ): Promise<number> {
    const [row]: { total: string }[] = await this.dataSource.query(
      `SELECT COALESCE(SUM(incident_count), 0)::bigint::text AS total FROM crime_daily_r8
       WHERE metro_slug = $1 AND day BETWEEN $2::date AND $3::date
         AND ($4::text IS NULL OR category = $4::text)`,
      [metroSlug, window.from, window.to, category],
    );
    return Number(row?.total ?? 0);
  }

  async crimeHotspots(
    metroSlug: string,
    windows: { window: DateRange; older: DateRange; newer: DateRange },
    category: CrimeCategory | null,
    limit: number,
  ): Promise<CrimeHotspotRow[]> {
    const { window, older, newer } = windows;
    return this.dataSource.query(
      `WITH windowed AS (
           SELECT h3_index, day, category, incident_count FROM crime_daily_r8
           WHERE metro_slug = $1 AND day BETWEEN $2::date AND $3::date
             AND ($4::text IS NULL OR category = $4::text) AND incident_count > 0
         ), top_cells AS (
           SELECT h3_index, SUM(incident_count)::int AS incident_count,
             COALESCE(SUM(incident_count) FILTER (WHERE day BETWEEN $6::date AND $7::date), 0)::int
               AS older,
             COALESCE(SUM(incident_count) FILTER (WHERE day BETWEEN $8::date AND $9::date), 0)::int
               AS newer
           FROM windowed GROUP BY h3_index
           ORDER BY incident_count DESC, h3_index COLLATE "C"
           LIMIT $5
         ), top_categories AS (
           -- Most incidents; ties property > violent > other.
           SELECT DISTINCT ON (w.h3_index) w.h3_index, w.category
           FROM windowed w JOIN top_cells USING (h3_index)
           GROUP BY w.h3_index, w.category
           ORDER BY w.h3_index, SUM(w.incident_count) DESC,
             array_position(ARRAY['property', 'violent', 'other'], w.category)
         )
         SELECT c.h3_index, c.incident_count, t.category AS top_category, c.older, c.newer,
           p.population::float8 AS population
         FROM top_cells c JOIN top_categories t USING (h3_index)
         LEFT JOIN cell_population p USING (h3_index)
         ORDER BY c.incident_count DESC, c.h3_index COLLATE "C"`,
      [
        metroSlug,
        window.from,
        window.to,
        category,
        limit,
        older.from,
        older.to,
        newer.from,
        newer.to,
      ],
    );
  }
}
