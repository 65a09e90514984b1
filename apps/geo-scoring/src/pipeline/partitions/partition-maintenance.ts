import { Inject, Injectable } from '@nestjs/common';
import { MonthPartition, PartitionsRepository } from './partitions.repository';

/**
 * Partitioned tables and how long their rows are kept
 * (see docs/geo-scoring/jobs.md#partitions-and-retention).
 */
export const PARTITIONED_TABLES: readonly { parent: string; retention: Retention }[] = [
  { parent: 'activity_events', retention: { days: 400 } },
  { parent: 'score_snapshots', retention: { years: 2 } },
];

export type Retention = { days: number } | { years: number };

/** Months created ahead of today, besides the current one. */
export const MONTHS_AHEAD = 2;

export interface PartitionMaintenanceResult {
  ensured: string[];
  dropped: string[];
}

/**
 * partition-maintain: makes sure the current month and the next two exist (so writes never hit
 * a missing partition at a month boundary) and drops partitions whose whole month is older
 * than the table's retention.
 */
@Injectable()
export class PartitionMaintenance {
  constructor(@Inject(PartitionsRepository) private readonly partitions: PartitionsRepository) {}

  /** `today`: the instant the job runs at (the caller's clock). */
  async run(today: Date): Promise<PartitionMaintenanceResult> {
    const result: PartitionMaintenanceResult = { ensured: [], dropped: [] };
    for (const { parent, retention } of PARTITIONED_TABLES) {
      for (let ahead = 0; ahead <= MONTHS_AHEAD; ahead++) {
        result.ensured.push(await this.partitions.ensureMonth(parent, monthStart(today, ahead)));
      }
      const cutoff = retentionCutoff(today, retention);
      for (const partition of await this.partitions.monthPartitions(parent)) {
        if (isExpired(partition, cutoff)) {
          await this.partitions.drop(partition);
          result.dropped.push(partition.name);
        }
      }
    }
    return result;
  }
}

/** First day (`YYYY-MM-01`) of the UTC month `ahead` months after `today`'s. */
export function monthStart(today: Date, ahead = 0): string {
  const date = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + ahead, 1));
  return date.toISOString().slice(0, 10);
}

/** The oldest day still kept, `YYYY-MM-DD` (UTC). */
export function retentionCutoff(today: Date, retention: Retention): string {
  const date = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  if ('days' in retention) date.setUTCDate(date.getUTCDate() - retention.days);
  else date.setUTCFullYear(date.getUTCFullYear() - retention.years);
  return date.toISOString().slice(0, 10);
}

/** Expired when the month's last day is before the cutoff: no kept day is in it. */
export function isExpired(partition: MonthPartition, cutoff: string): boolean {
  const [year, month] = partition.month.split('-').map(Number) as [number, number];
  const nextMonth = new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
  return nextMonth <= cutoff;
}
