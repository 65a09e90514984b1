import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { DataSource } from 'typeorm';

export interface DensityRefreshResult {
  refresh_id: number;
  row_count: number;
  window_start: string;
  window_end: string;
}

const ERROR_MAX = 1000;

/**
 * Rebuilds density_daily (the last 30 complete UTC days of positions) without blocking readers:
 * REFRESH ... CONCURRENTLY swaps in the new rows while the route keeps answering from the old.
 * Every run leaves a density_refreshes row: running, then succeeded with the row count and the
 * window the view now covers, or failed with the error. The window follows the database's own
 * date, because that is what the view's definition reads.
 */
@Injectable()
export class DensityRefreshService {
  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async refresh(): Promise<DensityRefreshResult> {
    const started = (await this.db.query(
      `INSERT INTO density_refreshes (started_at, status) VALUES ($1, 'running') RETURNING id::int AS id`,
      [this.clock.now()],
    )) as [{ id: number }];
    const id = started[0].id;
    try {
      await this.db.query('REFRESH MATERIALIZED VIEW CONCURRENTLY density_daily');
      const [done] = (await this.db.query(
        `UPDATE density_refreshes SET status = 'succeeded', finished_at = greatest($2, started_at),
           row_count = (SELECT count(*) FROM density_daily),
           window_start = (now() AT TIME ZONE 'UTC')::date - 30,
           window_end = (now() AT TIME ZONE 'UTC')::date - 1
         WHERE id = $1
         RETURNING row_count, window_start::text AS window_start, window_end::text AS window_end`,
        [id, this.clock.now()],
      )) as [[{ row_count: number; window_start: string; window_end: string }], number];
      return { refresh_id: id, ...done[0] };
    } catch (error: unknown) {
      const message = error instanceof Error ? error.message : String(error);
      await this.db.query(
        `UPDATE density_refreshes SET status = 'failed', finished_at = greatest($2, started_at),
           error = $3 WHERE id = $1`,
        [id, this.clock.now(), message.slice(0, ERROR_MAX)],
      );
      throw error;
    }
  }
}
