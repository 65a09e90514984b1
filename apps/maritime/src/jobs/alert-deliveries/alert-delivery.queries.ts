// The SQL of queued alert deliveries, each statement for many deliveries at once (the store
// batches concurrent calls): claiming what to send, recording attempts with the next state, and
// the rarer dead-letter and cancel writes.
import { rowsOf, type SqlRunner } from '@platform/database';
import type {
  ChannelAttemptOutcome,
  ChannelDeadReason,
} from '../../pipeline/alert-delivery/attempt-outcome';
import type { ChannelType } from '../../pipeline/alert-delivery/channel-config';

export interface ClaimedRow {
  id: string;
  owner_id: string;
  channel: ChannelType;
  attempts: number;
  max_attempts: number;
  /** The stored message as JSON text. */
  payload: string;
  /** Null when the channel no longer exists. */
  enabled: boolean | null;
  config_enc: Buffer | null;
  config_key_id: string | null;
}

/** The states a queued delivery can be sent from; `delivering` is a run cut short (a killed worker). */
const SENDABLE = `('pending', 'retrying', 'delivering')`;

/**
 * Marks the deliveries among `ids` that still need an attempt as `delivering` and returns them
 * with their channel's sealed configuration. A delivery left `delivering` by a worker that died
 * is claimed again by the job's next run.
 */
export function claimDeliveries(db: SqlRunner, ids: readonly string[]): Promise<ClaimedRow[]> {
  return rowsOf<ClaimedRow>(
    db,
    `WITH claimed AS (
       UPDATE alert_deliveries d SET status = 'delivering'
       WHERE d.id = ANY ($1::uuid[]) AND d.status IN ${SENDABLE}
       RETURNING d.id, d.owner_id, d.channel, d.attempts, d.max_attempts, d.payload::text AS payload
     )
     SELECT c.id::text AS id, c.owner_id, c.channel, c.attempts, c.max_attempts, c.payload,
       ch.enabled, ch.config_enc, ch.config_key_id
     FROM claimed c
     LEFT JOIN alert_channels ch ON ch.owner_id = c.owner_id AND ch.channel = c.channel`,
    [ids],
  );
}

/** One attempt to record, with the state it moves its delivery to. */
export interface AttemptWrite {
  deliveryId: string;
  attemptNo: number;
  status: 'delivered' | 'retrying' | 'dead_lettered';
  startedAt: Date;
  /** When the attempt ended: delivered_at or dead_lettered_at. */
  finishedAt: Date;
  nextAttemptAt: Date | null;
  reason: ChannelDeadReason | null;
  durationMs: number;
  statusCode: number | null;
  outcome: ChannelAttemptOutcome;
  error: string | null;
  responseExcerpt: string | null;
}

/**
 * One attempt row per write, and each delivery's next state unless another run of the same
 * delivery recorded first (a stalled job run twice). One statement; returns the ids of the
 * deliveries it moved.
 */
export async function recordAttempts(
  db: SqlRunner,
  writes: readonly AttemptWrite[],
): Promise<Set<string>> {
  const column = <T>(pick: (write: AttemptWrite) => T): T[] => writes.map(pick);
  const rows = await rowsOf<{ id: string }>(
    db,
    `WITH u AS (
       SELECT * FROM unnest($1::uuid[], $2::int[], $3::text[], $4::timestamptz[],
         $5::timestamptz[], $6::timestamptz[], $7::text[], $8::int[], $9::int[], $10::text[],
         $11::text[], $12::text[])
       AS u (delivery_id, attempt_no, status, started_at, finished_at, next_attempt_at, reason,
         duration_ms, status_code, outcome, error, response_excerpt)
     ), moved AS (
       UPDATE alert_deliveries d SET status = u.status, attempts = u.attempt_no,
         next_attempt_at = u.next_attempt_at, last_status_code = u.status_code,
         last_error = u.error, reason_code = u.reason,
         delivered_at = CASE WHEN u.status = 'delivered' THEN u.finished_at END,
         dead_lettered_at = CASE WHEN u.status = 'dead_lettered' THEN u.finished_at END
       FROM u
       WHERE d.id = u.delivery_id AND d.attempts = u.attempt_no - 1 AND d.status = 'delivering'
       RETURNING d.id
     ), attempt AS (
       INSERT INTO delivery_attempts (delivery_id, attempt_no, started_at, duration_ms,
         status_code, outcome, error, response_excerpt)
       SELECT delivery_id, attempt_no, started_at, duration_ms, status_code, outcome, error,
         response_excerpt
       FROM u
       ON CONFLICT (delivery_id, attempt_no) DO NOTHING
     )
     SELECT id::text AS id FROM moved`,
    [
      column((w) => w.deliveryId),
      column((w) => w.attemptNo),
      column((w) => w.status),
      column((w) => w.startedAt),
      column((w) => w.finishedAt),
      column((w) => w.nextAttemptAt),
      column((w) => w.reason),
      column((w) => w.durationMs),
      column((w) => w.statusCode),
      column((w) => w.outcome),
      column((w) => w.error),
      column((w) => w.responseExcerpt),
    ],
  );
  return new Set(rows.map((row) => row.id));
}

