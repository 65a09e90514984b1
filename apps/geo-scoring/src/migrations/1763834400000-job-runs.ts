import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One row per background job run (running, then succeeded, failed or skipped), written by the
 * shared JobRunner, so an operator can see in SQL when each job last ran, how long it took and
 * why it failed.
 */
export class JobRuns1763834400000 implements MigrationInterface {
  name = 'JobRuns1763834400000';

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
    await queryRunner.query('CREATE INDEX job_runs_job ON job_runs (job, started_at DESC)');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE job_runs');
  }
}
