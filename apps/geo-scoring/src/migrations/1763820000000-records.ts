import { MigrationInterface, QueryRunner } from 'typeorm';

const POINT = `
  metro_slug text NOT NULL REFERENCES metros (slug) ON DELETE CASCADE,
  lat double precision NOT NULL CHECK (lat BETWEEN -90 AND 90),
  lng double precision NOT NULL CHECK (lng BETWEEN -180 AND 180),
  h3_index text NOT NULL`;

/**
 * Raw records and the rollups kept beside them (see docs/geo-scoring/data-model.md#raw-records,
 * docs/geo-scoring/data-model.md#rollups). activity_events is RANGE-partitioned by month so
 * retention drops whole partitions; its primary key must include the partition key. Rollups are
 * upserted in the ingest transaction and rebuilt by rollup-reconcile.
 */
export class Records1763820000000 implements MigrationInterface {
  name = 'Records1763820000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const statements = [
      `CREATE TABLE activity_events (
        id bigserial,
        occurred_at timestamptz NOT NULL,
        ${POINT},
        h3_r5 text NOT NULL,
        event_type text NOT NULL CHECK (event_type IN ('visit', 'transaction', 'checkin', 'review')),
        source text NOT NULL,
        source_event_id text NOT NULL,
        PRIMARY KEY (id, occurred_at),
        UNIQUE (source, source_event_id, occurred_at)
      ) PARTITION BY RANGE (occurred_at)`,
      'CREATE INDEX activity_events_cell_time ON activity_events (h3_index, occurred_at)',
      'CREATE INDEX activity_events_time ON activity_events USING brin (occurred_at)',
      `CREATE TABLE crime_incidents (
        id bigserial PRIMARY KEY,
        source text NOT NULL,
        source_incident_id text NOT NULL,
        occurred_at timestamptz NOT NULL,
        ${POINT},
        h3_r5 text NOT NULL,
        category text NOT NULL CHECK (category IN ('property', 'violent', 'other')),
        offense text NOT NULL,
        magnitude real NOT NULL CHECK (magnitude >= 0),
        UNIQUE (source, source_incident_id)
      )`,
      'CREATE INDEX crime_incidents_metro_time ON crime_incidents (metro_slug, occurred_at)',
      'CREATE INDEX crime_incidents_cell_time ON crime_incidents (h3_index, occurred_at)',
      `CREATE TABLE permits (
        id text PRIMARY KEY,
        permit_number text NOT NULL,
        permit_type text NOT NULL,
        work_class text NOT NULL CHECK (work_class IN ('residential', 'commercial')),
        value numeric(14, 2) CHECK (value >= 0),
        housing_units integer NOT NULL DEFAULT 0 CHECK (housing_units >= 0),
        address text NOT NULL,
        ${POINT},
        filed_date date NOT NULL,
        issued_date date,
        status text NOT NULL,
        source_loaded_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (metro_slug, permit_number)
      )`,
      'CREATE INDEX permits_metro_filed ON permits (metro_slug, filed_date)',
      'CREATE INDEX permits_cell_filed ON permits (h3_index, filed_date)',
      `CREATE TABLE construction_detections (
        id text PRIMARY KEY,
        source text NOT NULL,
        source_detection_id text NOT NULL,
        ${POINT},
        estimated_area_sqft integer NOT NULL CHECK (estimated_area_sqft >= 0),
        confidence double precision NOT NULL CHECK (confidence BETWEEN 0 AND 1),
        first_detected date NOT NULL,
        last_detected date NOT NULL CHECK (last_detected >= first_detected),
        nearest_permit_id text REFERENCES permits (id) ON DELETE SET NULL,
        nearest_permit_distance_m double precision,
        UNIQUE (source, source_detection_id)
      )`,
      `CREATE INDEX construction_detections_recent
        ON construction_detections (metro_slug, last_detected DESC)`,
      'CREATE INDEX construction_detections_cell ON construction_detections (h3_index)',
      `CREATE TABLE business_licenses (
        id bigserial PRIMARY KEY,
        source_id text NOT NULL,
        business_name text NOT NULL,
        address text NOT NULL,
        ${POINT},
        naics_code varchar(6) CHECK (naics_code ~ '^\\d{2,6}$'),
        pioneer_tier text NOT NULL CHECK (pioneer_tier IN ('Pioneer', 'Advanced', 'Mature',
          'Dormant', 'None')),
        occurred_at timestamptz NOT NULL,
        close_date date,
        source_loaded_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (metro_slug, source_id)
      )`,
      'CREATE INDEX business_licenses_loaded ON business_licenses (source_loaded_at DESC, id DESC)',
      'CREATE INDEX business_licenses_opened ON business_licenses (occurred_at DESC, id DESC)',
      'CREATE INDEX business_licenses_metro ON business_licenses (metro_slug, id DESC)',
      'CREATE INDEX business_licenses_naics ON business_licenses (naics_code text_pattern_ops)',
      'CREATE INDEX business_licenses_address ON business_licenses USING gin (lower(address) gin_trgm_ops)',
      'CREATE INDEX business_licenses_cell ON business_licenses (h3_index)',
      `CREATE TABLE zba_decisions (
        id bigserial PRIMARY KEY,
        jurisdiction text NOT NULL CHECK (jurisdiction IN ('Boston', 'Cambridge', 'Somerville',
          'Newton')),
        case_number text NOT NULL,
        address text NOT NULL,
        lat double precision NOT NULL CHECK (lat BETWEEN -90 AND 90),
        lng double precision NOT NULL CHECK (lng BETWEEN -180 AND 180),
        h3_index text NOT NULL,
        variance_type text NOT NULL,
        outcome text NOT NULL CHECK (outcome IN ('Approved', 'Denied', 'Granted',
          'Granted with Conditions', 'Pending', 'Withdrawn')),
        decision_date date NOT NULL,
        conditions text NOT NULL DEFAULT '',
        source_loaded_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (jurisdiction, case_number)
      )`,
      'CREATE INDEX zba_decisions_decided ON zba_decisions (decision_date DESC, id DESC)',
      `CREATE INDEX zba_decisions_jurisdiction
        ON zba_decisions (jurisdiction, decision_date DESC, id DESC)`,
      `CREATE INDEX zba_decisions_case_address
        ON zba_decisions USING gin (lower(case_number || ' ' || address) gin_trgm_ops)`,
      `CREATE INDEX zba_decisions_variance
        ON zba_decisions USING gin (lower(variance_type) gin_trgm_ops)`,
      'CREATE INDEX zba_decisions_cell ON zba_decisions (h3_index)',
      `CREATE TABLE activity_daily_r5 (
        day date NOT NULL, h3_r5 text NOT NULL,
        event_count integer NOT NULL CHECK (event_count >= 0),
        PRIMARY KEY (day, h3_r5)
      )`,
      `CREATE TABLE activity_daily_r8 (
        metro_slug text NOT NULL, day date NOT NULL, h3_index text NOT NULL,
        visits integer NOT NULL DEFAULT 0, transactions integer NOT NULL DEFAULT 0,
        checkins integer NOT NULL DEFAULT 0, reviews integer NOT NULL DEFAULT 0,
        PRIMARY KEY (metro_slug, day, h3_index)
      )`,
      `CREATE TABLE crime_daily_r5 (
        day date NOT NULL, h3_r5 text NOT NULL,
        incident_count integer NOT NULL, magnitude_sum double precision NOT NULL,
        PRIMARY KEY (day, h3_r5)
      )`,
      `CREATE TABLE crime_daily_r8 (
        metro_slug text NOT NULL, day date NOT NULL, h3_index text NOT NULL,
        category text NOT NULL CHECK (category IN ('property', 'violent', 'other')),
        incident_count integer NOT NULL, magnitude_sum double precision NOT NULL,
        PRIMARY KEY (metro_slug, day, h3_index, category)
      )`,
      'CREATE INDEX crime_daily_r8_cell ON crime_daily_r8 (h3_index, day)',
    ];
    for (const statement of statements) await queryRunner.query(statement);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE crime_daily_r8, crime_daily_r5, activity_daily_r8,
      activity_daily_r5, zba_decisions, business_licenses, construction_detections, permits,
      crime_incidents, activity_events`);
  }
}
