import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

/** A monthly partition named `<parent>_pYYYYMM` by geo_ensure_month_partition. */
export interface MonthPartition {
  name: string;
  /** First day of its month, `YYYY-MM-01`. */
  month: string;
}

/** Monthly RANGE partitions of activity_events and score_snapshots. */
@Injectable()
export class PartitionsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** Creates the month's partition of `parent` containing `day` if missing; returns its name. */
  async ensureMonth(parent: string, day: string): Promise<string> {
    const rows = (await this.dataSource.query(
      'SELECT geo_ensure_month_partition($1, $2::date) AS name',
      [parent, day],
    )) as [{ name: string }];
    return rows[0].name;
  }

  /** Partitions of `parent` that follow the monthly naming (others are left alone). */
  async monthPartitions(parent: string): Promise<MonthPartition[]> {
    const rows = (await this.dataSource.query(
      `SELECT c.relname AS name
       FROM pg_inherits i
       JOIN pg_class c ON c.oid = i.inhrelid
       WHERE i.inhparent = to_regclass($1)
       ORDER BY c.relname`,
      [parent],
    )) as { name: string }[];
    const pattern = new RegExp(`^${parent}_p(\\d{4})(\\d{2})$`);
    return rows.flatMap(({ name }) => {
      const match = pattern.exec(name);
      return match ? [{ name, month: `${match[1]}-${match[2]}-01` }] : [];
    });
  }

  /** Drops one partition (its rows go with it: that is the point of partitioning by month). */
  async drop(partition: MonthPartition): Promise<void> {
    await this.dataSource.query(`DROP TABLE IF EXISTS "${partition.name.replace(/"/g, '""')}"`);
  }
}
