import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Reference data and geography (see docs/geo-scoring/data-model.md#reference-and-geography):
 * metros, their res-8 cells, named locations, Census tracts and the cell/tract population split,
 * commuter flows, ports. Also the helper that creates monthly partitions, used by later migrations,
 * ingestion, the seed and partition-maintain.
 */
export class Geography1763812800000 implements MigrationInterface {
  name = 'Geography1763812800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const statements = [
      // Creates the month's partition of a RANGE-partitioned table if missing. The advisory lock
      // makes two concurrent callers (replicas, ingest batches) wait instead of one failing.
      `CREATE FUNCTION geo_ensure_month_partition(parent text, day date) RETURNS text
        LANGUAGE plpgsql AS $$
        DECLARE
          first_day date := date_trunc('month', day)::date;
          partition_name text := parent || '_p' || to_char(first_day, 'YYYYMM');
        BEGIN
          PERFORM pg_advisory_xact_lock(hashtext(partition_name));
          IF to_regclass(partition_name) IS NULL THEN
            EXECUTE format(
              'CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)',
              partition_name, parent,
              to_char(first_day, 'YYYY-MM-DD') || ' 00:00:00+00',
              to_char((first_day + interval '1 month')::date, 'YYYY-MM-DD') || ' 00:00:00+00');
          END IF;
          RETURN partition_name;
        END $$`,
      `CREATE TABLE metros (
        slug text PRIMARY KEY CHECK (slug ~ '^[a-z]{2,10}$'),
        name text NOT NULL,
        state text NOT NULL,
        center_lat double precision NOT NULL CHECK (center_lat BETWEEN -90 AND 90),
        center_lng double precision NOT NULL CHECK (center_lng BETWEEN -180 AND 180),
        radius_km double precision NOT NULL CHECK (radius_km > 0 AND radius_km <= 200),
        exclude_polygons jsonb NOT NULL DEFAULT '[]'::jsonb,
        county_fips text[] NOT NULL DEFAULT '{}',
        current_diag_run_id bigint
      )`,
      `CREATE TABLE cells (
        h3_index text PRIMARY KEY CHECK (h3_index ~ '^[0-9a-f]{15}$'),
        metro_slug text NOT NULL REFERENCES metros (slug) ON DELETE CASCADE,
        lat double precision NOT NULL,
        lng double precision NOT NULL,
        h3_r7 text NOT NULL,
        h3_r5 text NOT NULL,
        location_name text
      )`,
      'CREATE INDEX cells_metro ON cells (metro_slug, h3_index)',
      'CREATE INDEX cells_r7 ON cells (h3_r7)',
      'CREATE INDEX cells_r5 ON cells (h3_r5)',
      `CREATE TABLE named_locations (
        id bigserial PRIMARY KEY,
        metro_slug text NOT NULL REFERENCES metros (slug) ON DELETE CASCADE,
        name text NOT NULL,
        kind text NOT NULL CHECK (kind IN ('neighborhood', 'suburb', 'park', 'landmark',
          'transit_station', 'employment_center')),
        lat double precision NOT NULL,
        lng double precision NOT NULL,
        h3_index text NOT NULL,
        UNIQUE (metro_slug, kind, name)
      )`,
      'CREATE INDEX named_locations_cell ON named_locations (h3_index)',
      `CREATE TABLE tracts (
        geoid char(11) PRIMARY KEY CHECK (geoid ~ '^\\d{11}$'),
        metro_slug text NOT NULL REFERENCES metros (slug) ON DELETE CASCADE,
        name text NOT NULL,
        county_name text NOT NULL,
        state_abbr char(2) NOT NULL,
        population integer NOT NULL CHECK (population >= 0),
        population_5y_ago integer NOT NULL CHECK (population_5y_ago >= 0),
        median_household_income double precision,
        pct_bachelors double precision CHECK (pct_bachelors BETWEEN 0 AND 100),
        jobs integer NOT NULL DEFAULT 0 CHECK (jobs >= 0),
        lat double precision NOT NULL,
        lng double precision NOT NULL
      )`,
      'CREATE INDEX tracts_metro ON tracts (metro_slug)',
      `CREATE TABLE cell_tracts (
        h3_index text NOT NULL REFERENCES cells (h3_index) ON DELETE CASCADE,
        geoid char(11) NOT NULL REFERENCES tracts (geoid) ON DELETE CASCADE,
        weight real NOT NULL CHECK (weight > 0 AND weight <= 1),
        PRIMARY KEY (h3_index, geoid)
      )`,
      'CREATE INDEX cell_tracts_tract ON cell_tracts (geoid)',
      // Residents per cell: each tract's population split by the cell's share of it.
      `CREATE MATERIALIZED VIEW cell_population AS
        SELECT ct.h3_index, SUM(t.population * ct.weight)::double precision AS population
        FROM cell_tracts ct JOIN tracts t USING (geoid)
        GROUP BY ct.h3_index`,
      'CREATE UNIQUE INDEX cell_population_cell ON cell_population (h3_index)',
      `CREATE TABLE commuter_flows (
        year smallint NOT NULL CHECK (year BETWEEN 2000 AND 2100),
        home_geoid char(11) NOT NULL CHECK (home_geoid ~ '^\\d{11}$'),
        work_geoid char(11) NOT NULL CHECK (work_geoid ~ '^\\d{11}$'),
        workers integer NOT NULL CHECK (workers > 0),
        PRIMARY KEY (year, home_geoid, work_geoid)
      )`,
      'CREATE INDEX commuter_flows_inbound ON commuter_flows (year, work_geoid, workers DESC)',
      'CREATE INDEX commuter_flows_outbound ON commuter_flows (year, home_geoid, workers DESC)',
      `CREATE TABLE ports (
        slug text PRIMARY KEY CHECK (slug ~ '^[a-z0-9][a-z0-9-]{1,62}$'),
        name text NOT NULL,
        unlocode char(5) NOT NULL,
        lat double precision NOT NULL,
        lng double precision NOT NULL
      )`,
      `CREATE TABLE port_volumes (
        port_slug text NOT NULL REFERENCES ports (slug) ON DELETE CASCADE,
        month date NOT NULL CHECK (extract(day FROM month) = 1),
        teu integer NOT NULL CHECK (teu >= 0),
        vessel_calls integer NOT NULL CHECK (vessel_calls >= 0),
        source_loaded_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (port_slug, month)
      )`,
    ];
    for (const statement of statements) await queryRunner.query(statement);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE port_volumes, ports, commuter_flows`);
    await queryRunner.query('DROP MATERIALIZED VIEW cell_population');
    await queryRunner.query('DROP TABLE cell_tracts, tracts, named_locations, cells, metros');
    await queryRunner.query('DROP FUNCTION geo_ensure_month_partition(text, date)');
  }
}
