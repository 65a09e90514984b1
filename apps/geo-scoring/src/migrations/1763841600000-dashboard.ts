import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Dashboard ordering (see docs/geo-scoring/dashboard.md): monitored locations get `seq`, an
 * identity that records the order they were added in. Members added in one bulk request or one
 * CSV upload share a created_at, so created_at alone cannot give "added order"; the indexes that
 * served (portfolio_id, created_at) and the unassigned list are replaced by ones ending in seq.
 * The table has never been written before this step, so the rewrite ADD COLUMN causes is free.
 */
export class Dashboard1763841600000 implements MigrationInterface {
  name = 'Dashboard1763841600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const statements = [
      'ALTER TABLE monitored_locations ADD COLUMN seq bigint GENERATED ALWAYS AS IDENTITY',
      'CREATE INDEX monitored_locations_portfolio_seq ON monitored_locations (portfolio_id, seq)',
      'CREATE INDEX monitored_locations_user_seq ON monitored_locations (user_id, seq)',
      `CREATE INDEX monitored_locations_unassigned_seq ON monitored_locations (user_id, seq)
        WHERE portfolio_id IS NULL`,
      'DROP INDEX monitored_locations_portfolio',
      'DROP INDEX monitored_locations_unassigned',
    ];
    for (const statement of statements) await queryRunner.query(statement);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const statements = [
      `CREATE INDEX monitored_locations_unassigned ON monitored_locations (user_id)
        WHERE portfolio_id IS NULL`,
      'CREATE INDEX monitored_locations_portfolio ON monitored_locations (portfolio_id, created_at)',
      'DROP INDEX monitored_locations_unassigned_seq',
      'DROP INDEX monitored_locations_user_seq',
      'DROP INDEX monitored_locations_portfolio_seq',
      'ALTER TABLE monitored_locations DROP COLUMN seq',
    ];
    for (const statement of statements) await queryRunner.query(statement);
  }
}
