import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Market and registry data: bunker prices, freight rates, trade flows, sanctions lists and their
 * matches, P&I clubs and cover, synthetic insurance claims, port congestion snapshots, crop
 * regions and their NDVI composites.
 *
 * Units: `_mt` columns are million metric tonnes, `_t` metric tonnes, USD amounts numeric with 2
 * decimals. Reference rows in use cannot be deleted (ON DELETE RESTRICT); a vessel's rows go with it.
 */
export class MarketData1763823600000 implements MigrationInterface {
  name = 'MarketData1763823600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const vesselTypes = `'bulk_carrier', 'tanker', 'container', 'lng_carrier', 'chemical_tanker',
      'general_cargo', 'cargo', 'passenger', 'fishing', 'service', 'other'`;
    const vesselImo = `imo char(7) NOT NULL REFERENCES vessels (imo) ON DELETE CASCADE
      CHECK (imo_valid(imo))`;
    const statements = [
      `CREATE TABLE bunker_prices (
        day date NOT NULL,
        fuel_type text NOT NULL CHECK (fuel_type IN ('HFO', 'VLSFO', 'MGO', 'LNG')),
        usd_per_t numeric(10, 2) NOT NULL CHECK (usd_per_t > 0),
        PRIMARY KEY (day, fuel_type)
      )`,
      // source 'index' is the published benchmark (submitted_by null); anything else was posted
      // through the API by the owner in submitted_by. Only index rates feed earnings.
      `CREATE TABLE freight_rates (
        id bigserial PRIMARY KEY,
        vessel_type text NOT NULL CHECK (vessel_type IN (${vesselTypes})),
        route_code text NOT NULL CHECK (route_code ~ '^[A-Z0-9_:-]{2,32}$'),
        origin_port_id bigint REFERENCES ports (id) ON DELETE RESTRICT,
        dest_port_id bigint REFERENCES ports (id) ON DELETE RESTRICT,
        rate_value numeric(12, 2) NOT NULL CHECK (rate_value > 0 AND rate_value <= 10000000),
        rate_unit text NOT NULL CHECK (rate_unit IN ('usd_per_t', 'usd_per_day', 'usd_per_feu')),
        assessed_on date NOT NULL,
        source text NOT NULL DEFAULT 'user' CHECK (source ~ '^[a-z][a-z0-9_]{0,31}$'),
        submitted_by text,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (vessel_type, route_code, assessed_on, source),
        CHECK ((source = 'index') = (submitted_by IS NULL))
      )`,
      `CREATE INDEX freight_rates_latest
        ON freight_rates (vessel_type, route_code, assessed_on DESC)`,
      'CREATE INDEX freight_rates_recent ON freight_rates (assessed_on DESC, id DESC)',
      `CREATE TABLE trade_flows (
        id bigserial PRIMARY KEY,
        exporter text NOT NULL,
        importer text NOT NULL,
        commodity_id bigint NOT NULL REFERENCES commodities (id) ON DELETE RESTRICT,
        period smallint NOT NULL CHECK (period BETWEEN 1950 AND 2100),
        exported_mt numeric(16, 6) CHECK (exported_mt >= 0),
        imported_mt numeric(16, 6) CHECK (imported_mt >= 0),
        value_usd numeric(16, 2) CHECK (value_usd >= 0),
        UNIQUE (exporter, importer, commodity_id, period),
        CHECK (exporter <> importer)
      )`,
      'CREATE INDEX trade_flows_importer ON trade_flows (importer, period)',
      'CREATE INDEX trade_flows_period ON trade_flows (period, commodity_id)',
      `CREATE TABLE sanctions_lists (
        id bigserial PRIMARY KEY,
        source text NOT NULL CHECK (source IN ('ofac_sdn', 'eu_consolidated', 'uk_ofsi', 'un_sc')),
        name text NOT NULL,
        published_at timestamptz NOT NULL,
        imported_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (source, published_at)
      )`,
      // Entries may name vessels outside the fleet, so imo has no foreign key.
      `CREATE TABLE sanctions_entries (
        id bigserial PRIMARY KEY,
        list_id bigint NOT NULL REFERENCES sanctions_lists (id) ON DELETE CASCADE,
        entity_name text NOT NULL,
        entity_type text NOT NULL CHECK (entity_type IN ('vessel', 'company')),
        imo char(7) CHECK (imo_valid(imo)),
        mmsi char(9) CHECK (mmsi ~ '^[0-9]{9}$'),
        vessel_name text,
        name_norm text NOT NULL,
        program text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
      'CREATE INDEX sanctions_entries_list ON sanctions_entries (list_id)',
      'CREATE INDEX sanctions_entries_imo ON sanctions_entries (imo) WHERE imo IS NOT NULL',
      'CREATE INDEX sanctions_entries_mmsi ON sanctions_entries (mmsi) WHERE mmsi IS NOT NULL',
      'CREATE INDEX sanctions_entries_name ON sanctions_entries (name_norm)',
      `CREATE TABLE sanctions_matches (
        id bigserial PRIMARY KEY,
        ${vesselImo},
        entry_id bigint NOT NULL REFERENCES sanctions_entries (id) ON DELETE CASCADE,
        match_type text NOT NULL CHECK (match_type IN ('direct_imo', 'mmsi', 'name')),
        matched_field text NOT NULL CHECK (matched_field IN ('imo', 'mmsi', 'vessel_name',
          'former_name', 'owner', 'manager')),
        matched_value text NOT NULL,
        first_matched_at timestamptz NOT NULL DEFAULT now(),
        computed_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (imo, entry_id)
      )`,
      'CREATE INDEX sanctions_matches_entry ON sanctions_matches (entry_id)',
      'CREATE INDEX sanctions_matches_type ON sanctions_matches (match_type)',
      // The International Group clubs are real companies: they are mutuals and rated low.
      `CREATE TABLE pi_clubs (
        id bigserial PRIMARY KEY,
        slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9][a-z0-9-]{1,62}$'),
        name text NOT NULL,
        ig_member boolean NOT NULL,
        type text NOT NULL CHECK (type IN ('mutual', 'fixed_premium')),
        risk_tier text NOT NULL CHECK (risk_tier IN ('low', 'medium', 'high')),
        aliases text[] NOT NULL DEFAULT '{}',
        CHECK (NOT ig_member OR (type = 'mutual' AND risk_tier = 'low'))
      )`,
      'CREATE INDEX pi_clubs_aliases ON pi_clubs USING gin (aliases)',
      `CREATE TABLE pi_import_batches (
        id bigserial PRIMARY KEY,
        owner_id text NOT NULL,
        api_key_id uuid,
        rows_processed integer NOT NULL DEFAULT 0 CHECK (rows_processed >= 0),
        matched integer NOT NULL DEFAULT 0 CHECK (matched >= 0),
        unmatched_clubs text[] NOT NULL DEFAULT '{}',
        unmatched_vessels text[] NOT NULL DEFAULT '{}',
        invalid_rows jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(invalid_rows) = 'array'),
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
      'CREATE INDEX pi_import_batches_owner ON pi_import_batches (owner_id, created_at DESC)',
      `CREATE TABLE pi_coverage (
        id bigserial PRIMARY KEY,
        ${vesselImo},
        club_id bigint NOT NULL REFERENCES pi_clubs (id) ON DELETE RESTRICT,
        cover_type text NOT NULL CHECK (cover_type IN ('owners_entry', 'charterers')),
        policy_year smallint NOT NULL CHECK (policy_year BETWEEN 1950 AND 2100),
        inception date NOT NULL,
        expiry date NOT NULL,
        cancelled_on date,
        gt_entered integer CHECK (gt_entered > 0),
        source text NOT NULL CHECK (source IN ('seed', 'import')),
        batch_id bigint REFERENCES pi_import_batches (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (imo, club_id, policy_year, cover_type),
        CHECK (expiry > inception),
        CHECK (cancelled_on BETWEEN inception AND expiry),
        CHECK (source = 'import' OR batch_id IS NULL)
      )`,
      `COMMENT ON COLUMN pi_coverage.cancelled_on IS
        'cover ended early; status is cancelled, else active or expired by the dates'`,
      'CREATE INDEX pi_coverage_imo ON pi_coverage (imo, expiry DESC)',
      'CREATE INDEX pi_coverage_club ON pi_coverage (club_id)',
      'CREATE INDEX pi_coverage_batch ON pi_coverage (batch_id) WHERE batch_id IS NOT NULL',
      `CREATE TABLE insurance_claims (
        ${vesselImo},
        policy_year smallint NOT NULL CHECK (policy_year BETWEEN 1950 AND 2100),
        had_claim boolean NOT NULL,
        claim_usd numeric(14, 2) CHECK (claim_usd >= 0),
        PRIMARY KEY (imo, policy_year),
        CHECK (had_claim OR coalesce(claim_usd, 0) = 0)
      )`,
      'CREATE INDEX insurance_claims_year ON insurance_claims (policy_year)',
      `CREATE TABLE congestion_snapshots (
        port_id bigint NOT NULL REFERENCES ports (id) ON DELETE CASCADE,
        taken_at timestamptz NOT NULL,
        vessels_waiting integer NOT NULL CHECK (vessels_waiting >= 0),
        vessels_at_berth integer NOT NULL CHECK (vessels_at_berth >= 0),
        avg_wait_h_7d numeric(8, 2) CHECK (avg_wait_h_7d >= 0),
        baseline_waiting numeric(8, 2) CHECK (baseline_waiting >= 0),
        baseline_wait_h numeric(8, 2) CHECK (baseline_wait_h >= 0),
        congestion_index numeric(4, 1) NOT NULL CHECK (congestion_index BETWEEN 0 AND 500),
        level text NOT NULL CHECK (level IN ('low', 'normal', 'elevated', 'high', 'severe')),
        PRIMARY KEY (port_id, taken_at)
      )`,
      'CREATE INDEX congestion_snapshots_taken ON congestion_snapshots (taken_at DESC)',
      `CREATE TABLE crop_regions (
        id bigserial PRIMARY KEY,
        slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9][a-z0-9-]{1,62}$'),
        name text NOT NULL,
        country text NOT NULL,
        crop text NOT NULL,
        lat double precision NOT NULL CHECK (lat BETWEEN -90 AND 90),
        lon double precision NOT NULL CHECK (lon BETWEEN -180 AND 180),
        harvested_area_ha double precision NOT NULL CHECK (harvested_area_ha > 0),
        baseline_yield_t_ha numeric(6, 3) NOT NULL CHECK (baseline_yield_t_ha > 0),
        export_share numeric(5, 4) NOT NULL CHECK (export_share BETWEEN 0 AND 1),
        export_ports jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(export_ports) = 'array'),
        season_start_doy smallint NOT NULL CHECK (season_start_doy BETWEEN 1 AND 366),
        season_end_doy smallint NOT NULL CHECK (season_end_doy BETWEEN 1 AND 366)
      )`,
      `COMMENT ON COLUMN crop_regions.export_ports IS '[{ "port_id": <ports.id>, "share": 0..1 }]'`,
      `COMMENT ON COLUMN crop_regions.season_end_doy IS
        'may be below season_start_doy: a season that runs over the new year'`,
      `CREATE TABLE ndvi_observations (
        region_id bigint NOT NULL REFERENCES crop_regions (id) ON DELETE CASCADE,
        observed_on date NOT NULL,
        ndvi numeric(5, 4) NOT NULL CHECK (ndvi BETWEEN -1 AND 1),
        baseline_ndvi numeric(5, 4) CHECK (baseline_ndvi BETWEEN -1 AND 1),
        PRIMARY KEY (region_id, observed_on)
      )`,
    ];
    for (const statement of statements) await queryRunner.query(statement);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE ndvi_observations, crop_regions, congestion_snapshots,
      insurance_claims, pi_coverage, pi_import_batches, pi_clubs, sanctions_matches,
      sanctions_entries, sanctions_lists, trade_flows, freight_rates, bunker_prices`);
  }
}
