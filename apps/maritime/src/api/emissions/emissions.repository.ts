import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface EmissionsFilter {
  imo?: string;
  vesselType?: string;
  from: Date;
  to: Date;
}

export interface VoyageEmissionsRow {
  voyage_id: string;
  imo: string;
  vessel_name: string;
  vessel_type: string;
  origin_port: string;
  destination_port: string;
  departed_at: Date;
  arrived_at: Date;
  distance_nm: number;
  hours_at_sea: number;
  fuel_type: string;
  fuel_t: number;
  co2_t: number;
  cargo_t: number | null;
  transport_work_tnm: number | null;
  eeoi_g_per_tnm: number | null;
  aer_g_per_dwt_nm: number | null;
}

/** Sums over a group of voyages (a vessel, a vessel type, or the whole filter). */
export interface EmissionsSums {
  key: string;
  vessel_name: string | null;
  vessel_type: string | null;
  dwt: number | null;
  vessels: number;
  voyages: number;
  distance_nm: number;
  hours_at_sea: number;
  fuel_t: number;
  co2_t: number;
  transport_work_tnm: number;
  /** Sum of dwt x distance of each voyage (the AER denominator). */
  dwt_nm: number;
}

export interface VesselYearRow {
  imo: string;
  name: string;
  vessel_type: string;
  flag: string | null;
  dwt: number | null;
  voyages: number;
  distance_nm: number;
  hours_at_sea: number;
  fuel_hfo: number;
  fuel_vlsfo: number;
  fuel_mgo: number;
  fuel_lng: number;
  co2_t: number;
  transport_work_tnm: number;
}

const WHERE = `($1::text IS NULL OR e.imo = $1) AND ($2::text IS NULL OR s.vessel_type = $2)
  AND e.arrived_at >= $3 AND e.arrived_at <= $4`;

const SUMS = `count(DISTINCT e.imo)::int AS vessels, count(*)::int AS voyages,
  coalesce(sum(e.distance_nm), 0)::float8 AS distance_nm,
  coalesce(sum(e.hours_at_sea), 0)::float8 AS hours_at_sea,
  coalesce(sum(e.fuel_t), 0)::float8 AS fuel_t, coalesce(sum(e.co2_t), 0)::float8 AS co2_t,
  coalesce(sum(e.transport_work_tnm), 0)::float8 AS transport_work_tnm,
  coalesce(sum(e.dwt::float8 * e.distance_nm) FILTER (WHERE e.dwt IS NOT NULL), 0)::float8 AS dwt_nm`;

const GROUPS = {
  vessel: {
    key: 'e.imo',
    columns: 'e.imo AS key, s.name AS vessel_name, s.vessel_type, s.dwt',
    groupBy: 'e.imo, s.name, s.vessel_type, s.dwt',
  },
  fleet: {
    key: 's.vessel_type',
    columns: 's.vessel_type AS key, NULL AS vessel_name, s.vessel_type, NULL::int AS dwt',
    groupBy: 's.vessel_type',
  },
} as const;

@Injectable()
export class EmissionsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async vesselExists(imo: string): Promise<boolean> {
    const rows = (await this.db.query('SELECT 1 FROM vessels WHERE imo = $1', [imo])) as unknown[];
    return rows.length > 0;
  }

  private params(filter: EmissionsFilter): unknown[] {
    return [filter.imo ?? null, filter.vesselType ?? null, filter.from, filter.to];
  }

  /** Newest arrival first. */
  async voyages(filter: EmissionsFilter, limit: number): Promise<VoyageEmissionsRow[]> {
    return (await this.db.query(
      `SELECT e.voyage_id::text AS voyage_id, e.imo, s.name AS vessel_name, s.vessel_type,
         o.slug AS origin_port, d.slug AS destination_port, v.departed_at, e.arrived_at,
         e.distance_nm, e.hours_at_sea, e.fuel_type, e.fuel_t::float8 AS fuel_t,
         e.co2_t::float8 AS co2_t, e.cargo_t, e.transport_work_tnm::float8 AS transport_work_tnm,
         e.eeoi_g_per_tnm::float8 AS eeoi_g_per_tnm, e.aer_g_per_dwt_nm::float8 AS aer_g_per_dwt_nm
       FROM voyage_emissions e
       JOIN voyages v ON v.id = e.voyage_id
       JOIN vessels s ON s.imo = e.imo
       JOIN ports o ON o.id = v.origin_port_id
       JOIN ports d ON d.id = v.dest_port_id
       WHERE ${WHERE}
       ORDER BY e.arrived_at DESC, e.voyage_id DESC LIMIT $5`,
      [...this.params(filter), limit],
    )) as VoyageEmissionsRow[];
  }

  /** Per vessel or per vessel type, most CO2 first. */
  async grouped(
    filter: EmissionsFilter,
    group: keyof typeof GROUPS,
    limit: number,
  ): Promise<EmissionsSums[]> {
    const g = GROUPS[group];
    return (await this.db.query(
      `SELECT ${g.columns}, ${SUMS}
       FROM voyage_emissions e JOIN vessels s ON s.imo = e.imo
       WHERE ${WHERE}
       GROUP BY ${g.groupBy}
       ORDER BY co2_t DESC, ${g.key} LIMIT $5`,
      [...this.params(filter), limit],
    )) as EmissionsSums[];
  }

  /** The sums over everything the filter selects. */
  async totals(filter: EmissionsFilter): Promise<EmissionsSums> {
    const rows = (await this.db.query(
      `SELECT 'all' AS key, NULL AS vessel_name, NULL AS vessel_type, NULL::int AS dwt, ${SUMS}
       FROM voyage_emissions e JOIN vessels s ON s.imo = e.imo
       WHERE ${WHERE}`,
      this.params(filter),
    )) as EmissionsSums[];
    return rows[0] as EmissionsSums;
  }

  /** Every vessel's sums over the voyages that arrived in [start, end), for the annual report. */
  async vesselYears(start: Date, end: Date): Promise<VesselYearRow[]> {
    return (await this.db.query(
      `SELECT e.imo, s.name, s.vessel_type, s.flag::text AS flag, s.dwt, count(*)::int AS voyages,
         sum(e.distance_nm)::float8 AS distance_nm, sum(e.hours_at_sea)::float8 AS hours_at_sea,
         coalesce(sum(e.fuel_t) FILTER (WHERE e.fuel_type = 'HFO'), 0)::float8 AS fuel_hfo,
         coalesce(sum(e.fuel_t) FILTER (WHERE e.fuel_type = 'VLSFO'), 0)::float8 AS fuel_vlsfo,
         coalesce(sum(e.fuel_t) FILTER (WHERE e.fuel_type = 'MGO'), 0)::float8 AS fuel_mgo,
         coalesce(sum(e.fuel_t) FILTER (WHERE e.fuel_type = 'LNG'), 0)::float8 AS fuel_lng,
         sum(e.co2_t)::float8 AS co2_t,
         coalesce(sum(e.transport_work_tnm), 0)::float8 AS transport_work_tnm
       FROM voyage_emissions e JOIN vessels s ON s.imo = e.imo
       WHERE e.arrived_at >= $1 AND e.arrived_at < $2
       GROUP BY e.imo, s.name, s.vessel_type, s.flag, s.dwt
       ORDER BY e.imo`,
      [start, end],
    )) as VesselYearRow[];
  }
}
