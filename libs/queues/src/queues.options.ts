import type { DefaultJobOptions } from 'bullmq';
import type { Registry } from 'prom-client';

export interface QueuesOptions {
  redisUrl: string;
  /** The service's Redis key prefix (`geo:`); see bullPrefix. */
  redisPrefix: string;
  /** Names connections in CLIENT LIST and labels logs, e.g. `geo-scoring`. */
  service: string;
  /** false: this replica only enqueues (API-only); no Worker is created. */
  workers: boolean;
  /** Every queue this app uses (bare names: `score-refresh`, never `geo:score-refresh`). */
  queues: readonly string[];
  /** When given, a `queue_jobs` gauge (per queue and state) is collected on scrape. */
  metricsRegistry?: Registry;
  /** Job defaults; by default finished jobs are trimmed so Redis does not grow without bound. */
  defaultJobOptions?: DefaultJobOptions;
  /** How long shutdown waits for running jobs before forcing the workers closed. */
  shutdownTimeoutMs?: number;
}

export const QUEUES_OPTIONS = Symbol('QUEUES_OPTIONS');
