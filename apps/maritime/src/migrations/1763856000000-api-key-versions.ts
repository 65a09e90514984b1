import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A version per API key, raised by every change (revocation, plan, rate, analyst access) in the
 * same UPDATE. Replicas keep resolved keys in memory; the rate-limit script every keyed request
 * runs compares the cached version with the one the change published in Redis, so a change
 * still counts on the next request (docs/decisions/0016-maritime-key-cache-with-versions.md).
 */
export class ApiKeyVersions1763856000000 implements MigrationInterface {
  name = 'ApiKeyVersions1763856000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'ALTER TABLE api_keys ADD COLUMN version integer NOT NULL DEFAULT 0 CHECK (version >= 0)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('ALTER TABLE api_keys DROP COLUMN version');
  }
}
