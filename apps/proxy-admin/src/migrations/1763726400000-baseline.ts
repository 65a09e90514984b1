import { MigrationInterface, QueryRunner } from 'typeorm';

/** Extensions the schema relies on: citext for case-insensitive aliases and login domains. */
export class Baseline1763726400000 implements MigrationInterface {
  name = 'Baseline1763726400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE EXTENSION IF NOT EXISTS citext');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP EXTENSION IF EXISTS citext');
  }
}
