import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface CongestionRow {
  port: string;
  port_name: string;
  taken_at: Date;
  congestion_index: number;
  level: string;
  vessels_waiting: number;
  vessels_at_berth: number;
  avg_wait_hours: number | null;
  baseline_waiting: number | null;
  baseline_wait_hours: number | null;
}

export interface CongestionPeriodRow {
  period_start: Date;
  snapshots: number;
  congestion_index: number;
  vessels_waiting: number;
  vessels_at_berth: number;
  avg_wait_hours: number | null;
  baseline_waiting: number | null;
  baseline_wait_hours: number | null;
}

@Injectable()
export class CongestionRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async findPort(slug: string): Promise<{ id: string; slug: string; name: string } | undefined> {
    const rows = (await this.db.query(
      'SELECT id::text AS id, slug, name FROM ports WHERE slug = $1',
      [slug],
    )) as { id: string; slug: string; name: string }[];
    return rows[0];
  }

  /** Each port's (or one port's) newest snapshot taken at or before `until`; most congested first. */
  async latest(portId: string | null, until: Date): Promise<CongestionRow[]> {
    return (await this.db.query(
      `SELECT p.slug AS port, p.name AS port_name, s.taken_at,
              s.congestion_index::float8 AS congestion_index, s.level, s.vessels_waiting,
              s.vessels_at_berth, s.avg_wait_h_7d::float8 AS avg_wait_hours,
              s.baseline_waiting::float8 AS baseline_waiting,
              s.baseline_wait_h::float8 AS baseline_wait_hours
       FROM ports p
       JOIN LATERAL (SELECT * FROM congestion_snapshots cs
                     WHERE cs.port_id = p.id AND cs.taken_at <= $2
                     ORDER BY cs.taken_at DESC LIMIT 1) s ON true
       WHERE $1::bigint IS NULL OR p.id = $1::bigint
       ORDER BY s.congestion_index DESC, p.slug`,
      [portId, until],
    )) as CongestionRow[];
  }

  /**
   * Means per UTC hour or day over the snapshots taken in [from, to), newest period first. Each
   * mean covers the snapshots of its period (one per hour in the regular series).
   */
  async history(
    portId: string,
    from: Date,
    to: Date,
    interval: 'hour' | 'day',
    limit: number,
  ): Promise<CongestionPeriodRow[]> {
    return (await this.db.query(
      `SELECT date_trunc($4, taken_at, 'UTC') AS period_start, count(*)::int AS snapshots,
              round(avg(congestion_index), 1)::float8 AS congestion_index,
              round(avg(vessels_waiting), 2)::float8 AS vessels_waiting,
              round(avg(vessels_at_berth), 2)::float8 AS vessels_at_berth,
              round(avg(avg_wait_h_7d), 2)::float8 AS avg_wait_hours,
              round(avg(baseline_waiting), 2)::float8 AS baseline_waiting,
              round(avg(baseline_wait_h), 2)::float8 AS baseline_wait_hours
       FROM congestion_snapshots
       WHERE port_id = $1::bigint AND taken_at >= $2 AND taken_at < $3
       GROUP BY 1 ORDER BY 1 DESC LIMIT $5`,
      [portId, from, to, interval, limit],
    )) as CongestionPeriodRow[];
  }
}
