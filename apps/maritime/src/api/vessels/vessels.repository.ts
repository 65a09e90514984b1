import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface VesselRow {
  imo: string;
  mmsi: string;
  name: string;
  vessel_type: string;
  flag: string | null;
  build_year: number | null;
  dwt: number | null;
  gt: number | null;
  risk_score: string | null;
  risk_tier: string | null;
}

export interface VesselDetailRow extends VesselRow {
  flag_name: string | null;
  flag_category: string | null;
  length_m: number | null;
  beam_m: number | null;
  design_draft_m: number | null;
  design_speed_kn: number | null;
  fuel_type: string;
  owner_name: string | null;
  manager_name: string | null;
}

export interface PositionRow {
  ts: Date;
  lat: number;
  lon: number;
  h3_r8: string;
  sog_kn: number | null;
  cog_deg: number | null;
  heading: number | null;
  nav_status: number | null;
  draft_m: number | null;
  source: string;
}

export interface VoyageRow {
  id: string;
  origin: string;
  destination: string | null;
  declared_destination: string | null;
  departed_at: Date;
  arrived_at: Date | null;
  status: string;
  distance_nm: number | null;
  hours_at_sea: number | null;
  laden: boolean | null;
  commodity: string | null;
  cargo_t: number | null;
  draft_departure_m: number | null;
  draft_arrival_m: number | null;
  chokepoints: string[];
}

export interface PortCallRow {
  id: string;
  port: string;
  port_name: string;
  voyage_id: string | null;
  arrived_at: Date;
  berthed_at: Date | null;
  departed_at: Date | null;
  draft_arrival_m: number | null;
  draft_departure_m: number | null;
  cargo_loaded_t: number | null;
  cargo_discharged_t: number | null;
}

export interface VesselFilter {
  type?: string;
  flag?: string;
  riskTier?: string;
  namePrefix?: string;
  afterImo?: string;
  limit: number;
}

const SUMMARY = `v.imo, v.mmsi, v.name, v.vessel_type, v.flag, v.build_year, v.dwt, v.gt,
  r.score AS risk_score, r.tier AS risk_tier`;

