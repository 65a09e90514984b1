import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface VesselRow {
  imo: string;
  name: string;
  mmsi: string | null;
  vessel_type: string;
  dwt: number | null;
  design_draft_m: number | null;
}

export interface SpoofingRow {
  id: string;
  mmsi: string;
  kind: string;
  implied_speed_kn: number | null;
  distance_nm: number | null;
  lat: number | null;
  lon: number | null;
  details: Record<string, unknown>;
  severity: string;
  confidence: string;
  occurred_at: Date;
}

export interface FixRow {
  imo: string;
  ts: Date;
  lat: number;
  lon: number;
  source: string;
}

export interface VoyageRow {
  id: string;
  origin_port_id: string | null;
  origin_port: string | null;
  origin_name: string | null;
  dest_name: string | null;
  departed_at: Date;
  arrived_at: Date | null;
  draft_departure_m: number | null;
  draft_arrival_m: number | null;
  commodity: string | null;
  commodity_name: string | null;
}

export interface RiskRow {
  score: number;
  tier: string;
  tier_override: string | null;
  factors: { factor: string; contribution: number; raw_value?: unknown; raw?: unknown }[];
  computed_at: Date;
}

@Injectable()
export class ExplainabilityRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async vessel(imo: string): Promise<VesselRow | undefined> {
    const rows = (await this.db.query(
      `SELECT imo::text AS imo, name, mmsi::text AS mmsi, vessel_type, dwt::float8 AS dwt,
         design_draft_m::float8 AS design_draft_m FROM vessels WHERE imo = $1`,
      [imo],
    )) as VesselRow[];
    return rows[0];
  }

  /** One spoofing alert of the vessel, or its newest. */
  async spoofing(imo: string, id: string | null): Promise<SpoofingRow | undefined> {
    const rows = (await this.db.query(
      `SELECT id::text AS id, mmsi::text AS mmsi, kind, implied_speed_kn, distance_nm, lat, lon,
         details, severity, confidence::text AS confidence, occurred_at
       FROM spoofing_alerts WHERE imo = $1 AND ($2::bigint IS NULL OR id = $2::bigint)
       ORDER BY occurred_at DESC, id DESC LIMIT 1`,
      [imo, id],
    )) as SpoofingRow[];
    return rows[0];
  }

  /** The vessel's last two fixes at or before `at`, newest first. */
  async fixesBefore(imo: string, at: Date): Promise<FixRow[]> {
    return (await this.db.query(
      `SELECT imo::text AS imo, ts, lat, lon, source FROM ais_positions
       WHERE imo = $1 AND ts <= $2 AND ts >= $2::timestamptz - interval '3 days'
       ORDER BY ts DESC LIMIT 2`,
      [imo, at],
    )) as FixRow[];
  }

  /** Every fix reported under `mmsi` within ±10 minutes of `at`. */
  async sameMmsi(mmsi: string, at: Date): Promise<FixRow[]> {
    return (await this.db.query(
      `SELECT imo::text AS imo, ts, lat, lon, source FROM ais_positions
       WHERE mmsi = $1 AND ts BETWEEN $2::timestamptz - interval '10 minutes'
         AND $2::timestamptz + interval '10 minutes'
       ORDER BY ts, imo, source`,
      [mmsi, at],
    )) as FixRow[];
  }

  /** One voyage of the vessel, or its newest with a departure draft. */
  async voyage(imo: string, id: string | null): Promise<VoyageRow | undefined> {
    const rows = (await this.db.query(
      `SELECT v.id::text AS id, v.origin_port_id::text AS origin_port_id, op.slug AS origin_port,
         op.name AS origin_name, dp.name AS dest_name, v.departed_at, v.arrived_at,
         v.draft_departure_m::float8 AS draft_departure_m, v.draft_arrival_m::float8 AS draft_arrival_m,
         c.slug AS commodity, c.name AS commodity_name
       FROM voyages v LEFT JOIN ports op ON op.id = v.origin_port_id
         LEFT JOIN ports dp ON dp.id = v.dest_port_id LEFT JOIN commodities c ON c.id = v.commodity_id
       WHERE v.imo = $1 AND ($2::bigint IS NULL OR v.id = $2::bigint)
         AND ($2::bigint IS NOT NULL OR v.draft_departure_m IS NOT NULL)
       ORDER BY v.departed_at DESC, v.id DESC LIMIT 1`,
      [imo, id],
    )) as VoyageRow[];
    return rows[0];
  }

  /** What vessels of this type load at this port: the commodity most voyages carried, with counts. */
  async portCommodity(
    portId: string,
    vesselType: string,
  ): Promise<{ commodity: string; name: string; n: number; total: number } | undefined> {
    const rows = (await this.db.query(
      `SELECT c.slug AS commodity, c.name, count(*)::int AS n, (sum(count(*)) OVER ())::int AS total
       FROM voyages v JOIN vessels x ON x.imo = v.imo JOIN commodities c ON c.id = v.commodity_id
       WHERE v.origin_port_id = $1 AND x.vessel_type = $2
       GROUP BY c.slug, c.name ORDER BY n DESC, c.slug LIMIT 1`,
      [portId, vesselType],
    )) as { commodity: string; name: string; n: number; total: number }[];
    return rows[0];
  }

  async risk(imo: string): Promise<RiskRow | undefined> {
    const rows = (await this.db.query(
      `SELECT score::float8 AS score, tier, tier_override, factors, computed_at
       FROM vessel_risk_scores WHERE imo = $1`,
      [imo],
    )) as RiskRow[];
    return rows[0];
  }
}
