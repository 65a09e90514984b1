import type { Job, Queue } from 'bullmq';

/** What an on-call engineer reads of one queue: its depth per state and how stale it is. */
export interface QueueStats {
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
  /** Waiting jobs that carry a priority (BullMQ keeps them apart from the wait list). */
  prioritized: number;
  /** Seconds the oldest job of the wait list has been waiting; 0 when none waits. */
  oldestWaitingAgeSeconds: number;
}

/** One queue's stats, with what its dead-letter queue holds (absent for a dead-letter queue). */
export interface QueueStatsRow extends QueueStats {
  queue: string;
  /** Jobs waiting in `<queue>-dlq`; 0 when the queue has none; undefined for a `-dlq` itself. */
  deadLettered?: number;
}

export const JOB_COUNT_STATES = ['waiting', 'active', 'delayed', 'failed', 'prioritized'] as const;

const DEAD_LETTER_SUFFIX = '-dlq';

/** The dead-letter queue of `queue`: exhausted jobs are moved to `<queue>-dlq`. */
export function deadLetterQueueName(queue: string): string {
  return `${queue}${DEAD_LETTER_SUFFIX}`;
}

export function isDeadLetterQueue(queue: string): boolean {
  return queue.endsWith(DEAD_LETTER_SUFFIX);
}

/**
 * When a job started waiting, as far as BullMQ records it: a delayed or scheduled job counts
 * from when it became due (its creation time plus its initial delay), a retried one from its
 * last attempt at the earliest. BullMQ resets the job's current delay when it leaves the delayed
 * set, so the initial one (kept in its options) is what is left to go by.
 */
export function waitingSinceMs(job: Pick<Job, 'timestamp' | 'opts' | 'processedOn'>): number {
  return Math.max(job.timestamp + (job.opts.delay ?? 0), job.processedOn ?? 0);
}

/**
 * Reads one queue's counts and its oldest waiting job (the far end of the wait list, which
 * workers take next) in two round trips. `nowMs` comes from the caller's clock.
 */
export async function readQueueStats(queue: Queue, nowMs: number): Promise<QueueStats> {
  const [counts, oldest] = await Promise.all([
    queue.getJobCounts(...JOB_COUNT_STATES),
    queue.getJobs(['wait'], 0, 0, true),
  ]);
  const first = oldest[0];
  const ageMs = first === undefined ? 0 : Math.max(0, nowMs - waitingSinceMs(first));
  return {
    waiting: counts.waiting ?? 0,
    active: counts.active ?? 0,
    delayed: counts.delayed ?? 0,
    failed: counts.failed ?? 0,
    prioritized: counts.prioritized ?? 0,
    oldestWaitingAgeSeconds: ageMs / 1000,
  };
}

/**
 * Rows in queue-name order, each queue with the jobs waiting in its dead-letter queue. A queue
 * whose stats could not be read is left out; so is the dead-letter count of a queue whose
 * dead-letter queue could not be read (never a made-up 0).
 */
export function statsRows(
  stats: ReadonlyMap<string, QueueStats>,
  knownQueues: readonly string[],
): QueueStatsRow[] {
  const sorted = [...stats].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return sorted.map(([queue, own]) => {
    if (isDeadLetterQueue(queue)) return { queue, ...own };
    const dlq = deadLetterQueueName(queue);
    const held = stats.get(dlq);
    if (held) return { queue, ...own, deadLettered: held.waiting + held.prioritized };
    return knownQueues.includes(dlq) ? { queue, ...own } : { queue, ...own, deadLettered: 0 };
  });
}
