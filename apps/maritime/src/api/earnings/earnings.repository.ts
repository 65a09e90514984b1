import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface EarningsRow {
  voyage_id: string;
  imo: string;
  vessel_name: string;
  vessel_type: string;
  origin_port: string;
  destination_port: string;
  departed_at: Date;
  arrived_at: Date;
  route_code: string | null;
  cargo_t: number | null;
  freight_rate_usd_t: number | null;
  revenue_usd: number | null;
  fuel_type: string;
  fuel_t: number;
  bunker_price_usd_t: number | null;
  bunker_cost_usd: number;
  port_dues_usd: number;
  handling_usd: number;
  port_costs_usd: number;
  voyage_days: number;
  tce_usd_day: number | null;
}

export interface PortWeekRow {
  port: string;
  week_start: string;
  calls: number;
  gt_handled: number;
  cargo_tonnes: number;
  dues_usd_per_gt: number;
  handling_usd_per_t: number;
}

@Injectable()
export class EarningsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async portId(slug: string): Promise<string | undefined> {
    const rows = (await this.db.query('SELECT id::text AS id FROM ports WHERE slug = $1', [
      slug,
    ])) as { id: string }[];
    return rows[0]?.id;
  }

  async vesselExists(imo: string): Promise<boolean> {
    const rows = (await this.db.query('SELECT 1 FROM vessels WHERE imo = $1', [imo])) as unknown[];
    return rows.length > 0;
  }

  /** Newest arrival first (the voyage_earnings_arrived index). */
  async earnings(filter: { imo?: string; portId?: string; limit: number }): Promise<EarningsRow[]> {
    return (await this.db.query(
      `SELECT r.voyage_id::text AS voyage_id, r.imo, s.name AS vessel_name, s.vessel_type,
         o.slug AS origin_port, d.slug AS destination_port, v.departed_at, v.arrived_at,
         r.route_code, r.cargo_t, r.freight_rate_usd_t::float8 AS freight_rate_usd_t,
         r.revenue_usd::float8 AS revenue_usd, r.fuel_type, r.fuel_t::float8 AS fuel_t,
         r.bunker_price_usd_t::float8 AS bunker_price_usd_t,
         r.bunker_cost_usd::float8 AS bunker_cost_usd, r.port_dues_usd::float8 AS port_dues_usd,
         r.handling_usd::float8 AS handling_usd, r.port_costs_usd::float8 AS port_costs_usd,
         r.voyage_days::float8 AS voyage_days, r.tce_usd_day::float8 AS tce_usd_day
       FROM voyage_earnings r
       JOIN voyages v ON v.id = r.voyage_id
       JOIN vessels s ON s.imo = r.imo
       JOIN ports o ON o.id = v.origin_port_id
       JOIN ports d ON d.id = v.dest_port_id
       WHERE ($1::text IS NULL OR r.imo = $1)
         AND ($2::bigint IS NULL OR v.origin_port_id = $2 OR v.dest_port_id = $2)
       ORDER BY r.arrived_at DESC, r.voyage_id DESC LIMIT $3`,
      [filter.imo ?? null, filter.portId ?? null, filter.limit],
    )) as EarningsRow[];
  }

  /**
   * Calls per port and ISO week (Monday, UTC) of arrival, up to `until`, newest week first: the
   * calls, the GT of the vessels and the tonnes loaded plus discharged, with the port's tariffs.
   */
  async portWeeks(filter: { portId?: string; until: Date; limit: number }): Promise<PortWeekRow[]> {
    return (await this.db.query(
      `SELECT p.slug AS port,
         date_trunc('week', c.arrived_at AT TIME ZONE 'UTC')::date::text AS week_start,
         count(*)::int AS calls, coalesce(sum(s.gt), 0)::float8 AS gt_handled,
         coalesce(sum(coalesce(c.cargo_loaded_t, 0) + coalesce(c.cargo_discharged_t, 0)), 0)::float8
           AS cargo_tonnes,
         p.dues_usd_per_gt::float8 AS dues_usd_per_gt,
         p.handling_usd_per_t::float8 AS handling_usd_per_t
       FROM port_calls c
       JOIN ports p ON p.id = c.port_id
       JOIN vessels s ON s.imo = c.imo
       WHERE ($1::bigint IS NULL OR c.port_id = $1) AND c.arrived_at <= $2
       GROUP BY p.slug, p.dues_usd_per_gt, p.handling_usd_per_t, 2
       ORDER BY 2 DESC, p.slug LIMIT $3`,
      [filter.portId ?? null, filter.until, filter.limit],
    )) as PortWeekRow[];
  }
}