/** Reads of vessels and their movement history. */
@Injectable()
export class VesselsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /** One page in IMO order (LIMIT limit + 1: the extra row proves a next page). */
  async list(filter: VesselFilter): Promise<VesselRow[]> {
    return (await this.db.query(
      `SELECT ${SUMMARY} FROM vessels v LEFT JOIN vessel_risk_scores r USING (imo)
       WHERE ($1::text IS NULL OR v.vessel_type = $1)
         AND ($2::text IS NULL OR v.flag = $2)
         AND ($3::text IS NULL OR r.tier = $3)
         AND ($4::text IS NULL OR lower(v.name) LIKE $4)
         AND ($5::text IS NULL OR v.imo > $5)
       ORDER BY v.imo LIMIT $6`,
      [
        filter.type ?? null,
        filter.flag ?? null,
        filter.riskTier ?? null,
        filter.namePrefix === undefined ? null : `${escapeLike(filter.namePrefix.toLowerCase())}%`,
        filter.afterImo ?? null,
        filter.limit + 1,
      ],
    )) as VesselRow[];
  }

  async find(imo: string): Promise<VesselDetailRow | undefined> {
    const rows = (await this.db.query(
      `SELECT ${SUMMARY}, f.name AS flag_name, f.category AS flag_category, v.length_m, v.beam_m,
         v.design_draft_m, v.design_speed_kn, v.fuel_type, v.owner_name, v.manager_name
       FROM vessels v LEFT JOIN vessel_risk_scores r USING (imo)
       LEFT JOIN flag_states f ON f.iso2 = v.flag
       WHERE v.imo = $1`,
      [imo],
    )) as VesselDetailRow[];
    return rows[0];
  }

  async exists(imo: string): Promise<boolean> {
    const rows = (await this.db.query('SELECT 1 FROM vessels WHERE imo = $1', [imo])) as unknown[];
    return rows.length > 0;
  }

  /** Positions in [from, to), newest first; the primary key (imo, ts, source) serves it. */
  async positions(imo: string, from: Date, to: Date, limit: number): Promise<PositionRow[]> {
    return (await this.db.query(
      `SELECT ts, lat, lon, h3_r8, sog_kn, cog_deg, heading, nav_status, draft_m, source
       FROM ais_positions WHERE imo = $1 AND ts >= $2 AND ts < $3
       ORDER BY ts DESC, source LIMIT $4`,
      [imo, from, to, limit],
    )) as PositionRow[];
  }

  async latestPosition(imo: string, before: Date): Promise<PositionRow | undefined> {
    const rows = await this.positions(imo, new Date(before.getTime() - 30 * 86_400_000), before, 1);
    return rows[0];
  }

  /** Voyages departed in [since, until], newest first, keyset on (departed_at, id). */
  async voyages(
    imo: string,
    since: Date | null,
    until: Date,
    after: { departedAt: string; id: string } | undefined,
    limit: number,
  ): Promise<VoyageRow[]> {
    return (await this.db.query(
      `SELECT y.id::text AS id, o.slug AS origin, d.slug AS destination, y.declared_destination,
         y.departed_at, y.arrived_at, y.status, y.distance_nm, y.hours_at_sea, y.laden,
         c.slug AS commodity, y.cargo_t, y.draft_departure_m, y.draft_arrival_m, y.chokepoints
       FROM voyages y JOIN ports o ON o.id = y.origin_port_id
       LEFT JOIN ports d ON d.id = y.dest_port_id
       LEFT JOIN commodities c ON c.id = y.commodity_id
       WHERE y.imo = $1 AND ($2::timestamptz IS NULL OR y.departed_at >= $2) AND y.departed_at <= $3
         AND ($4::timestamptz IS NULL OR (y.departed_at, y.id) < ($4, $5::bigint))
       ORDER BY y.departed_at DESC, y.id DESC LIMIT $6`,
      [imo, since, until, after?.departedAt ?? null, after?.id ?? null, limit + 1],
    )) as VoyageRow[];
  }

  /** Port calls of a vessel or a port that began in [since, until], newest first. */
  async portCalls(
    where: { imo: string } | { portId: string },
    since: Date | null,
    until: Date,
    after: { arrivedAt: string; id: string } | undefined,
    limit: number,
  ): Promise<(PortCallRow & { imo: string; vessel_name: string })[]> {
    const byVessel = 'imo' in where;
    return (await this.db.query(
      `SELECT pc.id::text AS id, p.slug AS port, p.name AS port_name, pc.voyage_id::text AS voyage_id,
         pc.imo, v.name AS vessel_name, pc.arrived_at, pc.berthed_at, pc.departed_at,
         pc.draft_arrival_m, pc.draft_departure_m, pc.cargo_loaded_t, pc.cargo_discharged_t
       FROM port_calls pc JOIN ports p ON p.id = pc.port_id JOIN vessels v ON v.imo = pc.imo
       WHERE ${byVessel ? 'pc.imo = $1' : 'pc.port_id = $1::bigint'}
         AND ($2::timestamptz IS NULL OR pc.arrived_at >= $2) AND pc.arrived_at <= $3
         AND ($4::timestamptz IS NULL OR (pc.arrived_at, pc.id) < ($4, $5::bigint))
       ORDER BY pc.arrived_at DESC, pc.id DESC LIMIT $6`,
      [
        byVessel ? where.imo : where.portId,
        since,
        until,
        after?.arrivedAt ?? null,
        after?.id ?? null,
        limit + 1,
      ],
    )) as (PortCallRow & { imo: string; vessel_name: string })[];
  }
}

/** Escapes LIKE's wildcards so a name prefix matches literally. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
