import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** One res-5 hexagon of a heatmap: its index and summed weight over the window. */
export interface HeatmapHexRow {
  h3: string;
  weight: number;
}

/**
 * Heatmap SQL (see docs/geo-scoring/analytics.md#heatmaps): only the res-5 daily rollups are read,
 * never raw records, so the cost is ~85 hexes × 90 days whatever the raw volume. Ordered by h3 in
 * byte order (lowercase hex, so numeric order) independent of the database collation.
 */
@Injectable()
export class HeatmapsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Σ event_count per hex over [from, to]; hexes whose window sum is 0 are left out. */
  async activity(from: string, to: string): Promise<HeatmapHexRow[]> {
    const rows: { h3: string; weight: string }[] = await this.dataSource.query(
      `SELECT h3_r5 AS h3, SUM(event_count)::bigint::text AS weight
       FROM activity_daily_r5
       WHERE day BETWEEN $1::date AND $2::date
       GROUP BY h3_r5
       HAVING SUM(event_count) > 0
       ORDER BY h3_r5 COLLATE "C"`,
      [from, to],
    );
    return rows.map((row) => ({ h3: row.h3, weight: Number(row.weight) }));
  }

  /** Σ magnitude_sum per hex over [from, to], for hexes with at least one incident. */
  async crime(from: string, to: string): Promise<HeatmapHexRow[]> {
    const rows: { h3: string; weight: number }[] = await this.dataSource.query(
      `SELECT h3_r5 AS h3, SUM(magnitude_sum)::float8 AS weight
       FROM crime_daily_r5
       WHERE day BETWEEN $1::date AND $2::date
       GROUP BY h3_r5
       HAVING SUM(incident_count) > 0
       ORDER BY h3_r5 COLLATE "C"`,
      [from, to],
    );
    return rows.map((row) => ({ h3: row.h3, weight: Number(row.weight) }));
  }
}
