import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface PortRef {
  id: string;
  slug: string;
}

export interface FlowRow {
  period: string;
  origin_port: string;
  destination_port: string;
  vessel_type: string;
  voyages: number;
  tonnage_mt: number;
  origin_tonnage_mt: number;
  avg_transit_days: number | null;
}

export interface FlowFilter {
  period: string;
  originId: string | null;
  destinationId: string | null;
  vesselType: string | null;
  limit: number;
}

export interface LaneRow {
  period: string;
  origin: string;
  destination: string;
  tonnage_mt: number;
}

export interface TransitRow {
  chokepoint: string;
  period: string;
  transits: number;
}

export interface DeceptionRow {
  id: string;
  imo: string;
  vessel_name: string;
  declared_destination: string;
  declared_port: string;
  declared_lat: number;
  declared_lon: number;
  actual_port: string;
  actual_lat: number;
  actual_lon: number;
  departed_at: Date;
  arrived_at: Date | null;
  occurred_at: Date;
}

export interface DeceptionFilter {
  imo: string | null;
  portId: string | null;
  since: Date | null;
  until: Date;
  limit: number;
}

@Injectable()
export class TradeRoutesRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async port(slug: string): Promise<PortRef | null> {
    const rows = (await this.db.query('SELECT id::text AS id, slug FROM ports WHERE slug = $1', [
      slug,
    ])) as PortRef[];
    return rows[0] ?? null;
  }

  /** One month's flows, heaviest first; the origin total is taken before the filters. */
  async flows(filter: FlowFilter): Promise<FlowRow[]> {
    return (await this.db.query(
      `WITH f AS (
         SELECT period, origin_port_id, dest_port_id, vessel_type, voyages, tonnage_mt,
           avg_transit_days, sum(tonnage_mt) OVER (PARTITION BY period, origin_port_id) AS origin_total
         FROM route_flows_monthly WHERE period = $1::date)
       SELECT to_char(f.period, 'YYYY-MM') AS period, o.slug AS origin_port,
         d.slug AS destination_port, f.vessel_type, f.voyages, f.tonnage_mt::float8 AS tonnage_mt,
         f.origin_total::float8 AS origin_tonnage_mt, f.avg_transit_days::float8 AS avg_transit_days
       FROM f JOIN ports o ON o.id = f.origin_port_id JOIN ports d ON d.id = f.dest_port_id
       WHERE ($2::bigint IS NULL OR f.origin_port_id = $2)
         AND ($3::bigint IS NULL OR f.dest_port_id = $3)
         AND ($4::text IS NULL OR f.vessel_type = $4)
       ORDER BY f.tonnage_mt DESC, o.slug, d.slug, f.vessel_type LIMIT $5`,
      [
        `${filter.period}-01`,
        filter.originId,
        filter.destinationId,
        filter.vesselType,
        filter.limit,
      ],
    )) as FlowRow[];
  }

  /** Lane tonnage (all vessel types) of the given months. */
  async lanes(periods: readonly string[]): Promise<LaneRow[]> {
    return (await this.db.query(
      `SELECT to_char(f.period, 'YYYY-MM') AS period, o.slug AS origin, d.slug AS destination,
         sum(f.tonnage_mt)::float8 AS tonnage_mt
       FROM route_flows_monthly f JOIN ports o ON o.id = f.origin_port_id
         JOIN ports d ON d.id = f.dest_port_id
       WHERE f.period = ANY($1::date[])
       GROUP BY 1, 2, 3`,
      [periods.map((p) => `${p}-01`)],
    )) as LaneRow[];
  }

  /**
   * Voyages through each chokepoint per departure month, from `fromPeriod` up to and including
   * `toPeriod`. Voyages still under way count with the chokepoints they have already passed.
   */
  async transits(fromPeriod: string, toPeriod: string): Promise<TransitRow[]> {
    return (await this.db.query(
      `SELECT c.chokepoint,
         to_char(date_trunc('month', v.departed_at AT TIME ZONE 'UTC'), 'YYYY-MM') AS period,
         count(DISTINCT v.id)::int AS transits
       FROM voyages v CROSS JOIN LATERAL unnest(v.chokepoints) AS c (chokepoint)
       WHERE v.departed_at >= ($1::date)::timestamp AT TIME ZONE 'UTC'
         AND v.departed_at < (($2::date + interval '1 month')::timestamp) AT TIME ZONE 'UTC'
       GROUP BY 1, 2`,
      [`${fromPeriod}-01`, `${toPeriod}-01`],
    )) as TransitRow[];
  }

  /** Newest detection first. */
  async deceptions(filter: DeceptionFilter): Promise<DeceptionRow[]> {
    return (await this.db.query(
      `SELECT r.id::text AS id, r.imo, v.name AS vessel_name, r.declared_destination,
         dp.slug AS declared_port, dp.lat AS declared_lat, dp.lon AS declared_lon,
         ap.slug AS actual_port, ap.lat AS actual_lat, ap.lon AS actual_lon,
         y.departed_at, y.arrived_at, r.occurred_at
       FROM route_deceptions r JOIN vessels v ON v.imo = r.imo
         JOIN ports dp ON dp.id = r.declared_port_id JOIN ports ap ON ap.id = r.actual_port_id
         JOIN voyages y ON y.id = r.voyage_id
       WHERE ($1::text IS NULL OR r.imo = $1)
         AND ($2::bigint IS NULL OR r.declared_port_id = $2 OR r.actual_port_id = $2)
         AND ($3::timestamptz IS NULL OR r.occurred_at >= $3)
         AND r.occurred_at <= $4
       ORDER BY r.occurred_at DESC, r.id DESC LIMIT $5`,
      [filter.imo, filter.portId, filter.since, filter.until, filter.limit],
    )) as DeceptionRow[];
  }
}
