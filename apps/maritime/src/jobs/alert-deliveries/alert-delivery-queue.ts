import { Inject, Injectable } from '@nestjs/common';
import { QueueRegistry } from '@platform/queues';
import { enqueueDeliveries, enqueueDeliveriesNow } from '@platform/webhooks';
import type { Queue } from 'bullmq';
import { JOB_QUEUES } from '../job-queues';
import type { DeadLetterRow } from './alert-delivery.queries';

/** Name of the jobs of `mar:alert-deliveries-dlq`; the job id is the delivery id. */
export const DEAD_LETTER_JOB_NAME = 'dead-letter';

/** What a dead-letter mirror job carries: enough for on-call to read it on the queue board. */
export interface DeadLetterJobData {
  delivery_id: string;
  owner_id: string;
  reason_code: string;
  last_error: string | null;
  dead_lettered_at: string;
}

/**
 * The one way into the delivery queue. Whoever creates `alert_deliveries` rows (the alert
 * evaluation, a replay) commits them first, then calls `enqueue(ids)`: the job id is the delivery
 * id, so enqueueing twice is a no-op, and a delivery committed but never enqueued is picked up by
 * the worker's sweep within about two minutes.
 */
@Injectable()
export class AlertDeliveryQueue {
  constructor(@Inject(QueueRegistry) private readonly queues: QueueRegistry) {}

  get deliveries(): Queue {
    return this.queues.queue(JOB_QUEUES.alertDeliveries);
  }

  get deadLetters(): Queue {
    return this.queues.queue(JOB_QUEUES.alertDeliveriesDlq);
  }

  /** Enqueues committed deliveries by id (idempotent per id). */
  enqueue(deliveryIds: readonly string[]): Promise<void> {
    return enqueueDeliveries(this.deliveries, deliveryIds);
  }

  /** Enqueues to run now, promoting a job still delayed (replays). */
  enqueueNow(deliveryIds: readonly string[]): Promise<void> {
    return enqueueDeliveriesNow(this.deliveries, deliveryIds);
  }

  /**
   * Mirrors a dead letter on `alert-deliveries-dlq`, where it waits (no worker takes it) so the
   * queue board and the queue metrics show it. The `dead_letters` row is the record.
   */
  async mirrorDeadLetter(row: DeadLetterRow): Promise<void> {
    await mirrorDeadLetter(this.deadLetters, row);
  }

  /** Takes replayed dead letters off the mirror. */
  async dropDeadLetters(deliveryIds: readonly string[]): Promise<void> {
    await dropDeadLetters(this.deadLetters, deliveryIds);
  }
}

export async function mirrorDeadLetter(queue: Queue, row: DeadLetterRow): Promise<void> {
  const data: DeadLetterJobData = {
    delivery_id: row.delivery_id,
    owner_id: row.owner_id,
    reason_code: row.reason_code,
    last_error: row.last_error,
    dead_lettered_at: row.dead_lettered_at.toISOString(),
  };
  await queue.add(DEAD_LETTER_JOB_NAME, data, {
    jobId: row.delivery_id,
    removeOnComplete: true,
    removeOnFail: true,
  });
}

export async function dropDeadLetters(queue: Queue, deliveryIds: readonly string[]): Promise<void> {
  for (const id of deliveryIds) await queue.remove(id);
}
