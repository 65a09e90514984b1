import { MigrationInterface, QueryRunner } from 'typeorm';

/** Per record table: the covering index it gets and the plain one that index replaces. */
const NEARBY_INDEXES = [
  {
    name: 'permits_nearby',
    create: 'ON permits (h3_index, filed_date) INCLUDE (id, lat, lng)',
    replaces: 'permits_cell_filed',
    restore: 'ON permits (h3_index, filed_date)',
  },
  {
    name: 'crime_incidents_nearby',
    create: 'ON crime_incidents (h3_index, occurred_at) INCLUDE (id, lat, lng)',
    replaces: 'crime_incidents_cell_time',
    restore: 'ON crime_incidents (h3_index, occurred_at)',
  },
  {
    name: 'business_licenses_nearby',
    create: 'ON business_licenses (h3_index) INCLUDE (id, occurred_at, close_date, lat, lng)',
    replaces: 'business_licenses_cell',
    restore: 'ON business_licenses (h3_index)',
  },
  {
    name: 'zba_decisions_nearby',
    create: 'ON zba_decisions (h3_index, decision_date) INCLUDE (id, lat, lng)',
    replaces: 'zba_decisions_cell',
    restore: 'ON zba_decisions (h3_index)',
  },
  {
    name: 'construction_detections_nearby',
    create: 'ON construction_detections (h3_index, last_detected) INCLUDE (id, lat, lng)',
    replaces: 'construction_detections_cell',
    restore: 'ON construction_detections (h3_index)',
  },
];

/**
 * GET /api/nearby: every record of the 19 candidate cells is tested against the radius, so the
 * test reads only index tuples (an index-only scan of the cell, window column, id and point)
 * and the table only for the 5 newest. Each index starts with the columns of the one it
 * replaces, so every other reader of those keeps its plan. Plain tables (none is partitioned).
 *
 * Built CONCURRENTLY, outside a transaction: a plain CREATE INDEX blocks writes to the table for
 * the whole build and DROP INDEX blocks reads, which replicas still serving would hit. A build
 * that failed leaves an INVALID index; a rerun drops it and builds again.
 */
export class NearbyIndexes1763830800000 implements MigrationInterface {
  name = 'NearbyIndexes1763830800000';
  transaction = false;

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const index of NEARBY_INDEXES) await build(queryRunner, index.name, index.create);
    for (const index of NEARBY_INDEXES) {
      await queryRunner.query(`DROP INDEX CONCURRENTLY IF EXISTS ${index.replaces}`);
    }
  }

  /**
   * Plain statements: TypeORM's undo runs inside a transaction whatever `transaction` says, and a
   * rollback is a maintenance step, not a rolling deploy.
   */
  async down(queryRunner: QueryRunner): Promise<void> {
    for (const index of NEARBY_INDEXES) {
      await queryRunner.query(`CREATE INDEX IF NOT EXISTS ${index.replaces} ${index.restore}`);
      await queryRunner.query(`DROP INDEX IF EXISTS ${index.name}`);
    }
  }
}

async function build(queryRunner: QueryRunner, name: string, definition: string): Promise<void> {
  const invalid: unknown[] = await queryRunner.query(
    `SELECT 1 FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
     WHERE c.relname = $1 AND c.relnamespace = current_schema()::regnamespace
       AND NOT i.indisvalid`,
    [name],
  );
  if (invalid.length > 0) await queryRunner.query(`DROP INDEX CONCURRENTLY ${name}`);
  await queryRunner.query(`CREATE INDEX CONCURRENTLY IF NOT EXISTS ${name} ${definition}`);
}
