import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Dashboard, keys, webhooks and operations
 * (see docs/geo-scoring/data-model.md#keys-webhooks-and-operations). No users table: user_id and
 * owner_id are the session JWT `sub`, the same id space API keys carry.
 */
export class Operations1763823600000 implements MigrationInterface {
  name = 'Operations1763823600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const statements = [
      `CREATE TABLE api_keys (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        owner_id text NOT NULL,
        name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 120),
        key_sha256 bytea NOT NULL UNIQUE CHECK (octet_length(key_sha256) = 32),
        prefix text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz,
        revoked_at timestamptz
      )`,
      'CREATE INDEX api_keys_owner ON api_keys (owner_id, created_at DESC)',
      `CREATE TABLE ingest_batches (
        id bigserial PRIMARY KEY,
        dataset text NOT NULL,
        backfill boolean NOT NULL DEFAULT false,
        received integer NOT NULL DEFAULT 0,
        inserted integer NOT NULL DEFAULT 0,
        updated integer NOT NULL DEFAULT 0,
        rejected integer NOT NULL DEFAULT 0,
        started_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      )`,
      'CREATE INDEX ingest_batches_recent ON ingest_batches (dataset, started_at DESC)',
      `CREATE TABLE portfolios (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id text NOT NULL,
        name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 120),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        last_refreshed_at timestamptz
      )`,
      'CREATE UNIQUE INDEX portfolios_user_name ON portfolios (user_id, lower(name))',
      'CREATE INDEX portfolios_user_created ON portfolios (user_id, created_at DESC)',
      `CREATE TABLE monitored_locations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id text NOT NULL,
        portfolio_id uuid REFERENCES portfolios (id) ON DELETE SET NULL,
        name text NOT NULL,
        lat double precision NOT NULL CHECK (lat BETWEEN -90 AND 90),
        lng double precision NOT NULL CHECK (lng BETWEEN -180 AND 180),
        h3_index text NOT NULL,
        address text,
        last_score double precision,
        last_scored_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
      'CREATE INDEX monitored_locations_portfolio ON monitored_locations (portfolio_id, created_at)',
      `CREATE INDEX monitored_locations_unassigned ON monitored_locations (user_id)
        WHERE portfolio_id IS NULL`,
      `CREATE TABLE saved_searches (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id text NOT NULL,
        name text NOT NULL,
        filter jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`,
      'CREATE UNIQUE INDEX saved_searches_user_name ON saved_searches (user_id, lower(name))',
      'CREATE INDEX saved_searches_user_created ON saved_searches (user_id, created_at DESC, id DESC)',
      `CREATE TABLE webhooks (
        id text PRIMARY KEY CHECK (id ~ '^wh_[0-9A-Z]{26}$'),
        owner_id text NOT NULL,
        url text NOT NULL,
        events text[] NOT NULL,
        secret_enc bytea,
        active boolean NOT NULL DEFAULT true,
        disabled_reason text,
        consecutive_dead integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`,
      'CREATE INDEX webhooks_owner ON webhooks (owner_id)',
      'CREATE INDEX webhooks_events ON webhooks USING gin (events) WHERE active',
      `CREATE TABLE webhook_events (
        id text PRIMARY KEY,
        type text NOT NULL,
        owner_id text,
        payload jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`,
      'CREATE INDEX webhook_events_created ON webhook_events (created_at)',
      `CREATE TABLE webhook_deliveries (
        id text PRIMARY KEY,
        webhook_id text NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
        event_id text NOT NULL REFERENCES webhook_events (id) ON DELETE CASCADE,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'succeeded',
          'retrying', 'dead', 'canceled')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz,
        last_attempt_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        completed_at timestamptz
      )`,
      'CREATE INDEX webhook_deliveries_webhook ON webhook_deliveries (webhook_id, created_at DESC)',
      `CREATE INDEX webhook_deliveries_open ON webhook_deliveries (status)
        WHERE status IN ('pending', 'retrying', 'dead')`,
      `CREATE TABLE webhook_delivery_attempts (
        id bigserial PRIMARY KEY,
        delivery_id text NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
        webhook_id text NOT NULL,
        attempt_no integer NOT NULL,
        attempted_at timestamptz NOT NULL DEFAULT now(),
        duration_ms integer NOT NULL,
        status_code integer,
        error text CHECK (octet_length(error) <= 1024),
        response_excerpt text CHECK (octet_length(response_excerpt) <= 1024)
      )`,
      `CREATE INDEX webhook_delivery_attempts_webhook
        ON webhook_delivery_attempts (webhook_id, attempted_at DESC)`,
      'CREATE INDEX webhook_delivery_attempts_delivery ON webhook_delivery_attempts (delivery_id)',
    ];
    for (const statement of statements) await queryRunner.query(statement);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE webhook_delivery_attempts, webhook_deliveries,
      webhook_events, webhooks, saved_searches, monitored_locations, portfolios, ingest_batches,
      api_keys`);
  }
}
