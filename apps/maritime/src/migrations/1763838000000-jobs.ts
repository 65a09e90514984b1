import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One row per run of a scheduled or triggered job (partitions-maintain, density-refresh,
 * risk-recompute, ...): what ran, why, how it ended and what it returned.
 */
export class Jobs1763838000000 implements MigrationInterface {
  name = 'Jobs1763838000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE job_runs (
      id bigserial PRIMARY KEY,
      job text NOT NULL,
      job_id text,
      trigger text,
      status text NOT NULL CHECK (status IN ('running', 'succeeded', 'failed', 'skipped')),
      started_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz,
      duration_ms integer,
      result jsonb,
      error text
    )`);
    await queryRunner.query('CREATE INDEX job_runs_job_started ON job_runs (job, started_at DESC)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE job_runs');
  }
}
