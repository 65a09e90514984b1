import type { QueueRegistry } from '@platform/queues';
import { JOB_QUEUES } from '../job-queues';

export interface VoyageMetricsRequest {
  /** Only these voyages; without it, every voyage still without metrics. */
  voyage_ids?: (number | string)[];
  /** Recompute every completed voyage. */
  all?: boolean;
}

/** Requests within this window collapse into one run. */
const TRIGGER_COALESCE_MS = 2_000;

/**
 * Asks for a voyage-metrics run soon, for whoever completes voyages (AIS derivation). A run
 * without ids computes every voyage still without metrics, so requests coalesce freely and a
 * request skipped while a run held the lock is picked up by the next one.
 */
export async function requestVoyageMetrics(queues: QueueRegistry): Promise<void> {
  await queues
    .queue<VoyageMetricsRequest>(JOB_QUEUES.voyageMetrics)
    .add(
      'voyages-completed',
      {},
      { deduplication: { id: 'voyage-metrics-requested', ttl: TRIGGER_COALESCE_MS } },
    );
}
