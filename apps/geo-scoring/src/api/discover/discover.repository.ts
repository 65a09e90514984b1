import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface DiscoverFilter {
  metro: string | null;
  compositeMin: number | null;
  businessMin: number | null;
  safetyMin: number | null;
}

export interface DiscoverRow {
  h3_index: string;
  metro_slug: string;
  location_name: string | null;
  composite: number;
  robustness_class: string | null;
  support_stability: number | null;
}

// A null parameter disables its filter; a set signal threshold excludes cells without the signal.
const WHERE = `cs.composite IS NOT NULL
  AND ($1::text IS NULL OR cs.metro_slug = $1)
  AND ($2::float8 IS NULL OR cs.composite >= $2)
  AND ($3::float8 IS NULL OR cs.business_vitality >= $3)
  AND ($4::float8 IS NULL OR cs.safety_environment >= $4)`;

@Injectable()
export class DiscoverRepository {
  constructor(private readonly dataSource: DataSource) {}

  private params(filter: DiscoverFilter): unknown[] {
    return [filter.metro, filter.compositeMin, filter.businessMin, filter.safetyMin];
  }

  async count(filter: DiscoverFilter): Promise<number> {
    const rows: { total: number }[] = await this.dataSource.query(
      `SELECT count(*)::int AS total FROM cell_scores cs WHERE ${WHERE}`,
      this.params(filter),
    );
    return rows[0]?.total ?? 0;
  }

  /** Ordered composite DESC, h3_index (the cell_scores_metro_rank index when a metro is given). */
  page(filter: DiscoverFilter, limit: number): Promise<DiscoverRow[]> {
    return this.dataSource.query(
      `SELECT cs.h3_index, cs.metro_slug, c.location_name, cs.composite, cs.robustness_class,
         cs.support_stability
       FROM cell_scores cs
       JOIN cells c ON c.h3_index = cs.h3_index
       WHERE ${WHERE}
       ORDER BY cs.composite DESC, cs.h3_index
       LIMIT $5`,
      [...this.params(filter), limit],
    );
  }
}
