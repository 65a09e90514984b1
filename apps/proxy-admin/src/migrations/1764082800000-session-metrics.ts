import { MigrationInterface, QueryRunner } from 'typeorm';

/** Sessions maintained from the usage batches. */
export class SessionMetrics1764082800000 implements MigrationInterface {
  name = 'SessionMetrics1764082800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('SELECT 1');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('SELECT 1');
  }
}
