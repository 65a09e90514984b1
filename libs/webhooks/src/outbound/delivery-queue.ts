import { DelayedError, type JobsOptions, type Queue, Worker } from 'bullmq';
import type Redis from 'ioredis';
import type { DeliveryRunner, DeliveryStep } from './delivery-runner';
import type { PendingDelivery } from './delivery-store';

/** Name of every delivery job; the job id is the delivery id. */
export const DELIVERY_JOB_NAME = 'deliver';

/** Jobs added per round trip when many deliveries are enqueued at once. */
const ENQUEUE_CHUNK = 1_000;

/**
 * Options of a delivery's job. The job id is the delivery id, so enqueueing it again while it
 * waits, is delayed for a retry or runs is a no-op (the outbox sweep relies on that). Finished
 * jobs are removed at once: the delivery row is the record, and a removed id can be enqueued
 * again by a replay.
 */
export function deliveryJobOptions(deliveryId: string): JobsOptions {
  return { jobId: deliveryId, removeOnComplete: true, removeOnFail: true };
}

/** Enqueues deliveries by id (idempotent per id), in bulk. */
export async function enqueueDeliveries(
  queue: Queue,
  deliveryIds: readonly string[],
): Promise<void> {
  for (let start = 0; start < deliveryIds.length; start += ENQUEUE_CHUNK) {
    await queue.addBulk(
      deliveryIds.slice(start, start + ENQUEUE_CHUNK).map((id) => ({
        name: DELIVERY_JOB_NAME,
        data: {},
        opts: deliveryJobOptions(id),
      })),
    );
  }
}

/**
 * Enqueues deliveries to run now (a replay): one whose job still waits in the delayed set (a
 * canceled retry, say) is promoted, since adding its id again would be a no-op until that delay
 * ends. One id at a time: replays are rare and small next to deliveries.
 */
export async function enqueueDeliveriesNow(
  queue: Queue,
  deliveryIds: readonly string[],
): Promise<void> {
  const missing: string[] = [];
  for (const id of deliveryIds) {
    const job = await queue.getJob(id);
    if (job === undefined) missing.push(id);
    else if (await job.isDelayed()) await job.promote();
  }
  await enqueueDeliveries(queue, missing);
}

export interface DeliveryWorkerOptions<D extends PendingDelivery> {
  /** Bare queue name (`webhook-deliveries`). */
  queue: string;
  /** A connection with `maxRetriesPerRequest: null`, as BullMQ requires. */
  connection: Redis;
  /** BullMQ key prefix (`geo`). */
  prefix: string;
  runner: DeliveryRunner<D>;
  /** Deliveries in flight at once in this process; 16 by default. */
  concurrency?: number;
  /**
   * How long a running delivery's lock lives between renewals (renewed every half of it), and
   * how often this worker looks for deliveries of a dead worker. 10 s by default: a killed
   * replica's in-flight deliveries run again elsewhere within about half a minute.
   */
  lockDurationMs?: number;
  stalledIntervalMs?: number;
  /** Worker name in Redis (CLIENT LIST), e.g. `geo-scoring:<pid>`. */
  name?: string;
}

/**
 * A BullMQ worker that runs each job through the DeliveryRunner. A retry keeps the same job (and
 * so the same id): it moves to the delayed set until the next attempt is due. A delivery whose
 * worker died mid-attempt is picked up again after its lock expires; the receiver may then see
 * the message twice, always with the same `webhook-id`.
 */
export function createDeliveryWorker<D extends PendingDelivery>(
  options: DeliveryWorkerOptions<D>,
): Worker {
  const lockDuration = options.lockDurationMs ?? 10_000;
  return new Worker(
    options.queue,
    async (job, token): Promise<DeliveryStep['kind']> => {
      if (job.id === undefined) return 'nothing_to_do';
      const step = await options.runner.run(job.id);
      if (step.kind === 'retry') {
        await job.moveToDelayed(Date.now() + step.delayMs, token);
        // Tells BullMQ the job was moved on purpose: neither completed nor failed.
        throw new DelayedError();
      }
      return step.kind;
    },
    {
      connection: options.connection,
      prefix: options.prefix,
      concurrency: options.concurrency ?? 16,
      lockDuration,
      stalledInterval: options.stalledIntervalMs ?? lockDuration,
      // A delivery interrupted several times in a row is still a delivery to make.
      maxStalledCount: 10,
      name: options.name,
    },
  );
}
