import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Alert rules and their versions, rule matches, notification channels, deliveries with their
 * attempts and dead letters.
 *
 * Rules are deleted softly (deleted_at) and their versions are history: a trigger refuses UPDATE
 * and DELETE on versions, and a rule with versions cannot be deleted outright. Deliveries outlive
 * their channel: deleting a channel cancels its pending deliveries but keeps the record.
 */
export class Alerting1763834400000 implements MigrationInterface {
  name = 'Alerting1763834400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const channel = `channel text NOT NULL CHECK (channel IN ('slack', 'teams', 'email', 'webhook'))`;
    const reasonCodes = `'http_4xx', 'endpoint_gone', 'ssrf_blocked', 'smtp_rejected',
      'config_invalid', 'retries_exhausted'`;
    const statements = [
      `CREATE TABLE alert_rules (
        id bigserial PRIMARY KEY,
        owner_id text NOT NULL,
        name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
        description text CHECK (char_length(description) <= 2000),
        expression jsonb NOT NULL CHECK (jsonb_typeof(expression) = 'object'),
        severity_override text CHECK (severity_override IN ('critical', 'warning', 'info')),
        active boolean NOT NULL DEFAULT true,
        dedupe_window_minutes integer NOT NULL DEFAULT 60
          CHECK (dedupe_window_minutes BETWEEN 1 AND 1440),
        version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        deleted_at timestamptz
      )`,
      'CREATE INDEX alert_rules_owner ON alert_rules (owner_id, id) WHERE deleted_at IS NULL',
      `CREATE INDEX alert_rules_active ON alert_rules (owner_id)
        WHERE active AND deleted_at IS NULL`,
      `CREATE TABLE alert_rule_versions (
        rule_id bigint NOT NULL REFERENCES alert_rules (id) ON DELETE RESTRICT,
        version integer NOT NULL CHECK (version >= 1),
        snapshot jsonb NOT NULL CHECK (jsonb_typeof(snapshot) = 'object'),
        notes text CHECK (char_length(notes) <= 2000),
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (rule_id, version)
      )`,
      `CREATE TRIGGER alert_rule_versions_immutable
        BEFORE UPDATE OR DELETE ON alert_rule_versions
        FOR EACH ROW EXECUTE FUNCTION mar_forbid_change()`,
      // suppressed: the dedupe window held it back; it made no delivery.
      `CREATE TABLE rule_matches (
        id bigserial PRIMARY KEY,
        rule_id bigint NOT NULL,
        rule_version integer NOT NULL,
        alert_uid text NOT NULL,
        matched_at timestamptz NOT NULL DEFAULT now(),
        suppressed boolean NOT NULL DEFAULT false,
        dedupe_key text NOT NULL,
        FOREIGN KEY (rule_id, rule_version) REFERENCES alert_rule_versions (rule_id, version)
      )`,
      'CREATE INDEX rule_matches_rule ON rule_matches (rule_id, matched_at DESC)',
      'CREATE INDEX rule_matches_alert ON rule_matches (alert_uid)',
      // config_enc: AES-256-GCM of the channel's JSON config; config_key_id names the key used,
      // so keys can be rotated.
      `CREATE TABLE alert_channels (
        owner_id text NOT NULL,
        ${channel},
        enabled boolean NOT NULL DEFAULT true,
        config_enc bytea NOT NULL,
        config_key_id text NOT NULL,
        disabled_reason text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (owner_id, channel)
      )`,
      `CREATE TABLE alert_deliveries (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        owner_id text NOT NULL,
        ${channel},
        kind text NOT NULL CHECK (kind IN ('alert', 'watchlist', 'test', 'replay')),
        alert_uid text,
        rule_id bigint REFERENCES alert_rules (id) ON DELETE SET NULL,
        rule_version integer,
        status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivering',
          'retrying', 'delivered', 'dead_lettered', 'cancelled')),
        attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
        max_attempts integer NOT NULL DEFAULT 8 CHECK (max_attempts >= 1),
        next_attempt_at timestamptz,
        last_status_code integer,
        last_error text CHECK (octet_length(last_error) <= 1024),
        reason_code text CHECK (reason_code IN (${reasonCodes})),
        payload jsonb NOT NULL,
        replay_of uuid REFERENCES alert_deliveries (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        delivered_at timestamptz,
        dead_lettered_at timestamptz,
        CHECK (attempts <= max_attempts),
        CHECK (kind NOT IN ('alert', 'watchlist') OR alert_uid IS NOT NULL),
        CHECK (kind = 'replay' OR replay_of IS NULL),
        CHECK (status <> 'delivered' OR delivered_at IS NOT NULL),
        CHECK (status <> 'dead_lettered' OR (dead_lettered_at IS NOT NULL
          AND reason_code IS NOT NULL))
      )`,
      `CREATE INDEX alert_deliveries_owner
        ON alert_deliveries (owner_id, created_at DESC, id DESC)`,
      // An (owner, alert, channel) gets at most one delivery across rules and watchlists.
      `CREATE UNIQUE INDEX alert_deliveries_once ON alert_deliveries (owner_id, alert_uid, channel)
        WHERE kind IN ('alert', 'watchlist')`,
      `CREATE INDEX alert_deliveries_due ON alert_deliveries (next_attempt_at)
        WHERE status IN ('pending', 'retrying')`,
      'CREATE INDEX alert_deliveries_replay_of ON alert_deliveries (replay_of)',
      `CREATE TABLE delivery_attempts (
        id bigserial PRIMARY KEY,
        delivery_id uuid NOT NULL REFERENCES alert_deliveries (id) ON DELETE CASCADE,
        attempt_no integer NOT NULL CHECK (attempt_no >= 1),
        started_at timestamptz NOT NULL,
        duration_ms integer NOT NULL CHECK (duration_ms >= 0),
        status_code integer,
        outcome text NOT NULL CHECK (outcome IN ('success', 'http_error', 'timeout',
          'network_error', 'ssrf_blocked', 'smtp_error')),
        error text CHECK (octet_length(error) <= 1024),
        response_excerpt text CHECK (octet_length(response_excerpt) <= 1024),
        UNIQUE (delivery_id, attempt_no)
      )`,
      `CREATE TABLE dead_letters (
        delivery_id uuid PRIMARY KEY REFERENCES alert_deliveries (id) ON DELETE CASCADE,
        owner_id text NOT NULL,
        reason_code text NOT NULL CHECK (reason_code IN (${reasonCodes})),
        last_error text CHECK (octet_length(last_error) <= 1024),
        dead_lettered_at timestamptz NOT NULL,
        replayed_at timestamptz,
        replay_delivery_id uuid REFERENCES alert_deliveries (id) ON DELETE SET NULL
      )`,
      'CREATE INDEX dead_letters_owner ON dead_letters (owner_id, dead_lettered_at DESC)',
      'CREATE INDEX dead_letters_replay ON dead_letters (replay_delivery_id)',
    ];
    for (const statement of statements) await queryRunner.query(statement);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE dead_letters, delivery_attempts, alert_deliveries,
      alert_channels, rule_matches, alert_rule_versions, alert_rules`);
  }
}
