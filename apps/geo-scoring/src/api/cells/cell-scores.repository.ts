import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { SIGNAL_GROUPS, SignalGroup } from '@platform/geo-domain';

/**
 * One current `default`-profile score row with the cell's geography
 * (see docs/geo-scoring/data-model.md#scores).
 */
export type CellScoreRow = {
  h3_index: string;
  metro_slug: string;
  composite: number | null;
  confidence: number;
  robustness_class: string | null;
  support_stability: number | null;
  location_name: string | null;
  scored_at: Date;
  lat: number;
  lng: number;
} & Record<SignalGroup, number | null>;

const SIGNAL_COLUMNS = SIGNAL_GROUPS.map((group) => `cs.${group}`).join(', ');

/**
 * Reads of the current cell_scores rows. Exported for every route that shows a single cell's score
 * (GET /api/cells/{h3Index}, POST /api/cells/similar).
 */
@Injectable()
export class CellScoresRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The score row of a res-8 cell (lowercase hex), or undefined when the cell was never scored. */
  async findScore(h3Index: string): Promise<CellScoreRow | undefined> {
    const rows: CellScoreRow[] = await this.dataSource.query(
      `SELECT cs.h3_index, cs.metro_slug, cs.composite, cs.confidence, ${SIGNAL_COLUMNS},
         cs.robustness_class, cs.support_stability, c.location_name, cs.scored_at, c.lat, c.lng
       FROM cell_scores cs
       JOIN cells c ON c.h3_index = cs.h3_index
       WHERE cs.h3_index = $1`,
      [h3Index],
    );
    return rows[0];
  }
}