/** Dead-letters a delivery that was never sent (its configuration cannot be used); true if moved. */
export async function deadLetterUnsent(
  db: SqlRunner,
  deliveryId: string,
  reason: ChannelDeadReason,
  error: string,
  now: Date,
): Promise<boolean> {
  const rows = await rowsOf<{ id: string }>(
    db,
    `UPDATE alert_deliveries SET status = 'dead_lettered', reason_code = $2, last_error = $3,
       dead_lettered_at = $4, next_attempt_at = NULL
     WHERE id = $1 AND status = 'delivering'
     RETURNING id::text AS id`,
    [deliveryId, reason, error, now],
  );
  return rows.length > 0;
}

/** The `dead_letters` row of a delivery that just moved to dead_lettered. */
export async function insertDeadLetter(
  db: SqlRunner,
  deliveryId: string,
): Promise<DeadLetterRow | undefined> {
  const [row] = await rowsOf<DeadLetterRow>(
    db,
    `INSERT INTO dead_letters (delivery_id, owner_id, reason_code, last_error, dead_lettered_at)
     SELECT id, owner_id, reason_code, last_error, dead_lettered_at FROM alert_deliveries
     WHERE id = $1 AND status = 'dead_lettered'
     ON CONFLICT (delivery_id) DO NOTHING
     RETURNING delivery_id::text AS delivery_id, owner_id, reason_code, last_error,
       dead_lettered_at`,
    [deliveryId],
  );
  return row;
}

export interface DeadLetterRow {
  delivery_id: string;
  owner_id: string;
  reason_code: ChannelDeadReason;
  last_error: string | null;
  dead_lettered_at: Date;
}

/**
 * The receiver said 410 Gone: the owner's channel is disabled (`endpoint_gone`) and its queued
 * deliveries are cancelled. Returns how many were cancelled.
 */
export async function disableGoneChannel(
  db: SqlRunner,
  ownerId: string,
  channel: ChannelType,
  now: Date,
): Promise<number> {
  await db.query(
    `UPDATE alert_channels SET enabled = false, disabled_reason = 'endpoint_gone', updated_at = $3
     WHERE owner_id = $1 AND channel = $2 AND enabled`,
    [ownerId, channel, now],
  );
  const cancelled = await rowsOf<{ id: string }>(
    db,
    `UPDATE alert_deliveries SET status = 'cancelled', next_attempt_at = NULL
     WHERE owner_id = $1 AND channel = $2 AND status IN ('pending', 'retrying')
     RETURNING id`,
    [ownerId, channel],
  );
  return cancelled.length;
}

/** Cancels a delivery whose channel was deleted or disabled; false when it already moved on. */
export async function cancelDelivery(db: SqlRunner, deliveryId: string): Promise<boolean> {
  const rows = await rowsOf<{ id: string }>(
    db,
    `UPDATE alert_deliveries SET status = 'cancelled', next_attempt_at = NULL
     WHERE id = $1 AND status IN ${SENDABLE} RETURNING id`,
    [deliveryId],
  );
  return rows.length > 0;
}

/**
 * Deliveries the queue may have lost: pending ones committed but never enqueued (the process died
 * between commit and enqueue, Redis was away), retries whose job vanished, and runs whose job
 * failed mid-way. Only those due before `dueBefore`, so fresh ones are left to their own enqueue.
 * Pending and retrying ones are found through the partial index of open deliveries; `delivering`
 * ones are few, but the table has no index for them (see docs/maritime/alert-deliveries.md).
 */
export async function overdueDeliveries(
  db: SqlRunner,
  dueBefore: Date,
  limit: number,
): Promise<string[]> {
  const rows = await rowsOf<{ id: string }>(
    db,
    `(SELECT id::text AS id FROM alert_deliveries
      WHERE status IN ('pending', 'retrying')
        AND (next_attempt_at < $1 OR (next_attempt_at IS NULL AND created_at < $1))
      LIMIT $2)
     UNION ALL
     (SELECT id::text AS id FROM alert_deliveries
      WHERE status = 'delivering' AND coalesce(next_attempt_at, created_at) < $1
      LIMIT $2)`,
    [dueBefore, limit],
  );
  return rows.map((row) => row.id);
}
