import { Inject, Injectable } from '@nestjs/common';
import { addUtcDays } from '@platform/clock';
import { MaritimeConfig } from '@platform/config';
import { DataSource } from 'typeorm';

export interface PartitionsResult {
  ensured: string[];
  dropped: string[];
}

/** Days ahead of today that always have a partition, so ingest never writes to the default. */
const DAYS_AHEAD = 7;

/**
 * Keeps ais_positions' daily partitions: today up to seven days ahead exist, partitions older
 * than AIS_RETENTION_DAYS are dropped whole (no row-by-row delete).
 */
@Injectable()
export class PartitionsService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(MaritimeConfig) private readonly config: MaritimeConfig,
  ) {}

  async maintain(today: string): Promise<PartitionsResult> {
    const ensured: string[] = [];
    for (let d = 0; d <= DAYS_AHEAD; d += 1) {
      const [row] = (await this.db.query('SELECT mar_ensure_day_partition($1::date) AS name', [
        addUtcDays(today, d),
      ])) as { name: string }[];
      if (row) ensured.push(row.name);
    }
    const dropped = (
      (await this.db.query('SELECT mar_drop_day_partitions_before($1::date) AS name', [
        addUtcDays(today, -this.config.AIS_RETENTION_DAYS),
      ])) as { name: string }[]
    ).map((row) => row.name);
    return { ensured, dropped };
  }
}
