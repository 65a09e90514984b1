import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhook subscriptions and durable delivery (see docs/geo-scoring/webhooks.md): the id of the
 * key that encrypted each secret, beside the ciphertext; the outcome of each attempt; why a
 * delivery died and the attempt count its current budget of 8 starts from (a replay gives it a
 * fresh budget while attempt numbers keep counting); indexes for the outbox sweep, replays and
 * event retention (the unread index on status goes); and a view of the dead letters. The tables have never held rows before this
 * step, so the new constraints are checked against nothing.
 */
export class WebhookDelivery1763838000000 implements MigrationInterface {
  name = 'WebhookDelivery1763838000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const statements = [
      `ALTER TABLE webhooks
        ADD COLUMN secret_key_id text CHECK (secret_key_id ~ '^[0-9a-f]{8}$'),
        ADD CONSTRAINT webhooks_secret_with_key CHECK ((secret_enc IS NULL) = (secret_key_id IS NULL)),
        ADD CONSTRAINT webhooks_url_length CHECK (char_length(url) BETWEEN 9 AND 2048),
        ADD CONSTRAINT webhooks_event_types CHECK (cardinality(events) > 0 AND events <@
          ARRAY['score.changed', 'permit.filed', 'alert.triggered', 'monitor.report']),
        ADD CONSTRAINT webhooks_disabled_reason CHECK (disabled_reason IN ('gone', 'failing',
          'manual'))`,
      'CREATE INDEX webhooks_owner_created ON webhooks (owner_id, created_at DESC, id DESC)',
      'DROP INDEX webhooks_owner',
      `ALTER TABLE webhook_deliveries
        ADD COLUMN attempts_before_replay integer NOT NULL DEFAULT 0,
        ADD COLUMN dead_reason text CHECK (dead_reason IN ('http_4xx', 'endpoint_gone',
          'ssrf_blocked', 'retries_exhausted')),
        ADD COLUMN replayed_at timestamptz`,
      // The outbox sweep: deliveries committed but never enqueued, or overdue. It replaces the
      // index on status alone, which nothing reads and every attempt would have to update.
      `CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at)
        WHERE status IN ('pending', 'retrying')`,
      'DROP INDEX webhook_deliveries_open',
      // Replays by time range, and the dead-letter view.
      `CREATE INDEX webhook_deliveries_undelivered ON webhook_deliveries (created_at)
        WHERE status IN ('dead', 'canceled')`,
      // Retention deletes events that no delivery references any more.
      'CREATE INDEX webhook_deliveries_event ON webhook_deliveries (event_id)',
      `ALTER TABLE webhook_delivery_attempts ADD COLUMN outcome text CHECK (outcome IN
        ('success', 'http_error', 'timeout', 'network_error', 'ssrf_blocked'))`,
      `CREATE INDEX webhook_delivery_attempts_delivery_no
        ON webhook_delivery_attempts (delivery_id, attempt_no DESC)`,
      'DROP INDEX webhook_delivery_attempts_delivery',
      `CREATE VIEW webhook_dead_letters AS
        SELECT d.id AS delivery_id, d.webhook_id, w.owner_id, w.url, d.event_id,
          e.type AS event_type, d.dead_reason, d.attempts, d.created_at,
          d.completed_at AS dead_at, d.replayed_at, last.status_code AS last_status_code,
          last.error AS last_error, last.attempted_at AS last_attempted_at
        FROM webhook_deliveries d
        JOIN webhooks w ON w.id = d.webhook_id
        JOIN webhook_events e ON e.id = d.event_id
        LEFT JOIN LATERAL (
          SELECT a.status_code, a.error, a.attempted_at FROM webhook_delivery_attempts a
          WHERE a.delivery_id = d.id ORDER BY a.attempt_no DESC, a.id DESC LIMIT 1
        ) last ON true
        WHERE d.status = 'dead'`,
    ];
    for (const statement of statements) await queryRunner.query(statement);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const statements = [
      'DROP VIEW webhook_dead_letters',
      'CREATE INDEX webhook_delivery_attempts_delivery ON webhook_delivery_attempts (delivery_id)',
      'DROP INDEX webhook_delivery_attempts_delivery_no',
      'ALTER TABLE webhook_delivery_attempts DROP COLUMN outcome',
      'DROP INDEX webhook_deliveries_event',
      'DROP INDEX webhook_deliveries_undelivered',
      `CREATE INDEX webhook_deliveries_open ON webhook_deliveries (status)
        WHERE status IN ('pending', 'retrying', 'dead')`,
      'DROP INDEX webhook_deliveries_due',
      `ALTER TABLE webhook_deliveries DROP COLUMN replayed_at, DROP COLUMN dead_reason,
        DROP COLUMN attempts_before_replay`,
      'CREATE INDEX webhooks_owner ON webhooks (owner_id)',
      'DROP INDEX webhooks_owner_created',
      `ALTER TABLE webhooks DROP CONSTRAINT webhooks_disabled_reason,
        DROP CONSTRAINT webhooks_event_types, DROP CONSTRAINT webhooks_url_length,
        DROP CONSTRAINT webhooks_secret_with_key, DROP COLUMN secret_key_id`,
    ];
    for (const statement of statements) await queryRunner.query(statement);
  }
}
