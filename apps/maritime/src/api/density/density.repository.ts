import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface DensityCellRow {
  h3_r8: string;
  positions_count: number;
  unique_vessels: number;
}

@Injectable()
export class DensityRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /** The day's busiest cells of one type; the (day, vessel_type, positions_count DESC) index. */
  async cells(day: string, vesselType: string, limit: number): Promise<DensityCellRow[]> {
    return (await this.db.query(
      `SELECT h3_r8, positions_count, unique_vessels FROM density_daily
       WHERE day = $1::date AND vessel_type = $2
       ORDER BY positions_count DESC, h3_r8 LIMIT $3`,
      [day, vesselType, limit],
    )) as DensityCellRow[];
  }
}
