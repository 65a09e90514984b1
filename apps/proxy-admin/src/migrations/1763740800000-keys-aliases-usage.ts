import { MigrationInterface, QueryRunner } from 'typeorm';

/** Virtual keys, model aliases and the per-request usage rows the client API writes. */
export class KeysAliasesUsage1763740800000 implements MigrationInterface {
  name = 'KeysAliasesUsage1763740800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE virtual_keys (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        team_id text,
        alias text NOT NULL,
        key_hash char(64) NOT NULL UNIQUE,
        key_prefix text NOT NULL,
        allowed_models text[],
        expires_at timestamptz,
        rpm integer CHECK (rpm > 0),
        tpm integer CHECK (tpm > 0),
        monthly_budget_micro_usd bigint CHECK (monthly_budget_micro_usd > 0),
        metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        revoked_at timestamptz,
        last_used_at timestamptz
      )`);
    await queryRunner.query(
      'CREATE INDEX virtual_keys_listing ON virtual_keys (created_at DESC, id DESC)',
    );
    await queryRunner.query(
      'CREATE INDEX virtual_keys_team_listing ON virtual_keys (team_id, created_at DESC, id DESC)',
    );
    await queryRunner.query(`
      CREATE TABLE model_aliases (
        alias citext PRIMARY KEY,
        model text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`
      CREATE TABLE proxy_requests (
        id uuid PRIMARY KEY,
        key_id uuid NOT NULL,
        team_id text,
        session_id text NOT NULL,
        requested_model text NOT NULL,
        resolved_model text,
        preset_slug text,
        preset_version integer,
        stream boolean NOT NULL DEFAULT false,
        prompt_tokens integer NOT NULL DEFAULT 0,
        completion_tokens integer NOT NULL DEFAULT 0,
        cost_micro_usd bigint NOT NULL DEFAULT 0,
        web_search_calls integer NOT NULL DEFAULT 0,
        surcharge_micro_usd bigint NOT NULL DEFAULT 0,
        upstream_latency_ms integer,
        overhead_ms real,
        status integer NOT NULL,
        error_code text,
        prefix_hash char(64),
        last_user_hash char(64),
        is_edit_retry boolean NOT NULL DEFAULT false,
        started_at timestamptz NOT NULL,
        finished_at timestamptz NOT NULL
      )`);
    await queryRunner.query(
      'CREATE INDEX proxy_requests_key_time ON proxy_requests (key_id, started_at)',
    );
    await queryRunner.query(
      'CREATE INDEX proxy_requests_session ON proxy_requests (session_id, started_at)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE proxy_requests');
    await queryRunner.query('DROP TABLE model_aliases');
    await queryRunner.query('DROP TABLE virtual_keys');
  }
}
