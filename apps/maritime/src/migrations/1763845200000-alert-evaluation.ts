import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How far the alert-evaluate job has read each alert source: the highest row id already
 * evaluated against rules and watchlists. The job locks these rows for the length of a run, so
 * two replicas never evaluate the same alerts; the watermark moves in the same transaction as the
 * rule matches and deliveries it wrote. Starting at the current maximum means alerts that exist
 * before evaluation is installed are history, not news.
 *
 * Also widens the index of open deliveries to `delivering`, which the delivery sweep reads to
 * find attempts a killed worker left behind.
 */
export class AlertEvaluation1763845200000 implements MigrationInterface {
  name = 'AlertEvaluation1763845200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TABLE alert_evaluation_watermarks (
      source text PRIMARY KEY
        CHECK (source IN ('platform', 'dark_event', 'spoofing_alert', 'locus_alert')),
      last_id bigint NOT NULL CHECK (last_id >= 0),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await queryRunner.query(`INSERT INTO alert_evaluation_watermarks (source, last_id) VALUES
      ('platform', (SELECT coalesce(max(id), 0) FROM platform_alerts)),
      ('dark_event', (SELECT coalesce(max(id), 0) FROM dark_events)),
      ('spoofing_alert', (SELECT coalesce(max(id), 0) FROM spoofing_alerts)),
      ('locus_alert', (SELECT coalesce(max(id), 0) FROM locus_alerts))`);
    await queryRunner.query('DROP INDEX alert_deliveries_due');
    await queryRunner.query(`CREATE INDEX alert_deliveries_open ON alert_deliveries (next_attempt_at)
      WHERE status IN ('pending', 'retrying', 'delivering')`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX alert_deliveries_open');
    await queryRunner.query(`CREATE INDEX alert_deliveries_due ON alert_deliveries (next_attempt_at)
      WHERE status IN ('pending', 'retrying')`);
    await queryRunner.query('DROP TABLE alert_evaluation_watermarks');
  }
}
