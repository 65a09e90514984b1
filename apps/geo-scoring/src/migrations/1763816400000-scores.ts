import { MigrationInterface, QueryRunner } from 'typeorm';

const SIGNALS = `
  business_vitality double precision,
  population_momentum double precision,
  demographics double precision,
  economic_strength double precision,
  development_pipeline double precision,
  accessibility double precision,
  safety_environment double precision,
  amenity_demand double precision`;

/**
 * Scores (see docs/geo-scoring/data-model.md#scores): current res-8 and res-7 scores, runs,
 * monthly-partitioned daily snapshots with their per-metro averages, satellite embeddings, and the
 * spatial diagnostics of each run. Categorical columns are text with CHECK constraints rather than
 * PostgreSQL enums, so adding a value later is a constraint swap instead of an ALTER TYPE that
 * cannot run in a transaction.
 */
export class Scores1763816400000 implements MigrationInterface {
  name = 'Scores1763816400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const statements = [
      `CREATE TABLE score_runs (
        id bigserial PRIMARY KEY,
        trigger text NOT NULL CHECK (trigger IN ('schedule', 'ingest', 'manual', 'seed')),
        as_of date NOT NULL,
        engine_fingerprint text NOT NULL,
        metros text[] NOT NULL,
        cells_scored integer NOT NULL DEFAULT 0,
        cells_touched integer NOT NULL DEFAULT 0,
        status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'succeeded', 'failed')),
        started_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      )`,
      'CREATE INDEX score_runs_latest ON score_runs (status, id DESC)',
      `CREATE TABLE robustness_runs (
        id bigserial PRIMARY KEY,
        engine_fingerprint text NOT NULL,
        score_run_id bigint REFERENCES score_runs (id),
        classified integer NOT NULL DEFAULT 0,
        unclassified integer NOT NULL DEFAULT 0,
        started_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      )`,
      `CREATE TABLE cell_scores (
        h3_index text PRIMARY KEY REFERENCES cells (h3_index) ON DELETE CASCADE,
        metro_slug text NOT NULL REFERENCES metros (slug) ON DELETE CASCADE,
        composite double precision CHECK (composite BETWEEN 0 AND 100),
        confidence double precision NOT NULL CHECK (confidence BETWEEN 0 AND 1),
        ${SIGNALS},
        score_run_id bigint NOT NULL REFERENCES score_runs (id),
        scored_at timestamptz NOT NULL,
        first_scored_at timestamptz NOT NULL DEFAULT now(),
        composite_r7 double precision,
        robustness_class text CHECK (robustness_class IN ('stable_core', 'ambiguity_shell',
          'stable_non_signal')),
        support_stability double precision,
        robustness_run_id bigint REFERENCES robustness_runs (id),
        notified_composite double precision
      )`,
      'CREATE INDEX cell_scores_metro_rank ON cell_scores (metro_slug, composite DESC, h3_index)',
      `CREATE TABLE cell_scores_r7 (
        h3_r7 text PRIMARY KEY,
        metro_slug text NOT NULL REFERENCES metros (slug) ON DELETE CASCADE,
        composite double precision,
        confidence double precision NOT NULL,
        ${SIGNALS},
        score_run_id bigint NOT NULL REFERENCES score_runs (id)
      )`,
      `CREATE TABLE score_snapshots (
        h3_index text NOT NULL,
        profile text NOT NULL,
        snapshot_date date NOT NULL,
        metro_slug text NOT NULL,
        composite double precision,
        confidence double precision NOT NULL,
        ${SIGNALS},
        PRIMARY KEY (h3_index, profile, snapshot_date)
      ) PARTITION BY RANGE (snapshot_date)`,
      'CREATE INDEX score_snapshots_metro_day ON score_snapshots (metro_slug, profile, snapshot_date)',
      `CREATE TABLE score_snapshot_metro_daily (
        metro_slug text NOT NULL REFERENCES metros (slug) ON DELETE CASCADE,
        profile text NOT NULL,
        snapshot_date date NOT NULL,
        avg_composite double precision NOT NULL,
        cells integer NOT NULL CHECK (cells > 0),
        PRIMARY KEY (metro_slug, profile, snapshot_date)
      )`,
      `CREATE TABLE satellite_embeddings (
        h3_index text PRIMARY KEY REFERENCES cells (h3_index) ON DELETE CASCADE,
        embedding bytea NOT NULL CHECK (octet_length(embedding) = 256),
        model text NOT NULL,
        captured_at timestamptz NOT NULL
      )`,
      `CREATE TABLE spatial_diagnostics_runs (
        id bigserial PRIMARY KEY,
        metro_slug text NOT NULL REFERENCES metros (slug) ON DELETE CASCADE,
        score_run_id bigint REFERENCES score_runs (id),
        variable text NOT NULL DEFAULT 'composite',
        permutations integer NOT NULL,
        seed bigint NOT NULL,
        n integer NOT NULL DEFAULT 0,
        significance double precision NOT NULL,
        computed_at timestamptz NOT NULL DEFAULT now(),
        status text NOT NULL DEFAULT 'running' CHECK (status IN ('running', 'succeeded', 'failed'))
      )`,
      `CREATE TABLE spatial_diagnostics (
        run_id bigint NOT NULL REFERENCES spatial_diagnostics_runs (id) ON DELETE CASCADE,
        h3_index text NOT NULL,
        metro_slug text NOT NULL,
        score_baseline double precision NOT NULL,
        experimental_composite double precision NOT NULL,
        local_moran double precision NOT NULL,
        z double precision NOT NULL,
        spatial_lag double precision NOT NULL,
        quadrant text NOT NULL CHECK (quadrant IN ('HH', 'HL', 'LH', 'LL')),
        p_value double precision,
        q_value double precision,
        cluster_type text CHECK (cluster_type IN ('HH', 'HL', 'LH', 'LL', 'TDA_DONUT')),
        neighbors smallint NOT NULL,
        persistence double precision,
        PRIMARY KEY (run_id, h3_index)
      )`,
      `CREATE INDEX spatial_diagnostics_clusters ON spatial_diagnostics (run_id, cluster_type, p_value)
        WHERE cluster_type IS NOT NULL`,
      `ALTER TABLE metros ADD CONSTRAINT metros_current_diag_run
        FOREIGN KEY (current_diag_run_id) REFERENCES spatial_diagnostics_runs (id) ON DELETE SET NULL`,
    ];
    for (const statement of statements) await queryRunner.query(statement);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE metros DROP CONSTRAINT metros_current_diag_run');
    await queryRunner.query(`DROP TABLE spatial_diagnostics, spatial_diagnostics_runs,
      satellite_embeddings, score_snapshot_metro_daily, score_snapshots, cell_scores_r7,
      cell_scores, robustness_runs, score_runs`);
  }
}
