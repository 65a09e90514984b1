import { Injectable } from '@nestjs/common';
import { rowsOf } from '@platform/database';
import { TransactionalRepository } from '../../platform/database/transactional-repository';

/** A pending delivery this old was committed but never enqueued (or its job was lost). */
export const PENDING_GRACE_MS = 30_000;
/** A retrying delivery this far past its due time lost its delayed job. */
export const RETRYING_GRACE_MS = 60_000;

/**
 * The outbox sweep's query (see docs/geo-scoring/webhooks.md#outbox): deliveries that should be
 * in the queue by now, oldest first. Enqueueing one that is already there is a no-op (job id =
 * delivery id), so the sweep never doubles a delivery.
 */
@Injectable()
export class OutboxSweepRepository extends TransactionalRepository {
  async due(now: Date, limit: number): Promise<string[]> {
    const rows = await rowsOf<{ id: string }>(
      this.db,
      `SELECT id FROM webhook_deliveries
       WHERE status IN ('pending', 'retrying')
         AND next_attempt_at < $1::timestamptz - make_interval(secs => $2 / 1000.0)
         AND (status = 'pending'
           OR next_attempt_at < $1::timestamptz - make_interval(secs => $3 / 1000.0))
       ORDER BY next_attempt_at
       LIMIT $4`,
      [now, PENDING_GRACE_MS, RETRYING_GRACE_MS, limit],
    );
    return rows.map((row) => row.id);
  }
}
