import { Inject, Injectable } from '@nestjs/common';
import { KM_PER_NM, type MotifContext, type Place } from '@platform/maritime-domain';
import { DataSource } from 'typeorm';

/** The alert a case is anchored on, read from the unified feed. */
export interface AnchorRow {
  uid: string;
  source: string;
  source_id: string;
  event_type: string;
  imo: string | null;
  occurred_at: Date;
  severity: string;
  confidence: string;
  metadata: Record<string, unknown>;
}

/** One evidence row as read from its event table, before its location is named. */
export interface RawEvidence {
  kind: string;
  row_id: string;
  source_table: string;
  occurred_at: Date;
  title: string;
  narrative: string;
  confidence: string;
  severity: string;
  lat: number | null;
  lon: number | null;
}

const DAY = "interval '1 day'";

/**
 * Evidence of the seven kinds for one vessel within ±30 days of an instant. Titles and
 * narratives are written here, from the row, so the captured text never changes afterwards.
 * $1 imo, $2 the anchor time.
 */
const EVIDENCE_SQL = `
  SELECT 'dark_event' AS kind, d.id::text AS row_id, 'dark_events' AS source_table, d.occurred_at,
    'AIS dark period' || CASE WHEN d.ended_at IS NULL THEN ' (ongoing)'
      ELSE format(' of %s h', d.gap_hours) END AS title,
    format('Transmissions stopped at %s UTC%s%s.', mar_iso_utc(d.started_at),
      CASE WHEN d.ended_at IS NULL THEN '' ELSE ' and resumed at ' || mar_iso_utc(d.ended_at) || ' UTC' END,
      coalesce(' inside the ' || z.name || ' zone', '')) AS narrative,
    d.confidence::text, d.severity, d.start_lat AS lat, d.start_lon AS lon
  FROM dark_events d LEFT JOIN risk_zones z ON z.id = d.zone_id
  WHERE d.imo = $1 AND d.occurred_at BETWEEN $2::timestamptz - 30 * ${DAY} AND $2::timestamptz + 30 * ${DAY}
  UNION ALL
  SELECT 'spoofing', s.id::text, 'spoofing_alerts', s.occurred_at,
    'AIS spoofing: ' || replace(s.kind, '_', ' '),
    format('Reported as MMSI %s%s%s.', s.mmsi,
      coalesce(format(', implied speed %s kn', round(s.implied_speed_kn::numeric, 1)), ''),
      coalesce(format(' over %s nm', round(s.distance_nm::numeric, 1)), '')),
    s.confidence::text, s.severity, s.lat, s.lon
  FROM spoofing_alerts s
  WHERE s.imo = $1 AND s.occurred_at BETWEEN $2::timestamptz - 30 * ${DAY} AND $2::timestamptz + 30 * ${DAY}
  UNION ALL
  SELECT 'sts_transfer', e.id::text, 'sts_events', e.occurred_at,
    'Ship-to-ship transfer with ' || o.name,
    format('Alongside %s (IMO %s) from %s UTC%s.', o.name, o.imo, mar_iso_utc(e.started_at),
      coalesce(' to ' || mar_iso_utc(e.ended_at) || ' UTC', '')),
    e.confidence::text, e.severity, e.lat, e.lon
  FROM sts_events e JOIN vessels o ON o.imo = CASE WHEN e.imo_a = $1 THEN e.imo_b ELSE e.imo_a END
  WHERE (e.imo_a = $1 OR e.imo_b = $1)
    AND e.occurred_at BETWEEN $2::timestamptz - 30 * ${DAY} AND $2::timestamptz + 30 * ${DAY}
  UNION ALL
  SELECT 'destination_deception', r.id::text, 'route_deceptions', r.occurred_at,
    'Declared ' || dp.name || ', arrived at ' || ap.name,
    format('Declared destination "%s"; the voyage ended at %s, %s nm from the declared port.',
      r.declared_destination, ap.name, round(r.deviation_nm::numeric, 1)),
    r.confidence::text, r.severity, ap.lat, ap.lon
  FROM route_deceptions r JOIN ports dp ON dp.id = r.declared_port_id
    JOIN ports ap ON ap.id = r.actual_port_id
  WHERE r.imo = $1 AND r.occurred_at BETWEEN $2::timestamptz - 30 * ${DAY} AND $2::timestamptz + 30 * ${DAY}
  UNION ALL
  SELECT 'draft_anomaly', a.id::text, 'draft_anomalies', a.occurred_at,
    format('Draft change of %s m at sea', round(a.delta_m::numeric, 1)),
    format('Draft went from %s m to %s m away from any port.',
      round(a.draft_before_m::numeric, 1), round(a.draft_after_m::numeric, 1)),
    a.confidence::text, a.severity, a.lat, a.lon
  FROM draft_anomalies a
  WHERE a.imo = $1 AND a.occurred_at BETWEEN $2::timestamptz - 30 * ${DAY} AND $2::timestamptz + 30 * ${DAY}
  UNION ALL
  SELECT 'lifecycle_change', h.id::text, 'vessel_identity_history', h.changed_at,
    initcap(h.field) || ' changed',
    format('%s changed from %s to %s (%s record).', initcap(h.field),
      coalesce(h.old_value, 'none'), coalesce(h.new_value, 'none'), h.source),
    '1', 'warning', NULL, NULL
  FROM vessel_identity_history h
  WHERE h.imo = $1 AND h.changed_at BETWEEN $2::timestamptz - 30 * ${DAY} AND $2::timestamptz + 30 * ${DAY}
  UNION ALL
  SELECT 'psc_inspection', i.id::text, 'psc_inspections', i.occurred_at,
    'Port state control inspection at ' || p.name || CASE WHEN i.detained THEN ' (detained)' ELSE '' END,
    format('%s inspection on %s UTC: %s deficiencies%s.', upper(replace(i.regime, '_', ' ')),
      mar_iso_utc(i.inspected_at), i.deficiencies,
      CASE WHEN i.detained THEN ', vessel detained' ELSE ', not detained' END),
    i.confidence::text, i.severity, p.lat, p.lon
  FROM psc_inspections i JOIN ports p ON p.id = i.port_id
  WHERE i.imo = $1 AND i.occurred_at BETWEEN $2::timestamptz - 30 * ${DAY} AND $2::timestamptz + 30 * ${DAY}`;

