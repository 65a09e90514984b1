import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Extensions the schema relies on: pg_trgm for record and name search
 * (see docs/geo-scoring/data-model.md#data-model).
 */
export class Baseline1763726400000 implements MigrationInterface {
  name = 'Baseline1763726400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP EXTENSION IF EXISTS pg_trgm');
  }
}
