import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Team presets and their immutable versions. `preset_slugs` keeps the last version number of
 * every (team, slug) ever created, so a re-created slug continues its numbering and
 * (team_id, slug, version) never names two snapshots.
 */
export class Presets1764086400000 implements MigrationInterface {
  name = 'Presets1764086400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE preset_slugs (
        team_id text NOT NULL,
        slug text NOT NULL,
        last_version integer NOT NULL CHECK (last_version >= 0),
        PRIMARY KEY (team_id, slug)
      )`);
    await queryRunner.query(`
      CREATE TABLE presets (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        team_id text NOT NULL,
        slug text NOT NULL CHECK (slug ~ '^[a-z0-9][a-z0-9-]{0,63}$'),
        status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'disabled')),
        latest_version integer NOT NULL CHECK (latest_version > 0),
        published_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz,
        FOREIGN KEY (team_id, slug) REFERENCES preset_slugs (team_id, slug)
      )`);
    await queryRunner.query(
      'CREATE UNIQUE INDEX presets_live_slug ON presets (team_id, slug) WHERE deleted_at IS NULL',
    );
    await queryRunner.query(`
      CREATE TABLE preset_versions (
        team_id text NOT NULL,
        slug text NOT NULL,
        version integer NOT NULL CHECK (version > 0),
        preset_id uuid NOT NULL REFERENCES presets (id),
        model text NOT NULL,
        params jsonb NOT NULL DEFAULT '{}'::jsonb,
        system_prompt text,
        provider_preferences jsonb,
        author text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (team_id, slug, version)
      )`);
    await queryRunner.query(
      'CREATE INDEX preset_versions_history ON preset_versions (preset_id, version DESC)',
    );
    // History is append-only by construction: no role can rewrite or remove a snapshot
    // (TRUNCATE included) without dropping the trigger first.
    await queryRunner.query(`
      CREATE FUNCTION preset_versions_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'preset_versions is append-only: % refused', TG_OP
          USING ERRCODE = 'restrict_violation';
      END $$`);
    await queryRunner.query(`
      CREATE TRIGGER preset_versions_no_update_delete
        BEFORE UPDATE OR DELETE ON preset_versions
        FOR EACH ROW EXECUTE FUNCTION preset_versions_immutable()`);
    await queryRunner.query(`
      CREATE TRIGGER preset_versions_no_truncate
        BEFORE TRUNCATE ON preset_versions
        FOR EACH STATEMENT EXECUTE FUNCTION preset_versions_immutable()`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE preset_versions');
    await queryRunner.query('DROP FUNCTION preset_versions_immutable()');
    await queryRunner.query('DROP TABLE presets');
    await queryRunner.query('DROP TABLE preset_slugs');
  }
}