/** Reads what a new case captures: its anchor, the motif facts and the evidence. */
@Injectable()
export class EvidenceRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async anchor(source: string, sourceId: string): Promise<AnchorRow | undefined> {
    const rows = (await this.db.query(
      `SELECT u.uid, u.source, u.source_id::text AS source_id, u.event_type, u.imo::text AS imo,
         u.occurred_at, u.severity, u.metadata,
         CASE WHEN u.source = 'platform'
           THEN (SELECT p.confidence::text FROM platform_alerts p WHERE p.id = u.source_id)
           ELSE u.metadata ->> 'confidence' END AS confidence
       FROM unified_alerts u WHERE u.source = $1 AND u.source_id = $2::bigint`,
      [source, sourceId],
    )) as AnchorRow[];
    return rows[0];
  }

  /** The vessel's newest alert in the unified feed. */
  async latestAnchorId(imo: string): Promise<{ source: string; source_id: string } | undefined> {
    const rows = (await this.db.query(
      `SELECT source, source_id::text AS source_id FROM unified_alerts WHERE imo = $1
       ORDER BY occurred_at DESC, source_id DESC LIMIT 1`,
      [imo],
    )) as { source: string; source_id: string }[];
    return rows[0];
  }

  /** The facts the motif rules need, for the vessel around `at` (a little beyond every window). */
  async motifFacts(imo: string, at: Date): Promise<Omit<MotifContext, 'anchor'>> {
    const window = [imo, at];
    const dark = (await this.db.query(
      `SELECT id::text AS id, started_at, ended_at, zone_id IS NOT NULL AS in_zone FROM dark_events
       WHERE imo = $1 AND started_at BETWEEN $2::timestamptz - 40 * ${DAY} AND $2::timestamptz + 40 * ${DAY}`,
      window,
    )) as { id: string; started_at: Date; ended_at: Date | null; in_zone: boolean }[];
    const times = async (sql: string): Promise<Date[]> =>
      ((await this.db.query(sql, window)) as { t: Date }[]).map((r) => r.t);
    return {
      darkEvents: dark.map((d) => ({
        id: d.id,
        startedAt: d.started_at,
        endedAt: d.ended_at,
        inZone: d.in_zone,
      })),
      stsStarts: await times(
        `SELECT started_at AS t FROM sts_events WHERE (imo_a = $1 OR imo_b = $1)
           AND started_at BETWEEN $2::timestamptz - 40 * ${DAY} AND $2::timestamptz + 40 * ${DAY}`,
      ),
      loiterEnds: await times(
        `SELECT coalesce(ended_at, started_at) AS t FROM locus_alerts WHERE imo = $1
           AND kind = 'loitering'
           AND started_at BETWEEN $2::timestamptz - 40 * ${DAY} AND $2::timestamptz + 40 * ${DAY}`,
      ),
      identityClones: await times(
        `SELECT occurred_at AS t FROM spoofing_alerts WHERE imo = $1 AND kind = 'identity_clone'
           AND occurred_at BETWEEN $2::timestamptz - 5 * ${DAY} AND $2::timestamptz + 5 * ${DAY}`,
      ),
      identityChanges: await times(
        `SELECT changed_at AS t FROM vessel_identity_history WHERE imo = $1
           AND changed_at BETWEEN $2::timestamptz - 31 * ${DAY} AND $2::timestamptz + 31 * ${DAY}`,
      ),
    };
  }

  /** Evidence rows within ±30 days of `at`, oldest first (ties by kind and row id). */
  async evidence(imo: string, at: Date): Promise<RawEvidence[]> {
    return (await this.db.query(
      `SELECT * FROM (${EVIDENCE_SQL}) e ORDER BY occurred_at, kind, row_id::bigint`,
      [imo, at],
    )) as RawEvidence[];
  }

  /** Every port and zone, for naming where an event happened. */
  async places(): Promise<Place[]> {
    const rows = (await this.db.query(
      `SELECT name, 'port' AS kind, lat, lon, 0::float8 AS radius_km FROM ports
       UNION ALL SELECT name, 'zone', lat, lon, radius_km FROM risk_zones
       ORDER BY kind, name`,
    )) as { name: string; kind: 'port' | 'zone'; lat: number; lon: number; radius_km: number }[];
    return rows.map((r) => ({
      name: r.name,
      kind: r.kind,
      lat: r.lat,
      lon: r.lon,
      radius_nm: r.radius_km / KM_PER_NM,
    }));
  }
}
