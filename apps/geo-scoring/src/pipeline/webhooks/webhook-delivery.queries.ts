// The SQL of webhook deliveries, each statement for many deliveries at once (the store batches
// concurrent calls): loading what to send, and recording attempts with the next state.
import { rowsOf, type SqlRunner } from '@platform/database';
import type { AttemptOutcome, DeadReason } from '@platform/webhooks';
import { FAILING_AFTER_DEAD_DELIVERIES } from './webhook-event-types';

export interface DeliveryRow {
  id: string;
  attempts: number;
  attempts_made: number;
  webhook_id: string;
  url: string;
  active: boolean;
  secret_enc: Buffer | null;
  secret_key_id: string | null;
  event_id: string;
  type: string;
  payload: unknown;
  created_at: Date;
}

/** One attempt to record, with the state it moves its delivery to. */
export interface AttemptWrite {
  deliveryId: string;
  webhookId: string;
  /** The attempt's number among all of the delivery's attempts (replays included). */
  attemptNo: number;
  status: 'succeeded' | 'retrying' | 'dead';
  attemptedAt: Date;
  nextAttemptAt: Date | null;
  deadReason: DeadReason | null;
  durationMs: number;
  statusCode: number | null;
  error: string | null;
  responseExcerpt: string | null;
  outcome: AttemptOutcome;
}

/** Deliveries still to attempt (pending or retrying) among `ids`, with webhook and event. */
export function loadDeliveries(db: SqlRunner, ids: readonly string[]): Promise<DeliveryRow[]> {
  return rowsOf<DeliveryRow>(
    db,
    `SELECT d.id, d.attempts, d.attempts - d.attempts_before_replay AS attempts_made,
       w.id AS webhook_id, w.url, w.active, w.secret_enc, w.secret_key_id,
       e.id AS event_id, e.type, e.payload, e.created_at
     FROM webhook_deliveries d
     JOIN webhooks w ON w.id = d.webhook_id
     JOIN webhook_events e ON e.id = d.event_id
     WHERE d.id = ANY ($1::text[]) AND d.status IN ('pending', 'retrying')`,
    [ids],
  );
}

/**
 * One attempt row per write, and each delivery's next state unless another run of the same
 * delivery recorded first (a stalled job run twice: its attempt still gets a row). A success also
 * clears its webhook's run of dead deliveries, written only when there is one. One statement;
 * returns the ids of the deliveries it moved.
 */
export async function recordAttempts(
  db: SqlRunner,
  writes: readonly AttemptWrite[],
): Promise<Set<string>> {
  const column = <T>(pick: (write: AttemptWrite) => T): T[] => writes.map(pick);
  const rows = await rowsOf<{ id: string }>(
    db,
    `WITH u AS (
       SELECT * FROM unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::timestamptz[],
         $6::timestamptz[], $7::text[], $8::int[], $9::int[], $10::text[], $11::text[], $12::text[])
       AS u (delivery_id, webhook_id, attempt_no, status, attempted_at, next_attempt_at,
         dead_reason, duration_ms, status_code, error, response_excerpt, outcome)
     ), moved AS (
       UPDATE webhook_deliveries d SET status = u.status, attempts = u.attempt_no,
         last_attempt_at = u.attempted_at, next_attempt_at = u.next_attempt_at,
         dead_reason = u.dead_reason,
         completed_at = CASE WHEN u.status IN ('succeeded', 'dead') THEN u.attempted_at END
       FROM u
       WHERE d.id = u.delivery_id AND d.attempts = u.attempt_no - 1
         AND d.status IN ('pending', 'retrying')
       RETURNING d.id, d.webhook_id, d.status
     ), attempt AS (
       INSERT INTO webhook_delivery_attempts (delivery_id, webhook_id, attempt_no, attempted_at,
         duration_ms, status_code, error, response_excerpt, outcome)
       SELECT delivery_id, webhook_id, attempt_no, attempted_at, duration_ms, status_code, error,
         response_excerpt, outcome
       FROM u
     ), cleared AS (
       UPDATE webhooks w SET consecutive_dead = 0
       WHERE w.consecutive_dead > 0
         AND w.id IN (SELECT webhook_id FROM moved WHERE status = 'succeeded')
     )
     SELECT id FROM moved`,
    [
      column((w) => w.deliveryId),
      column((w) => w.webhookId),
      column((w) => w.attemptNo),
      column((w) => w.status),
      column((w) => w.attemptedAt),
      column((w) => w.nextAttemptAt),
      column((w) => w.deadReason),
      column((w) => w.durationMs),
      column((w) => w.statusCode),
      column((w) => w.error),
      column((w) => w.responseExcerpt),
      column((w) => w.outcome),
    ],
  );
  return new Set(rows.map((row) => row.id));
}

/**
 * One more dead delivery in a row for the webhook. 410 Gone disables it at once (`gone`), the
 * tenth dead delivery in a row disables it (`failing`); a webhook disabled now has its queued
 * deliveries canceled. Run it in the transaction that recorded the dead attempt.
 */
export async function countDeadDelivery(
  db: SqlRunner,
  webhookId: string,
  gone: boolean,
  now: Date,
): Promise<void> {
  const [webhook] = await rowsOf<{ disabled: boolean }>(
    db,
    `WITH before AS (SELECT active FROM webhooks WHERE id = $1 FOR UPDATE), counted AS (
       UPDATE webhooks w SET consecutive_dead = w.consecutive_dead + 1, updated_at = $4,
         active = w.active AND NOT $2 AND w.consecutive_dead + 1 < $3,
         disabled_reason = CASE
           WHEN NOT w.active THEN w.disabled_reason
           WHEN $2 THEN 'gone'
           WHEN w.consecutive_dead + 1 >= $3 THEN 'failing'
         END
       FROM before
       WHERE w.id = $1
       RETURNING before.active AND NOT w.active AS disabled
     )
     SELECT disabled FROM counted`,
    [webhookId, gone, FAILING_AFTER_DEAD_DELIVERIES, now],
  );
  if (!webhook?.disabled) return;
  await db.query(
    `UPDATE webhook_deliveries SET status = 'canceled', completed_at = $2
     WHERE webhook_id = $1 AND status IN ('pending', 'retrying')`,
    [webhookId, now],
  );
}
