import { Inject, Injectable } from '@nestjs/common';
import {
  CONGESTION_INDEX_MAX,
  CONGESTION_LEVELS,
  CONGESTION_WEIGHTS,
} from '@platform/maritime-domain';
import { DataSource } from 'typeorm';
import { WRITE_SNAPSHOTS_SQL } from './congestion-snapshot.sql';

const HOUR_MS = 3_600_000;

/**
 * Port congestion snapshots (congestion_snapshots), computed from port_calls in one set-based
 * statement (see WRITE_SNAPSHOTS_SQL for the definitions). Writing a snapshot again at the same
 * instant replaces it.
 */
@Injectable()
export class CongestionSnapshotService {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /** Snapshots every port (or the one with slug `portSlug`) at `takenAt`. */
  async snapshot(takenAt: Date, portSlug?: string): Promise<{ ports: number }> {
    return { ports: await this.write(takenAt, takenAt, portSlug ?? null) };
  }

  /**
   * Hourly snapshots of every port over the `days` days before `asOf`: the whole UTC hours t
   * with asOf − days < t + 1 h and t < asOf, i.e. days·24 instants ending at the last whole hour
   * strictly before asOf. What the seed runs, so history is there from the start.
   */
  async backfill(asOf: Date, days: number): Promise<{ rows: number }> {
    if (!Number.isInteger(days) || days < 1)
      throw new RangeError('days must be a whole number ≥ 1');
    const last = Math.floor((asOf.getTime() - 1) / HOUR_MS) * HOUR_MS;
    const first = last - (days * 24 - 1) * HOUR_MS;
    return { rows: await this.write(new Date(first), new Date(last), null) };
  }

  private async write(first: Date, last: Date, portSlug: string | null): Promise<number> {
    const rows = (await this.db.query(WRITE_SNAPSHOTS_SQL, [
      first,
      last,
      portSlug,
      CONGESTION_WEIGHTS.waiting,
      CONGESTION_WEIGHTS.wait,
      CONGESTION_INDEX_MAX,
      CONGESTION_LEVELS.map((band) => band.level),
      CONGESTION_LEVELS.map((band) => band.min),
    ])) as { n: number }[];
    return rows[0]?.n ?? 0;
  }
}
