import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the nightly jobs compute: risk scores, vessel density, destination models and
 * reliability, port-arrival forecasts, voyage emissions and earnings, monthly route flows.
 *
 * density_daily and route_flows_monthly are materialized WITH DATA, so an empty database reads
 * as zero rows instead of failing, and each has the unique index REFRESH ... CONCURRENTLY needs.
 */
export class Analytics1763827200000 implements MigrationInterface {
  name = 'Analytics1763827200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const vesselImo = `imo char(7) NOT NULL REFERENCES vessels (imo) ON DELETE CASCADE
      CHECK (imo_valid(imo))`;
    const statements = [
      `CREATE TABLE vessel_risk_scores (
        imo char(7) PRIMARY KEY REFERENCES vessels (imo) ON DELETE CASCADE
          CHECK (imo_valid(imo)),
        score numeric(4, 1) NOT NULL CHECK (score BETWEEN 0 AND 100),
        tier text NOT NULL CHECK (tier IN ('low', 'medium', 'high', 'critical')),
        factors jsonb NOT NULL CHECK (jsonb_typeof(factors) = 'array'),
        tier_override text CHECK (tier_override IN ('sanctions_direct_match')),
        methodology_version text NOT NULL DEFAULT 'risk-v1',
        computed_at timestamptz NOT NULL,
        CHECK (tier_override IS NULL OR tier = 'critical')
      )`,
      `COMMENT ON COLUMN vessel_risk_scores.factors IS
        '14 x { factor, raw, sub_score, weight, contribution }, in the methodology order'`,
      'CREATE INDEX vessel_risk_scores_score ON vessel_risk_scores (score DESC, imo)',
      'CREATE INDEX vessel_risk_scores_tier ON vessel_risk_scores (tier, score DESC)',
      // positions_count counts distinct (vessel, hour) records of the day in the cell.
      `CREATE MATERIALIZED VIEW density_daily AS
        SELECT day, h3_r8, vessel_type, count(*)::int AS positions_count,
          count(DISTINCT imo)::int AS unique_vessels
        FROM (SELECT DISTINCT (p.ts AT TIME ZONE 'UTC')::date AS day, p.h3_r8, v.vessel_type, p.imo,
                     date_trunc('hour', p.ts AT TIME ZONE 'UTC') AS hr
              FROM ais_positions p JOIN vessels v USING (imo)
              WHERE p.ts >= (now() AT TIME ZONE 'UTC')::date - 30 AND p.ts < (now() AT TIME ZONE 'UTC')::date) s
        GROUP BY day, h3_r8, vessel_type WITH DATA`,
      'CREATE UNIQUE INDEX density_daily_key ON density_daily (day, vessel_type, h3_r8)',
      `CREATE INDEX density_daily_rank
        ON density_daily (day, vessel_type, positions_count DESC)`,
      `CREATE TABLE density_refreshes (
        id bigserial PRIMARY KEY,
        started_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz CHECK (finished_at >= started_at),
        status text NOT NULL DEFAULT 'running'
          CHECK (status IN ('running', 'succeeded', 'failed')),
        row_count integer CHECK (row_count >= 0),
        window_start date,
        window_end date CHECK (window_end >= window_start),
        error text,
        CHECK ((status = 'running') = (finished_at IS NULL))
      )`,
      'CREATE INDEX density_refreshes_started ON density_refreshes (started_at DESC)',
      `CREATE TABLE destination_models (
        version text PRIMARY KEY,
        trained_at timestamptz NOT NULL,
        voyages_train integer NOT NULL CHECK (voyages_train >= 0),
        voyages_holdout integer NOT NULL CHECK (voyages_holdout >= 0),
        top1_acc numeric(5, 4) CHECK (top1_acc BETWEEN 0 AND 1),
        top3_acc numeric(5, 4) CHECK (top3_acc BETWEEN 0 AND 1),
        active boolean NOT NULL DEFAULT false,
        CHECK (top3_acc >= top1_acc)
      )`,
      'CREATE UNIQUE INDEX destination_models_active ON destination_models (active) WHERE active',
      // Voyage counts per (resolution, cell, laden, destination); the prior is res 0, cell '*'.
      `CREATE TABLE destination_model_counts (
        version text NOT NULL REFERENCES destination_models (version) ON DELETE CASCADE,
        res smallint NOT NULL CHECK (res IN (0, 4, 5)),
        cell text NOT NULL,
        laden boolean NOT NULL,
        dest_port_id bigint NOT NULL REFERENCES ports (id) ON DELETE CASCADE,
        n integer NOT NULL CHECK (n > 0),
        PRIMARY KEY (version, res, cell, laden, dest_port_id),
        CHECK ((res = 0) = (cell = '*'))
      )`,
      `CREATE TABLE destination_reliability (
        imo char(7) PRIMARY KEY REFERENCES vessels (imo) ON DELETE CASCADE
          CHECK (imo_valid(imo)),
        voyages_365d integer NOT NULL CHECK (voyages_365d >= 0),
        matched integer NOT NULL CHECK (matched >= 0),
        reliability_pct numeric(5, 2) NOT NULL CHECK (reliability_pct BETWEEN 0 AND 100),
        tier text NOT NULL CHECK (tier IN ('reliable', 'moderate', 'unreliable')),
        last_declared_destination text,
        last_actual_port_id bigint REFERENCES ports (id) ON DELETE RESTRICT,
        computed_at timestamptz NOT NULL,
        CHECK (matched <= voyages_365d)
      )`,
      `CREATE INDEX destination_reliability_rank
        ON destination_reliability (reliability_pct, imo)`,
      `CREATE TABLE forecasts (
        id bigserial PRIMARY KEY,
        port_id bigint NOT NULL REFERENCES ports (id) ON DELETE CASCADE,
        method text NOT NULL CHECK (method IN ('pipeline', 'statistical', 'ml')),
        metric text NOT NULL DEFAULT 'arrivals' CHECK (metric = 'arrivals'),
        issued_on date NOT NULL,
        target_date date NOT NULL,
        horizon_days smallint NOT NULL CHECK (horizon_days BETWEEN 1 AND 14),
        predicted numeric(10, 2) NOT NULL,
        lower_80 numeric(10, 2) NOT NULL,
        upper_80 numeric(10, 2) NOT NULL,
        model_version text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (port_id, method, issued_on, target_date),
        CHECK (target_date - issued_on = horizon_days),
        CHECK (lower_80 <= predicted AND predicted <= upper_80)
      )`,
      'CREATE INDEX forecasts_issued ON forecasts (issued_on DESC, target_date, port_id)',
      'CREATE INDEX forecasts_target ON forecasts (target_date, port_id, method)',
      // Per completed voyage. days = hours_at_sea / 24, v = distance_nm / hours_at_sea;
      // main = design fuel x (v / design speed)^3 x days; aux = 0.08 x design fuel x (days +
      // port_days of the arrival call); co2 = fuel x emission_factor. Ballast voyages have no
      // cargo, so no transport work and no EEOI.
      `CREATE TABLE voyage_emissions (
        voyage_id bigint PRIMARY KEY REFERENCES voyages (id) ON DELETE CASCADE,
        ${vesselImo},
        arrived_at timestamptz NOT NULL,
        fuel_type text NOT NULL CHECK (fuel_type IN ('HFO', 'VLSFO', 'MGO', 'LNG')),
        distance_nm double precision NOT NULL CHECK (distance_nm >= 0),
        hours_at_sea double precision NOT NULL CHECK (hours_at_sea > 0),
        avg_speed_kn double precision NOT NULL CHECK (avg_speed_kn >= 0),
        design_speed_kn double precision NOT NULL CHECK (design_speed_kn > 0),
        design_fuel_t_day double precision NOT NULL CHECK (design_fuel_t_day > 0),
        port_days double precision NOT NULL DEFAULT 0 CHECK (port_days >= 0),
        dwt integer CHECK (dwt > 0),
        cargo_t double precision CHECK (cargo_t >= 0),
        main_fuel_t numeric(12, 3) NOT NULL CHECK (main_fuel_t >= 0),
        aux_fuel_t numeric(12, 3) NOT NULL CHECK (aux_fuel_t >= 0),
        fuel_t numeric(12, 3) NOT NULL CHECK (fuel_t >= 0),
        emission_factor numeric(5, 3) NOT NULL CHECK (emission_factor > 0),
        co2_t numeric(14, 3) NOT NULL CHECK (co2_t >= 0),
        transport_work_tnm numeric(18, 1) CHECK (transport_work_tnm >= 0),
        aer_g_per_dwt_nm numeric(12, 4) CHECK (aer_g_per_dwt_nm >= 0),
        eeoi_g_per_tnm numeric(12, 4) CHECK (eeoi_g_per_tnm >= 0),
        computed_at timestamptz NOT NULL DEFAULT now()
      )`,
      'CREATE INDEX voyage_emissions_imo ON voyage_emissions (imo, arrived_at DESC)',
      'CREATE INDEX voyage_emissions_arrived ON voyage_emissions (arrived_at DESC)',
      // tce_usd_day = (revenue - bunker - port costs) / voyage_days. revenue = cargo_t x the
      // latest index rate for (vessel type, route) on or before departure; null without one.
      `CREATE TABLE voyage_earnings (
        voyage_id bigint PRIMARY KEY REFERENCES voyages (id) ON DELETE CASCADE,
        ${vesselImo},
        arrived_at timestamptz NOT NULL,
        route_code text,
        freight_rate_id bigint REFERENCES freight_rates (id) ON DELETE SET NULL,
        freight_rate_usd_t numeric(12, 2) CHECK (freight_rate_usd_t > 0),
        cargo_t double precision CHECK (cargo_t >= 0),
        revenue_usd numeric(14, 2) CHECK (revenue_usd >= 0),
        fuel_type text NOT NULL CHECK (fuel_type IN ('HFO', 'VLSFO', 'MGO', 'LNG')),
        fuel_t numeric(12, 3) NOT NULL CHECK (fuel_t >= 0),
        bunker_price_usd_t numeric(10, 2) CHECK (bunker_price_usd_t > 0),
        bunker_cost_usd numeric(14, 2) NOT NULL CHECK (bunker_cost_usd >= 0),
        gt integer CHECK (gt > 0),
        port_dues_usd numeric(14, 2) NOT NULL CHECK (port_dues_usd >= 0),
        handling_usd numeric(14, 2) NOT NULL CHECK (handling_usd >= 0),
        port_costs_usd numeric(14, 2) NOT NULL CHECK (port_costs_usd >= 0),
        voyage_days numeric(8, 3) NOT NULL CHECK (voyage_days > 0),
        tce_usd_day numeric(14, 2),
        computed_at timestamptz NOT NULL DEFAULT now(),
        CHECK ((revenue_usd IS NULL) = (tce_usd_day IS NULL))
      )`,
      'CREATE INDEX voyage_earnings_imo ON voyage_earnings (imo, arrived_at DESC)',
      'CREATE INDEX voyage_earnings_arrived ON voyage_earnings (arrived_at DESC, voyage_id DESC)',
      // Laden completed voyages by month of departure; tonnage in million tonnes.
      `CREATE MATERIALIZED VIEW route_flows_monthly AS
        SELECT date_trunc('month', v.departed_at AT TIME ZONE 'UTC')::date AS period,
          v.origin_port_id, v.dest_port_id, s.vessel_type,
          count(*)::int AS voyages,
          round(sum(coalesce(v.cargo_t, 0))::numeric / 1000000, 6) AS tonnage_mt,
          round((avg(extract(epoch FROM v.arrived_at - v.departed_at)) / 86400)::numeric, 2)
            AS avg_transit_days
        FROM voyages v JOIN vessels s ON s.imo = v.imo
        WHERE v.status = 'completed' AND v.laden
        GROUP BY 1, 2, 3, 4 WITH DATA`,
      `CREATE UNIQUE INDEX route_flows_monthly_key
        ON route_flows_monthly (period, origin_port_id, dest_port_id, vessel_type)`,
      `CREATE INDEX route_flows_monthly_dest
        ON route_flows_monthly (period, dest_port_id)`,
    ];
    for (const statement of statements) await queryRunner.query(statement);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP MATERIALIZED VIEW route_flows_monthly');
    await queryRunner.query(`DROP TABLE voyage_earnings, voyage_emissions, forecasts,
      destination_reliability, destination_model_counts, destination_models, density_refreshes`);
    await queryRunner.query('DROP MATERIALIZED VIEW density_daily');
    await queryRunner.query('DROP TABLE vessel_risk_scores');
  }
}
