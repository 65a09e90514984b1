import { Injectable } from '@nestjs/common';
import { rowsOf } from '@platform/database';
import { TransactionalRepository } from '../../platform/database/transactional-repository';

/** Deliveries a range replay resets per statement. */
const REPLAY_BATCH = 1_000;

/** Why a delivery named by id was not replayed. */
export type ReplaySkipReason = 'not_found' | 'not_dead' | 'webhook_inactive';

// A replayed delivery is pending again with a fresh budget of 8 attempts (attempt numbers keep
// counting from the ones already made) and is due now.
const RESET = `status = 'pending', attempts_before_replay = d.attempts, next_attempt_at = $NOW,
  completed_at = NULL, dead_reason = NULL, replayed_at = $NOW`;

/**
 * Replays of undelivered deliveries (see docs/geo-scoring/webhooks.md#replay): dead ones, and
 * ones canceled when their webhook was disabled. A delivery whose webhook is (still) inactive is
 * left alone: it would only be canceled again.
 */
@Injectable()
export class WebhookReplayRepository extends TransactionalRepository {
  async replayOne(
    deliveryId: string,
    now: Date,
  ): Promise<{ replayed: true } | { replayed: false; reason: ReplaySkipReason }> {
    const [row] = await rowsOf<{ status: string; active: boolean; replayed: boolean }>(
      this.db,
      `WITH target AS (
         SELECT d.id, d.status, w.active FROM webhook_deliveries d
         JOIN webhooks w ON w.id = d.webhook_id WHERE d.id = $1 FOR UPDATE OF d
       ), reset AS (
         UPDATE webhook_deliveries d SET ${RESET.replaceAll('$NOW', '$2')}
         FROM target t
         WHERE d.id = t.id AND t.status IN ('dead', 'canceled') AND t.active
         RETURNING d.id
       )
       SELECT status, active, EXISTS (SELECT 1 FROM reset) AS replayed FROM target`,
      [deliveryId, now],
    );
    if (row === undefined) return { replayed: false, reason: 'not_found' };
    if (row.replayed) return { replayed: true };
    return {
      replayed: false,
      reason: row.status === 'dead' || row.status === 'canceled' ? 'webhook_inactive' : 'not_dead',
    };
  }

  /**
   * Replays every dead or canceled delivery created in [since, until) whose webhook is active,
   * in batches; returns their ids (to enqueue) and how many were left for inactive webhooks.
   */
  async replayRange(
    since: Date,
    until: Date,
    now: Date,
  ): Promise<{ deliveryIds: string[]; inactiveWebhooks: number }> {
    const deliveryIds: string[] = [];
    for (;;) {
      const rows = await rowsOf<{ id: string }>(
        this.db,
        `WITH picked AS (
           SELECT d.id FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
           WHERE d.status IN ('dead', 'canceled') AND d.created_at >= $1 AND d.created_at < $2
             AND w.active
           ORDER BY d.created_at, d.id
           LIMIT ${REPLAY_BATCH}
           FOR UPDATE OF d SKIP LOCKED
         ), reset AS (
           UPDATE webhook_deliveries d SET ${RESET.replaceAll('$NOW', '$3')}
           FROM picked WHERE d.id = picked.id
           RETURNING d.id
         )
         SELECT id FROM reset`,
        [since, until, now],
      );
      deliveryIds.push(...rows.map((row) => row.id));
      if (rows.length < REPLAY_BATCH) break;
    }
    const [left] = await rowsOf<{ n: number }>(
      this.db,
      `SELECT count(*)::int AS n FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
       WHERE d.status IN ('dead', 'canceled') AND d.created_at >= $1 AND d.created_at < $2
         AND NOT w.active`,
      [since, until],
    );
    return { deliveryIds, inactiveWebhooks: left?.n ?? 0 };
  }
}
