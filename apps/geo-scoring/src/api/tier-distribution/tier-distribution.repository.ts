import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Tier, tierSqlCase } from '@platform/geo-domain';
import { DISTRIBUTION_SIGNALS, DistributionSignal } from './dto/tier-distribution.query';

export interface TierCount {
  tier: Tier;
  cells: number;
}

@Injectable()
export class TierDistributionRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Cells per tier of one column (null excluded), bucketed in SQL by the shared tier edges. */
  tierCounts(metro: string, signal: DistributionSignal): Promise<TierCount[]> {
    // The column name is interpolated, so it must be one of the known columns, never user text.
    if (!DISTRIBUTION_SIGNALS.includes(signal)) throw new Error(`unknown signal ${signal}`);
    return this.dataSource.query(
      `SELECT ${tierSqlCase(signal)} AS tier, count(*)::int AS cells
       FROM cell_scores
       WHERE metro_slug = $1 AND ${signal} IS NOT NULL
       GROUP BY 1`,
      [metro],
    );
  }
}
