import { Inject, Injectable } from '@nestjs/common';
import type {
  DarkGap,
  GeofenceEvent,
  PortArea,
  PortCall,
  RiskZoneArea,
  SpoofingAlert,
  TrackFix,
} from '@platform/maritime-domain';
import { DataSource, EntityManager } from 'typeorm';

interface FixRow {
  ts: Date;
  lat: number;
  lon: number;
  sog_kn: number | null;
  source: 'terrestrial' | 'satellite';
}

/** Reads tracks and geofences, and writes what the detectors found, idempotently. */
@Injectable()
export class AisDeriveRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async ports(): Promise<PortArea[]> {
    const rows = (await this.db.query(
      'SELECT id::text AS id, lat, lon, port_radius_km, anchorage_radius_km FROM ports',
    )) as {
      id: string;
      lat: number;
      lon: number;
      port_radius_km: number;
      anchorage_radius_km: number;
    }[];
    return rows.map((r) => ({
      id: r.id,
      lat: r.lat,
      lon: r.lon,
      portRadiusKm: r.port_radius_km,
      anchorageRadiusKm: r.anchorage_radius_km,
    }));
  }

  async zones(): Promise<RiskZoneArea[]> {
    const rows = (await this.db.query(
      'SELECT id::text AS id, lat, lon, radius_km, kind FROM risk_zones',
    )) as { id: string; lat: number; lon: number; radius_km: number; kind: string }[];
    return rows.map((r) => ({
      id: r.id,
      lat: r.lat,
      lon: r.lon,
      radiusKm: r.radius_km,
      kind: r.kind,
    }));
  }

  /** A vessel's fixes in [from, to], plus the one fix before `from` (the start of a gap). */
  async track(imo: string, from: Date, to: Date): Promise<TrackFix[]> {
    const rows = (await this.db.query(
      `(SELECT ts, lat, lon, sog_kn, source FROM ais_positions
        WHERE imo = $1 AND ts < $2 ORDER BY ts DESC LIMIT 1)
       UNION ALL
       (SELECT ts, lat, lon, sog_kn, source FROM ais_positions
        WHERE imo = $1 AND ts >= $2 AND ts <= $3 ORDER BY ts)`,
      [imo, from, to],
    )) as FixRow[];
    return rows
      .map((r) => ({ timestamp: r.ts, lat: r.lat, lon: r.lon, sogKn: r.sog_kn, source: r.source }))
      .sort((a, b) => a.timestamp.getTime() - b.timestamp.getTime());
  }

  /** Inserts a gap or, when its start is known, records how it ended. Returns 1 when new. */
  async upsertDarkGap(imo: string, gap: DarkGap, manager: EntityManager): Promise<number> {
    await manager.query(
      `UPDATE dark_events SET ended_at = $3, end_lat = $4, end_lon = $5, severity = $6,
         confidence = $7, zone_id = $8
       WHERE imo = $1 AND started_at = $2
         AND (ended_at IS DISTINCT FROM $3 OR severity IS DISTINCT FROM $6)`,
      [
        imo,
        gap.started_at,
        gap.ended_at,
        gap.end_lat,
        gap.end_lon,
        gap.severity,
        gap.confidence,
        gap.zone_id,
      ],
    );
    const inserted = (await manager.query(
      `INSERT INTO dark_events (imo, started_at, ended_at, start_lat, start_lon, end_lat, end_lon,
         zone_id, severity, confidence, occurred_at)
       SELECT $1, $2, $3, $4, $5, $6, $7, $8::bigint, $9, $10, $11
       WHERE NOT EXISTS (SELECT 1 FROM dark_events WHERE imo = $1 AND started_at = $2)
       RETURNING 1`,
      [
        imo,
        gap.started_at,
        gap.ended_at,
        gap.start_lat,
        gap.start_lon,
        gap.end_lat,
        gap.end_lon,
        gap.zone_id,
        gap.severity,
        gap.confidence,
        gap.occurred_at,
      ],
    )) as unknown[];
    return inserted.length;
  }

  async insertSpoofing(
    imo: string,
    mmsi: string,
    alert: SpoofingAlert,
    manager: EntityManager,
  ): Promise<number> {
    const rows = (await manager.query(
      `INSERT INTO spoofing_alerts (imo, mmsi, kind, implied_speed_kn, distance_nm, lat, lon, details,
         severity, confidence, occurred_at)
       SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11
       WHERE NOT EXISTS (SELECT 1 FROM spoofing_alerts WHERE imo = $1 AND kind = $3 AND occurred_at = $11)
       RETURNING 1`,
      [
        imo,
        mmsi,
        alert.kind,
        alert.implied_speed_kn,
        alert.distance_nm,
        alert.details.to.lat,
        alert.details.to.lon,
        JSON.stringify(alert.details),
        alert.severity,
        alert.confidence,
        alert.occurred_at,
      ],
    )) as unknown[];
    return rows.length;
  }

  async upsertGeofence(imo: string, event: GeofenceEvent, manager: EntityManager): Promise<number> {
    const rows = (await manager.query(
      `INSERT INTO locus_alerts (imo, kind, port_id, zone_id, started_at, ended_at, hours, metadata,
         severity, confidence, occurred_at)
       SELECT $1, $2, $3::bigint, $4::bigint, $5, $6, $7, $8, $9, 0.9, $10
       WHERE NOT EXISTS (SELECT 1 FROM locus_alerts WHERE imo = $1 AND kind = $2 AND started_at = $5
                         AND port_id IS NOT DISTINCT FROM $3::bigint AND zone_id IS NOT DISTINCT FROM $4::bigint)
       RETURNING 1`,
      [
        imo,
        event.kind,
        event.port_id,
        event.zone_id,
        event.started_at,
        event.ended_at,
        event.hours === null ? null : Math.round(event.hours * 100) / 100,
        JSON.stringify(event.metadata),
        event.severity,
        event.occurred_at,
      ],
    )) as unknown[];
    return rows.length;
  }

  /** A call is known by (vessel, port, arrival); later fixes fill in berthing and departure. */
  async upsertPortCall(imo: string, call: PortCall, manager: EntityManager): Promise<number> {
    await manager.query(
      `UPDATE port_calls SET berthed_at = coalesce(berthed_at, $4), departed_at = coalesce(departed_at, $5)
       WHERE imo = $1 AND port_id = $2::bigint AND arrived_at = $3`,
      [imo, call.port_id, call.arrived_at, call.berthed_at, call.departed_at],
    );
    const rows = (await manager.query(
      `INSERT INTO port_calls (imo, port_id, arrived_at, berthed_at, departed_at)
       SELECT $1, $2::bigint, $3, $4, $5
       WHERE NOT EXISTS (SELECT 1 FROM port_calls WHERE imo = $1 AND port_id = $2::bigint AND arrived_at = $3)
         AND ($5::timestamptz IS NOT NULL OR NOT EXISTS
              (SELECT 1 FROM port_calls WHERE imo = $1 AND departed_at IS NULL))
       RETURNING 1`,
      [imo, call.port_id, call.arrived_at, call.berthed_at, call.departed_at],
    )) as unknown[];
    return rows.length;
  }

  async mmsiOf(imo: string): Promise<string | undefined> {
    const rows = (await this.db.query('SELECT mmsi FROM vessels WHERE imo = $1', [imo])) as {
      mmsi: string;
    }[];
    return rows[0]?.mmsi;
  }
}
