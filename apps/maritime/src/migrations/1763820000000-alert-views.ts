import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The two read models over the event tables.
 *
 * `unified_alerts`: the UNION ALL of the four alert sources. uid is `<source>:<id>`, source one of
 * platform, dark_event, spoofing_alert, locus_alert. event_type is the platform type,
 * `dark_event`, `spoofing` (the kind is in metadata.kind) or the locus kind. entity_id is the IMO,
 * or for a platform alert without a vessel its own subject (a gauge slug). metadata always holds
 * imo_number and vessel_name when there is a vessel; those keys win over any stored metadata.
 * Read it with ORDER BY occurred_at DESC, source_id DESC: every branch has that index, so a
 * keyset page is a merge of four index scans.
 *
 * `vessel_signals`: the adjudicable signals of a vessel. signal_id is the source row id as text;
 * an STS transfer appears once for each of its two vessels, with the same id.
 */
export class AlertViews1763820000000 implements MigrationInterface {
  name = 'AlertViews1763820000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const statements = [
      // ISO 8601 UTC with milliseconds and Z, the API's timestamp form, for values in metadata.
      `CREATE FUNCTION mar_iso_utc(at timestamptz) RETURNS text
        LANGUAGE sql STABLE STRICT PARALLEL SAFE AS $$
          SELECT to_char(at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
        $$`,
      // Each branch reads one table and looks names up in scalar subqueries rather than joins:
      // a join would keep the branch from being flattened into the union, and the planner would
      // then sort everything instead of merging the four (occurred_at DESC, id DESC) index scans.
      `CREATE VIEW unified_alerts AS
        SELECT 'platform:' || a.id AS uid, 'platform'::text AS source, a.id AS source_id,
          a.product, a.severity, a.title, a.description, a.type AS event_type,
          coalesce(a.imo::text, a.entity_id) AS entity_id, a.imo, a.occurred_at,
          a.metadata || coalesce((SELECT jsonb_build_object('imo_number', v.imo,
            'vessel_name', v.name) FROM vessels v WHERE v.imo = a.imo), '{}') AS metadata
        FROM platform_alerts a
        UNION ALL
        SELECT 'dark_event:' || d.id, 'dark_event', d.id, 'maritime', d.severity,
          'AIS dark period: ' || (SELECT v.name FROM vessels v WHERE v.imo = d.imo),
          format('Stopped transmitting at %s UTC%s%s.',
            to_char(d.started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI'),
            CASE WHEN d.ended_at IS NULL THEN ', still dark'
              ELSE format(', dark for %s h', d.gap_hours) END,
            coalesce(' inside ' || (SELECT z.name FROM risk_zones z WHERE z.id = d.zone_id), '')),
          'dark_event', d.imo::text, d.imo, d.occurred_at,
          coalesce((SELECT jsonb_build_object('zone', z.slug, 'zone_name', z.name,
            'zone_kind', z.kind) FROM risk_zones z WHERE z.id = d.zone_id), '{}')
          || jsonb_build_object('imo_number', d.imo,
            'vessel_name', (SELECT v.name FROM vessels v WHERE v.imo = d.imo),
            'gap_hours', coalesce(d.gap_hours,
              round(extract(epoch FROM now() - d.started_at) / 3600, 2)),
            'ongoing', d.ended_at IS NULL,
            'started_at', mar_iso_utc(d.started_at), 'ended_at', mar_iso_utc(d.ended_at),
            'start_lat', d.start_lat, 'start_lon', d.start_lon,
            'end_lat', d.end_lat, 'end_lon', d.end_lon, 'confidence', d.confidence)
        FROM dark_events d
        UNION ALL
        SELECT 'spoofing_alert:' || s.id, 'spoofing_alert', s.id, 'maritime', s.severity,
          'AIS spoofing (' || replace(s.kind, '_', ' ') || '): '
            || (SELECT v.name FROM vessels v WHERE v.imo = s.imo),
          format('Reported as MMSI %s: %s%s.', s.mmsi, replace(s.kind, '_', ' '),
            coalesce(format(', implied speed %s kn', round(s.implied_speed_kn::numeric, 1)), '')),
          'spoofing', s.imo::text, s.imo, s.occurred_at,
          s.details || jsonb_build_object('imo_number', s.imo,
            'vessel_name', (SELECT v.name FROM vessels v WHERE v.imo = s.imo),
            'kind', s.kind, 'mmsi', s.mmsi, 'implied_speed_kn', s.implied_speed_kn,
            'distance_nm', s.distance_nm, 'lat', s.lat, 'lon', s.lon,
            'confidence', s.confidence)
        FROM spoofing_alerts s
        UNION ALL
        SELECT 'locus_alert:' || l.id, 'locus_alert', l.id, 'maritime', l.severity,
          CASE l.kind WHEN 'port_entry' THEN 'Port entry' WHEN 'port_departure' THEN
            'Port departure' WHEN 'zone_entry' THEN 'Zone entry' WHEN 'loitering' THEN
            'Loitering' WHEN 'sts_transfer' THEN 'Ship-to-ship transfer' ELSE 'Unplanned stop' END
            || ': ' || (SELECT v.name FROM vessels v WHERE v.imo = l.imo)
            || coalesce(' at ' || coalesce((SELECT p.name FROM ports p WHERE p.id = l.port_id),
              (SELECT z.name FROM risk_zones z WHERE z.id = l.zone_id)), ''),
          format('Started %s UTC%s.',
            to_char(l.started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI'),
            coalesce(format(', lasted %s h', l.hours), '')),
          l.kind, l.imo::text, l.imo, l.occurred_at,
          l.metadata
          || coalesce((SELECT jsonb_build_object('port', p.slug, 'port_name', p.name)
            FROM ports p WHERE p.id = l.port_id), '{}')
          || coalesce((SELECT jsonb_build_object('zone', z.slug, 'zone_name', z.name,
            'zone_kind', z.kind) FROM risk_zones z WHERE z.id = l.zone_id), '{}')
          || jsonb_build_object('imo_number', l.imo,
            'vessel_name', (SELECT v.name FROM vessels v WHERE v.imo = l.imo),
            'kind', l.kind, 'sts_event_id', l.sts_event_id, 'hours', l.hours,
            'started_at', mar_iso_utc(l.started_at), 'ended_at', mar_iso_utc(l.ended_at),
            'lat', l.lat, 'lon', l.lon, 'confidence', l.confidence)
        FROM locus_alerts l`,
      `CREATE VIEW vessel_signals AS
        SELECT 'dark_event'::text AS signal_type, d.id::text AS signal_id, d.imo,
          'AIS dark period'
            || CASE WHEN d.ended_at IS NULL THEN ' (ongoing)'
              ELSE format(' of %s h', d.gap_hours) END AS title,
          format('Transmissions stopped at %s UTC%s.',
            to_char(d.started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI'),
            coalesce(' inside ' || z.name, '')) AS summary,
          d.occurred_at AS detected_at, d.severity
        FROM dark_events d LEFT JOIN risk_zones z ON z.id = d.zone_id
        UNION ALL
        SELECT 'spoofing', s.id::text, s.imo,
          'AIS spoofing: ' || replace(s.kind, '_', ' '),
          format('MMSI %s%s%s.', s.mmsi,
            coalesce(format(', implied speed %s kn', round(s.implied_speed_kn::numeric, 1)), ''),
            coalesce(format(' over %s nm', round(s.distance_nm::numeric, 1)), '')),
          s.occurred_at, s.severity
        FROM spoofing_alerts s
        UNION ALL
        SELECT 'sts_transfer', e.id::text, e.imo_a,
          'Ship-to-ship transfer with ' || v.name,
          format('Alongside %s (IMO %s) from %s UTC%s.', v.name, v.imo,
            to_char(e.started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI'),
            coalesce(' in ' || z.name, '')),
          e.occurred_at, e.severity
        FROM sts_events e JOIN vessels v ON v.imo = e.imo_b
          LEFT JOIN risk_zones z ON z.id = e.zone_id
        UNION ALL
        SELECT 'sts_transfer', e.id::text, e.imo_b,
          'Ship-to-ship transfer with ' || v.name,
          format('Alongside %s (IMO %s) from %s UTC%s.', v.name, v.imo,
            to_char(e.started_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI'),
            coalesce(' in ' || z.name, '')),
          e.occurred_at, e.severity
        FROM sts_events e JOIN vessels v ON v.imo = e.imo_a
          LEFT JOIN risk_zones z ON z.id = e.zone_id
        UNION ALL
        SELECT 'destination_deception', r.id::text, r.imo,
          'Declared ' || dp.name || ', arrived at ' || ap.name,
          format('Declared destination "%s"; actual port %s, %s nm from the declared one.',
            r.declared_destination, ap.name, round(r.deviation_nm::numeric, 1)),
          r.occurred_at, r.severity
        FROM route_deceptions r JOIN ports dp ON dp.id = r.declared_port_id
          JOIN ports ap ON ap.id = r.actual_port_id
        UNION ALL
        SELECT 'draft_anomaly', a.id::text, a.imo,
          format('Draft change of %s m at sea', round(a.delta_m::numeric, 1)),
          format('Draft went from %s m to %s m away from any port.',
            round(a.draft_before_m::numeric, 1), round(a.draft_after_m::numeric, 1)),
          a.occurred_at, a.severity
        FROM draft_anomalies a`,
    ];
    for (const statement of statements) await queryRunner.query(statement);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP VIEW vessel_signals, unified_alerts');
    await queryRunner.query('DROP FUNCTION mar_iso_utc(timestamptz)');
  }
}
