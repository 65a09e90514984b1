import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reference data (ports, flags, vessels, zones, commodities) and movement (AIS positions, ingest
 * batches, voyages, port calls), with `imo_valid`, the IMO check-digit rule every IMO column of the
 * schema is checked against.
 *
 * Reference rows are referenced ON DELETE RESTRICT: a port, flag or commodity still in use cannot
 * disappear. Rows that belong to a vessel go with it (ON DELETE CASCADE).
 *
 * `ais_positions` is partitioned by UTC day so that retention drops whole partitions. It has no
 * foreign keys: the seed COPYs millions of rows and a per-row key check (with its row lock on the
 * vessel) would dominate that time, ingest writes positions only for vessels it has just looked
 * up, and vessels are never deleted.
 */
export class ReferenceMovement1763812800000 implements MigrationInterface {
  name = 'ReferenceMovement1763812800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const vesselTypes = `'bulk_carrier', 'tanker', 'container', 'lng_carrier', 'chemical_tanker',
      'general_cargo', 'cargo', 'passenger', 'fishing', 'service', 'other'`;
    const statements = [
      // Seven digits whose last is (7·d1 + 6·d2 + 5·d3 + 4·d4 + 3·d5 + 2·d6) mod 10. A NULL
      // answers NULL (both operands of AND are NULL), so a CHECK on a nullable column lets it
      // pass. ascii() never raises on a non-digit, which the pattern then refuses. Not STRICT and
      // a single expression, so the planner inlines it: a CHECK on millions of COPYed positions
      // then costs well under a microsecond a row instead of a function call each.
      `CREATE FUNCTION imo_valid(imo text) RETURNS boolean
        LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
          SELECT imo ~ '^[0-9]{7}$'
            AND (7 * (ascii(substr(imo, 1, 1)) - 48) + 6 * (ascii(substr(imo, 2, 1)) - 48)
              + 5 * (ascii(substr(imo, 3, 1)) - 48) + 4 * (ascii(substr(imo, 4, 1)) - 48)
              + 3 * (ascii(substr(imo, 5, 1)) - 48) + 2 * (ascii(substr(imo, 6, 1)) - 48)) % 10
              = ascii(substr(imo, 7, 1)) - 48
        $$`,
      `CREATE TABLE ports (
        id bigserial PRIMARY KEY,
        slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9][a-z0-9-]{1,62}$'),
        name text NOT NULL,
        unlocode char(5) NOT NULL UNIQUE CHECK (unlocode ~ '^[A-Z]{2}[A-Z2-9]{3}$'),
        country_code char(2) NOT NULL CHECK (country_code ~ '^[A-Z]{2}$'),
        country_name text NOT NULL,
        lat double precision NOT NULL CHECK (lat BETWEEN -90 AND 90),
        lon double precision NOT NULL CHECK (lon BETWEEN -180 AND 180),
        h3_r8 text NOT NULL CHECK (h3_r8 ~ '^[0-9a-f]{15}$'),
        port_radius_km double precision NOT NULL DEFAULT 8 CHECK (port_radius_km > 0),
        anchorage_radius_km double precision NOT NULL DEFAULT 25,
        dues_usd_per_gt numeric(10, 4) NOT NULL DEFAULT 0 CHECK (dues_usd_per_gt >= 0),
        handling_usd_per_t numeric(10, 4) NOT NULL DEFAULT 0 CHECK (handling_usd_per_t >= 0),
        aliases text[] NOT NULL DEFAULT '{}',
        CHECK (anchorage_radius_km >= port_radius_km)
      )`,
      'CREATE INDEX ports_aliases ON ports USING gin (aliases)',
      `CREATE TABLE flag_states (
        iso2 char(2) PRIMARY KEY CHECK (iso2 ~ '^[A-Z]{2}$'),
        name text NOT NULL,
        category text NOT NULL
          CHECK (category IN ('sanctioned', 'high_risk', 'open_registry', 'standard')),
        mids integer[] NOT NULL DEFAULT '{}' CHECK (200 <= ALL (mids) AND 799 >= ALL (mids))
      )`,
      'CREATE INDEX flag_states_mids ON flag_states USING gin (mids)',
      `CREATE TABLE vessels (
        imo char(7) PRIMARY KEY CHECK (imo_valid(imo)),
        mmsi char(9) NOT NULL UNIQUE CHECK (mmsi ~ '^[2-7][0-9]{8}$'),
        name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 120),
        vessel_type text NOT NULL CHECK (vessel_type IN (${vesselTypes})),
        flag char(2) REFERENCES flag_states (iso2) ON DELETE RESTRICT,
        build_year smallint CHECK (build_year BETWEEN 1900 AND 2100),
        dwt integer CHECK (dwt > 0),
        gt integer CHECK (gt > 0),
        length_m double precision CHECK (length_m > 0),
        beam_m double precision CHECK (beam_m > 0),
        design_draft_m double precision CHECK (design_draft_m > 0),
        design_speed_kn double precision CHECK (design_speed_kn > 0),
        design_fuel_t_day double precision CHECK (design_fuel_t_day > 0),
        fuel_type text NOT NULL DEFAULT 'VLSFO' CHECK (fuel_type IN ('HFO', 'VLSFO', 'MGO', 'LNG')),
        owner_name text,
        manager_name text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`,
      'CREATE INDEX vessels_type_build ON vessels (vessel_type, build_year)',
      'CREATE INDEX vessels_name ON vessels (lower(name))',
      'CREATE INDEX vessels_name_trgm ON vessels USING gin (lower(name) gin_trgm_ops)',
      `CREATE TABLE vessel_identity_history (
        id bigserial PRIMARY KEY,
        imo char(7) NOT NULL REFERENCES vessels (imo) ON DELETE CASCADE CHECK (imo_valid(imo)),
        field text NOT NULL CHECK (field IN ('name', 'flag', 'mmsi')),
        old_value text,
        new_value text,
        changed_at timestamptz NOT NULL,
        source text NOT NULL CHECK (source IN ('seed', 'ais')),
        CHECK (old_value IS DISTINCT FROM new_value)
      )`,
      'CREATE INDEX vessel_identity_history_imo ON vessel_identity_history (imo, changed_at)',
      `CREATE INDEX vessel_identity_history_former
        ON vessel_identity_history (field, old_value)`,
      `CREATE TABLE risk_zones (
        id bigserial PRIMARY KEY,
        slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9][a-z0-9-]{1,62}$'),
        name text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('sanctions_area', 'sts_hotspot', 'high_risk')),
        lat double precision NOT NULL CHECK (lat BETWEEN -90 AND 90),
        lon double precision NOT NULL CHECK (lon BETWEEN -180 AND 180),
        radius_km double precision NOT NULL CHECK (radius_km > 0)
      )`,
      `CREATE TABLE commodities (
        id bigserial PRIMARY KEY,
        slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z][a-z0-9_]{1,62}$'),
        name text NOT NULL,
        hs_code text CHECK (hs_code ~ '^[0-9]{2,10}$')
      )`,
      `CREATE TABLE ais_ingest_batches (
        id bigserial PRIMARY KEY,
        received_at timestamptz NOT NULL,
        lines integer NOT NULL DEFAULT 0 CHECK (lines >= 0),
        decoded integer NOT NULL DEFAULT 0 CHECK (decoded >= 0),
        rejected integer NOT NULL DEFAULT 0 CHECK (rejected >= 0),
        positions_inserted integer NOT NULL DEFAULT 0 CHECK (positions_inserted >= 0),
        static_updates integer NOT NULL DEFAULT 0 CHECK (static_updates >= 0),
        unmatched_mmsi integer NOT NULL DEFAULT 0 CHECK (unmatched_mmsi >= 0),
        reject_reasons jsonb NOT NULL DEFAULT '{}' CHECK (jsonb_typeof(reject_reasons) = 'object'),
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
      'CREATE INDEX ais_ingest_batches_created ON ais_ingest_batches (created_at DESC)',
      `CREATE TABLE ais_positions (
        imo char(7) NOT NULL CHECK (imo_valid(imo)),
        mmsi char(9) NOT NULL CHECK (mmsi ~ '^[2-7][0-9]{8}$'),
        ts timestamptz NOT NULL,
        lat double precision NOT NULL CHECK (lat BETWEEN -90 AND 90),
        lon double precision NOT NULL CHECK (lon BETWEEN -180 AND 180),
        h3_r8 text NOT NULL CHECK (char_length(h3_r8) = 15),
        sog_kn real CHECK (sog_kn >= 0 AND sog_kn < 102.3),
        cog_deg real CHECK (cog_deg >= 0 AND cog_deg < 360),
        heading smallint CHECK (heading BETWEEN 0 AND 359),
        nav_status smallint CHECK (nav_status BETWEEN 0 AND 15),
        draft_m real CHECK (draft_m >= 0 AND draft_m <= 25.5),
        source text NOT NULL CHECK (source IN ('terrestrial', 'satellite')),
        batch_id bigint,
        PRIMARY KEY (imo, ts, source)
      ) PARTITION BY RANGE (ts)`,
      // Catches rows of a day whose partition does not exist yet; mar_ensure_day_partition moves
      // them out when it creates that day.
      'CREATE TABLE ais_positions_default PARTITION OF ais_positions DEFAULT',
      // Creates a UTC day's partition `ais_positions_pYYYYMMDD` if missing and returns its name.
      // The advisory lock makes concurrent callers for the same day wait instead of failing. A
      // partition cannot be created while the default partition holds rows of its range, so the
      // new table is built detached, those rows are moved into it, and it is attached. Writes
      // to the default partition are held off (SHARE ROW EXCLUSIVE) meanwhile, so no row of the
      // day can slip in between the move and the attach. Creating a partition locks the default
      // one until commit, so call it in its own short transaction before writing the day's rows;
      // for an existing partition it only checks and returns.
      `CREATE FUNCTION mar_ensure_day_partition(day date) RETURNS text
        LANGUAGE plpgsql AS $$
        DECLARE
          partition_name text := 'ais_positions_p' || to_char(day, 'YYYYMMDD');
          lower_bound timestamptz := day::timestamp AT TIME ZONE 'UTC';
          upper_bound timestamptz := (day + 1)::timestamp AT TIME ZONE 'UTC';
        BEGIN
          IF day IS NULL THEN
            RAISE EXCEPTION 'mar_ensure_day_partition: day is null';
          END IF;
          PERFORM pg_advisory_xact_lock(hashtext(partition_name));
          IF to_regclass(partition_name) IS NOT NULL THEN
            RETURN partition_name;
          END IF;
          LOCK TABLE ais_positions_default IN SHARE ROW EXCLUSIVE MODE;
          EXECUTE format(
            'CREATE TABLE %I (LIKE ais_positions INCLUDING DEFAULTS INCLUDING CONSTRAINTS)',
            partition_name);
          EXECUTE format(
            'WITH moved AS (DELETE FROM ais_positions_default WHERE ts >= $1 AND ts < $2
               RETURNING *)
             INSERT INTO %I SELECT * FROM moved', partition_name)
            USING lower_bound, upper_bound;
          EXECUTE format(
            'ALTER TABLE ais_positions ATTACH PARTITION %I FOR VALUES FROM (%L) TO (%L)',
            partition_name,
            to_char(day, 'YYYY-MM-DD') || ' 00:00:00+00',
            to_char(day + 1, 'YYYY-MM-DD') || ' 00:00:00+00');
          RETURN partition_name;
        END $$`,
      // Retention: drops every day partition before `before_day` (UTC) and returns the dropped
      // names, oldest first. Rows of those days left in the default partition are deleted too.
      `CREATE FUNCTION mar_drop_day_partitions_before(before_day date) RETURNS SETOF text
        LANGUAGE plpgsql AS $$
        DECLARE
          partition_name text;
        BEGIN
          FOR partition_name IN
            SELECT c.relname::text FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
            WHERE i.inhparent = 'ais_positions'::regclass
              AND c.relname ~ '^ais_positions_p[0-9]{8}$'
              AND to_date(substr(c.relname, 16), 'YYYYMMDD') < before_day
            ORDER BY c.relname
          LOOP
            PERFORM pg_advisory_xact_lock(hashtext(partition_name));
            EXECUTE format('DROP TABLE IF EXISTS %I', partition_name);
            RETURN NEXT partition_name;
          END LOOP;
          DELETE FROM ais_positions_default
          WHERE ts < before_day::timestamp AT TIME ZONE 'UTC';
        END $$`,
      `CREATE TABLE ais_unmatched (
        id bigserial PRIMARY KEY,
        batch_id bigint REFERENCES ais_ingest_batches (id) ON DELETE CASCADE,
        mmsi char(9) NOT NULL CHECK (mmsi ~ '^[0-9]{9}$'),
        ts timestamptz NOT NULL,
        lat double precision CHECK (lat BETWEEN -90 AND 90),
        lon double precision CHECK (lon BETWEEN -180 AND 180),
        sog_kn real CHECK (sog_kn >= 0),
        cog_deg real CHECK (cog_deg >= 0 AND cog_deg < 360),
        heading smallint CHECK (heading BETWEEN 0 AND 359),
        nav_status smallint CHECK (nav_status BETWEEN 0 AND 15),
        source text NOT NULL CHECK (source IN ('terrestrial', 'satellite')),
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
      'CREATE INDEX ais_unmatched_mmsi ON ais_unmatched (mmsi, ts DESC)',
      'CREATE INDEX ais_unmatched_created ON ais_unmatched (created_at)',
      `CREATE TABLE voyages (
        id bigserial PRIMARY KEY,
        imo char(7) NOT NULL REFERENCES vessels (imo) ON DELETE CASCADE CHECK (imo_valid(imo)),
        origin_port_id bigint NOT NULL REFERENCES ports (id) ON DELETE RESTRICT,
        dest_port_id bigint REFERENCES ports (id) ON DELETE RESTRICT,
        declared_destination text,
        declared_port_id bigint REFERENCES ports (id) ON DELETE RESTRICT,
        departed_at timestamptz NOT NULL,
        arrived_at timestamptz,
        status text NOT NULL DEFAULT 'underway' CHECK (status IN ('underway', 'completed')),
        distance_nm double precision CHECK (distance_nm >= 0),
        hours_at_sea double precision CHECK (hours_at_sea >= 0),
        laden boolean,
        commodity_id bigint REFERENCES commodities (id) ON DELETE RESTRICT,
        cargo_t double precision CHECK (cargo_t >= 0),
        draft_departure_m real CHECK (draft_departure_m >= 0),
        draft_arrival_m real CHECK (draft_arrival_m >= 0),
        h3_sequence text[] NOT NULL DEFAULT '{}' CHECK (cardinality(h3_sequence) <= 256),
        chokepoints text[] NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((status = 'completed') = (arrived_at IS NOT NULL AND dest_port_id IS NOT NULL)),
        CHECK (arrived_at >= departed_at)
      )`,
      'CREATE INDEX voyages_imo_departed ON voyages (imo, departed_at DESC)',
      'CREATE INDEX voyages_dest_arrived ON voyages (dest_port_id, arrived_at)',
      'CREATE INDEX voyages_origin_departed ON voyages (origin_port_id, departed_at)',
      // At most one voyage under way per vessel; also the partial index on under-way voyages.
      `CREATE UNIQUE INDEX voyages_underway ON voyages (imo) WHERE status = 'underway'`,
      `CREATE INDEX voyages_completed_arrived ON voyages (arrived_at) WHERE status = 'completed'`,
      `CREATE TABLE port_calls (
        id bigserial PRIMARY KEY,
        imo char(7) NOT NULL REFERENCES vessels (imo) ON DELETE CASCADE CHECK (imo_valid(imo)),
        port_id bigint NOT NULL REFERENCES ports (id) ON DELETE RESTRICT,
        voyage_id bigint REFERENCES voyages (id) ON DELETE SET NULL,
        arrived_at timestamptz NOT NULL,
        berthed_at timestamptz,
        departed_at timestamptz,
        draft_arrival_m real CHECK (draft_arrival_m >= 0),
        draft_departure_m real CHECK (draft_departure_m >= 0),
        cargo_loaded_t double precision CHECK (cargo_loaded_t >= 0),
        cargo_discharged_t double precision CHECK (cargo_discharged_t >= 0),
        created_at timestamptz NOT NULL DEFAULT now(),
        CHECK (berthed_at >= arrived_at),
        CHECK (departed_at >= coalesce(berthed_at, arrived_at))
      )`,
      'CREATE INDEX port_calls_port_arrived ON port_calls (port_id, arrived_at)',
      'CREATE INDEX port_calls_imo_arrived ON port_calls (imo, arrived_at)',
      'CREATE INDEX port_calls_voyage ON port_calls (voyage_id)',
      // A vessel is in at most one port at a time.
      'CREATE UNIQUE INDEX port_calls_open ON port_calls (imo) WHERE departed_at IS NULL',
      `COMMENT ON COLUMN port_calls.voyage_id IS 'the voyage that arrived with this call'`,
      `COMMENT ON COLUMN port_calls.arrived_at IS 'when the vessel entered the anchorage radius'`,
    ];
    for (const statement of statements) await queryRunner.query(statement);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE port_calls, voyages, ais_unmatched');
    await queryRunner.query('DROP FUNCTION mar_drop_day_partitions_before(date)');
    await queryRunner.query('DROP FUNCTION mar_ensure_day_partition(date)');
    await queryRunner.query(`DROP TABLE ais_positions, ais_ingest_batches, commodities,
      risk_zones, vessel_identity_history, vessels, flag_states, ports`);
    await queryRunner.query('DROP FUNCTION imo_valid(text)');
  }
}
