import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface PortRef {
  id: string;
  slug: string;
  name: string;
}

export interface ForecastReadRow {
  id: string;
  port: string;
  port_name: string;
  method: string;
  metric: string;
  issued_on: string;
  target_date: string;
  horizon_days: number;
  predicted: string;
  lower_80: string;
  upper_80: string;
  model_version: string;
}

export interface AccuracySumsRow {
  port_id: string;
  method: string;
  n: number;
  abs_sum: number;
  n_mape: number;
  ape_sum: number | null;
  matches: number;
}

export interface AccuracyFilter {
  portId: string | null;
  method: string | null;
  horizon: number | null;
  /** Target days scored: [from, to], both inclusive. */
  from: string;
  to: string;
}

@Injectable()
export class ForecastsReadRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async ports(slug: string | null): Promise<PortRef[]> {
    return (await this.db.query(
      `SELECT id::text AS id, slug, name FROM ports WHERE $1::text IS NULL OR slug = $1 ORDER BY slug`,
      [slug],
    )) as PortRef[];
  }

  /**
   * The newest issue on or before `today` (with the filters), ordered by target day, then port.
   * Two statements: with the day as a constant the planner walks forecasts_issued for that day
   * only, where a CTE of max() left it scanning every issue (120 ms on the default seed).
   */
  async latestIssue(
    portId: string | null,
    method: string | null,
    today: string,
    limit: number,
  ): Promise<ForecastReadRow[]> {
    const latest = (await this.db.query(
      `SELECT to_char(max(issued_on), 'YYYY-MM-DD') AS day FROM forecasts
       WHERE issued_on <= $3::date AND ($1::bigint IS NULL OR port_id = $1)
         AND ($2::text IS NULL OR method = $2)`,
      [portId, method, today],
    )) as { day: string | null }[];
    const day = latest[0]?.day ?? null;
    if (day === null) return [];
    return (await this.db.query(
      `SELECT f.id::text AS id, p.slug AS port, p.name AS port_name, f.method, f.metric,
              to_char(f.issued_on, 'YYYY-MM-DD') AS issued_on,
              to_char(f.target_date, 'YYYY-MM-DD') AS target_date, f.horizon_days::int AS horizon_days,
              f.predicted, f.lower_80, f.upper_80, f.model_version
       FROM forecasts f JOIN ports p ON p.id = f.port_id
       WHERE f.issued_on = $3::date AND ($1::bigint IS NULL OR f.port_id = $1)
         AND ($2::text IS NULL OR f.method = $2)
       ORDER BY f.target_date, p.slug, f.method LIMIT $4`,
      [portId, method, day, limit],
    )) as ForecastReadRow[];
  }

  /**
   * Per (port, method): n, Σ|pred − actual|, n_mape and Σ|pred − actual|/actual over actual > 0,
   * and direction matches against the actual of the day before each issue. Days without a port
   * call count 0 arrivals.
   */
  async accuracySums(filter: AccuracyFilter): Promise<AccuracySumsRow[]> {
    return (await this.db.query(
      `WITH f AS (
         SELECT port_id, method, issued_on, target_date, predicted::float8 AS predicted
         FROM forecasts
         WHERE target_date BETWEEN $4::date AND $5::date
           AND ($1::bigint IS NULL OR port_id = $1) AND ($2::text IS NULL OR method = $2)
           AND ($3::int IS NULL OR horizon_days = $3)),
       actual AS (
         SELECT port_id, (arrived_at AT TIME ZONE 'UTC')::date AS day, count(*)::float8 AS n
         FROM port_calls
         WHERE arrived_at >= ($4::date - 15)::timestamp AT TIME ZONE 'UTC'
           AND arrived_at < ($5::date + 1)::timestamp AT TIME ZONE 'UTC'
           AND ($1::bigint IS NULL OR port_id = $1)
         GROUP BY 1, 2),
       scored AS (
         SELECT f.port_id, f.method, f.predicted, coalesce(a.n, 0) AS actual, coalesce(b.n, 0) AS base
         FROM f
         LEFT JOIN actual a ON a.port_id = f.port_id AND a.day = f.target_date
         LEFT JOIN actual b ON b.port_id = f.port_id AND b.day = f.issued_on - 1)
       SELECT port_id::text AS port_id, method, count(*)::int AS n,
              sum(abs(predicted - actual)) AS abs_sum,
              count(*) FILTER (WHERE actual > 0)::int AS n_mape,
              sum(abs(predicted - actual) / actual) FILTER (WHERE actual > 0) AS ape_sum,
              count(*) FILTER (WHERE sign(predicted - base) = sign(actual - base))::int AS matches
       FROM scored GROUP BY port_id, method`,
      [filter.portId, filter.method, filter.horizon, filter.from, filter.to],
    )) as AccuracySumsRow[];
  }
}
