import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Indexes for the read routes: discover without a metro walks the scored cells in rank order
 * (LIMIT n instead of sorting all of them).
 */
export class ReadRouteIndexes1763827200000 implements MigrationInterface {
  name = 'ReadRouteIndexes1763827200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE INDEX cell_scores_rank ON cell_scores (composite DESC, h3_index)
       WHERE composite IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP INDEX cell_scores_rank');
  }
}
