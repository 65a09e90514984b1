import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Detected events: the four alert sources of the unified feed (platform_alerts, dark_events,
 * spoofing_alerts, locus_alerts) and the other evidence kinds (STS transfers, draft anomalies,
 * route deceptions, PSC inspections), plus river gauges and their daily levels.
 *
 * Every event row carries severity, confidence (0..1) and occurred_at, the detection time. Each
 * alert source has an index on (occurred_at DESC, id DESC) so a keyset page over the union runs
 * as a merge of index scans. Events go with their vessel (ON DELETE CASCADE); a port or zone in
 * use cannot be deleted.
 */
export class Events1763816400000 implements MigrationInterface {
  name = 'Events1763816400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const vesselImo = `imo char(7) NOT NULL REFERENCES vessels (imo) ON DELETE CASCADE
      CHECK (imo_valid(imo))`;
    const detection = `severity text NOT NULL CHECK (severity IN ('critical', 'warning', 'info')),
      confidence numeric(5, 4) NOT NULL CHECK (confidence BETWEEN 0 AND 1),
      occurred_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()`;
    const statements = [
      `CREATE TABLE dark_events (
        id bigserial PRIMARY KEY,
        ${vesselImo},
        started_at timestamptz NOT NULL,
        ended_at timestamptz CHECK (ended_at >= started_at),
        gap_hours numeric(10, 2) GENERATED ALWAYS AS
          (round(extract(epoch FROM ended_at - started_at) / 3600, 2)) STORED,
        start_lat double precision NOT NULL CHECK (start_lat BETWEEN -90 AND 90),
        start_lon double precision NOT NULL CHECK (start_lon BETWEEN -180 AND 180),
        end_lat double precision CHECK (end_lat BETWEEN -90 AND 90),
        end_lon double precision CHECK (end_lon BETWEEN -180 AND 180),
        zone_id bigint REFERENCES risk_zones (id) ON DELETE RESTRICT,
        ${detection}
      )`,
      `COMMENT ON COLUMN dark_events.gap_hours IS
        'hours of a closed gap; null while ongoing, when it is now() - started_at'`,
      'CREATE INDEX dark_events_feed ON dark_events (occurred_at DESC, id DESC)',
      'CREATE INDEX dark_events_imo ON dark_events (imo, occurred_at DESC)',
      'CREATE INDEX dark_events_imo_started ON dark_events (imo, started_at DESC)',
      // A vessel has at most one gap open at a time.
      'CREATE UNIQUE INDEX dark_events_ongoing ON dark_events (imo) WHERE ended_at IS NULL',
      `CREATE TABLE spoofing_alerts (
        id bigserial PRIMARY KEY,
        ${vesselImo},
        mmsi char(9) NOT NULL CHECK (mmsi ~ '^[0-9]{9}$'),
        kind text NOT NULL CHECK (kind IN ('position_jump', 'impossible_speed', 'identity_clone')),
        implied_speed_kn double precision CHECK (implied_speed_kn >= 0),
        distance_nm double precision CHECK (distance_nm >= 0),
        lat double precision CHECK (lat BETWEEN -90 AND 90),
        lon double precision CHECK (lon BETWEEN -180 AND 180),
        details jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(details) = 'object'),
        ${detection}
      )`,
      'CREATE INDEX spoofing_alerts_feed ON spoofing_alerts (occurred_at DESC, id DESC)',
      'CREATE INDEX spoofing_alerts_imo ON spoofing_alerts (imo, occurred_at DESC)',
      `CREATE TABLE sts_events (
        id bigserial PRIMARY KEY,
        imo_a char(7) NOT NULL REFERENCES vessels (imo) ON DELETE CASCADE
          CHECK (imo_valid(imo_a)),
        imo_b char(7) NOT NULL REFERENCES vessels (imo) ON DELETE CASCADE
          CHECK (imo_valid(imo_b)),
        started_at timestamptz NOT NULL,
        ended_at timestamptz CHECK (ended_at >= started_at),
        lat double precision NOT NULL CHECK (lat BETWEEN -90 AND 90),
        lon double precision NOT NULL CHECK (lon BETWEEN -180 AND 180),
        zone_id bigint REFERENCES risk_zones (id) ON DELETE RESTRICT,
        ${detection},
        CHECK (imo_a < imo_b)
      )`,
      `COMMENT ON TABLE sts_events IS 'one row per transfer, the pair stored with imo_a < imo_b'`,
      'CREATE INDEX sts_events_feed ON sts_events (occurred_at DESC, id DESC)',
      'CREATE INDEX sts_events_imo_a ON sts_events (imo_a, occurred_at DESC)',
      'CREATE INDEX sts_events_imo_b ON sts_events (imo_b, occurred_at DESC)',
      `CREATE TABLE locus_alerts (
        id bigserial PRIMARY KEY,
        ${vesselImo},
        kind text NOT NULL CHECK (kind IN ('port_entry', 'port_departure', 'zone_entry',
          'loitering', 'sts_transfer', 'unplanned_stop')),
        port_id bigint REFERENCES ports (id) ON DELETE RESTRICT,
        zone_id bigint REFERENCES risk_zones (id) ON DELETE RESTRICT,
        sts_event_id bigint REFERENCES sts_events (id) ON DELETE CASCADE,
        started_at timestamptz NOT NULL,
        ended_at timestamptz CHECK (ended_at >= started_at),
        hours numeric(8, 2) CHECK (hours >= 0),
        lat double precision CHECK (lat BETWEEN -90 AND 90),
        lon double precision CHECK (lon BETWEEN -180 AND 180),
        metadata jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(metadata) = 'object'),
        ${detection},
        CHECK (kind NOT IN ('port_entry', 'port_departure') OR port_id IS NOT NULL),
        CHECK (kind <> 'zone_entry' OR zone_id IS NOT NULL),
        CHECK ((kind = 'sts_transfer') = (sts_event_id IS NOT NULL))
      )`,
      'CREATE INDEX locus_alerts_feed ON locus_alerts (occurred_at DESC, id DESC)',
      'CREATE INDEX locus_alerts_imo ON locus_alerts (imo, kind, occurred_at DESC)',
      // Each STS transfer writes exactly one locus alert per vessel.
      `CREATE UNIQUE INDEX locus_alerts_sts ON locus_alerts (sts_event_id, imo)
        WHERE sts_event_id IS NOT NULL`,
      `CREATE TABLE draft_anomalies (
        id bigserial PRIMARY KEY,
        ${vesselImo},
        voyage_id bigint REFERENCES voyages (id) ON DELETE SET NULL,
        draft_before_m real NOT NULL CHECK (draft_before_m >= 0),
        draft_after_m real NOT NULL CHECK (draft_after_m >= 0),
        delta_m real GENERATED ALWAYS AS (draft_after_m - draft_before_m) STORED,
        lat double precision NOT NULL CHECK (lat BETWEEN -90 AND 90),
        lon double precision NOT NULL CHECK (lon BETWEEN -180 AND 180),
        ${detection}
      )`,
      'CREATE INDEX draft_anomalies_imo ON draft_anomalies (imo, occurred_at DESC)',
      'CREATE INDEX draft_anomalies_voyage ON draft_anomalies (voyage_id)',
      `CREATE TABLE route_deceptions (
        id bigserial PRIMARY KEY,
        voyage_id bigint NOT NULL UNIQUE REFERENCES voyages (id) ON DELETE CASCADE,
        ${vesselImo},
        declared_destination text NOT NULL,
        declared_port_id bigint NOT NULL REFERENCES ports (id) ON DELETE RESTRICT,
        actual_port_id bigint NOT NULL REFERENCES ports (id) ON DELETE RESTRICT,
        deviation_nm double precision NOT NULL CHECK (deviation_nm >= 0),
        ${detection},
        CHECK (declared_port_id <> actual_port_id)
      )`,
      'CREATE INDEX route_deceptions_imo ON route_deceptions (imo, occurred_at DESC)',
      'CREATE INDEX route_deceptions_actual_port ON route_deceptions (actual_port_id)',
      'CREATE INDEX route_deceptions_recent ON route_deceptions (occurred_at DESC, id DESC)',
      `CREATE TABLE psc_inspections (
        id bigserial PRIMARY KEY,
        ${vesselImo},
        port_id bigint NOT NULL REFERENCES ports (id) ON DELETE RESTRICT,
        inspected_at timestamptz NOT NULL,
        regime text NOT NULL
          CHECK (regime IN ('paris_mou', 'tokyo_mou', 'uscg', 'indian_ocean_mou')),
        deficiencies integer NOT NULL DEFAULT 0 CHECK (deficiencies >= 0),
        detained boolean NOT NULL DEFAULT false,
        ${detection}
      )`,
      'CREATE INDEX psc_inspections_imo ON psc_inspections (imo, inspected_at DESC)',
      `CREATE TABLE platform_alerts (
        id bigserial PRIMARY KEY,
        type text NOT NULL CHECK (type IN ('sanctions_match', 'river_level', 'dark_fleet')),
        product text NOT NULL CHECK (product IN ('maritime', 'supply_chain')),
        imo char(7) REFERENCES vessels (imo) ON DELETE CASCADE CHECK (imo_valid(imo)),
        entity_id text,
        title text NOT NULL,
        description text NOT NULL DEFAULT '',
        metadata jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(metadata) = 'object'),
        dedupe_key text NOT NULL UNIQUE,
        ${detection},
        CHECK ((type = 'river_level') = (product = 'supply_chain')),
        CHECK (type = 'river_level' OR imo IS NOT NULL)
      )`,
      `COMMENT ON COLUMN platform_alerts.entity_id IS
        'subject of an alert that has no vessel, e.g. the river gauge slug'`,
      'CREATE INDEX platform_alerts_feed ON platform_alerts (occurred_at DESC, id DESC)',
      'CREATE INDEX platform_alerts_type ON platform_alerts (type, occurred_at DESC, id DESC)',
      `CREATE INDEX platform_alerts_imo ON platform_alerts (imo, occurred_at DESC)
        WHERE imo IS NOT NULL`,
      `CREATE TABLE river_gauges (
        id bigserial PRIMARY KEY,
        slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9][a-z0-9-]{1,62}$'),
        name text NOT NULL,
        river text NOT NULL,
        country_code char(2) CHECK (country_code ~ '^[A-Z]{2}$'),
        lat double precision CHECK (lat BETWEEN -90 AND 90),
        lon double precision CHECK (lon BETWEEN -180 AND 180),
        low_water_m numeric(6, 2) NOT NULL,
        critical_low_m numeric(6, 2) NOT NULL,
        CHECK (critical_low_m < low_water_m)
      )`,
      `CREATE TABLE river_levels (
        gauge_id bigint NOT NULL REFERENCES river_gauges (id) ON DELETE CASCADE,
        day date NOT NULL,
        level_m numeric(6, 2) NOT NULL,
        PRIMARY KEY (gauge_id, day)
      )`,
    ];
    for (const statement of statements) await queryRunner.query(statement);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE river_levels, river_gauges, platform_alerts,
      psc_inspections, route_deceptions, draft_anomalies, locus_alerts, sts_events,
      spoofing_alerts, dark_events`);
  }
}
