import { MigrationInterface, QueryRunner } from 'typeorm';

/** Team presets and their immutable versions. */
export class Presets1764086400000 implements MigrationInterface {
  name = 'Presets1764086400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('SELECT 1');
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('SELECT 1');
  }
}
