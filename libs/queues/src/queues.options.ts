import type { Clock } from '@platform/clock';
import type { DefaultJobOptions } from 'bullmq';
import type { Registry } from 'prom-client';

/** The on-call queue board (bull-board), mounted only when these are given. */
export interface QueueBoardOptions {
  /** Accepted as `Authorization: Bearer <token>` or as the password of HTTP Basic auth. */
  token: string;
  /** true: the board only shows; false: retry, clean, promote and remove are allowed too. */
  readOnly: boolean;
}

export interface QueuesOptions {
  redisUrl: string;
  /** The service's Redis key prefix (`geo:`); see bullPrefix. */
  redisPrefix: string;
  /** Names connections in CLIENT LIST and labels logs, e.g. `geo-scoring`. */
  service: string;
  /** false: this replica only enqueues (API-only); no Worker is created. */
  workers: boolean;
  /**
   * Every queue this app uses, dead-letter queues (`<queue>-dlq`) included (bare names:
   * `score-refresh`, never `geo:score-refresh`). The board, the gauges and shutdown cover
   * exactly these.
   */
  queues: readonly string[];
  /** When given, per-queue gauges (see registerQueueMetrics) are collected on scrape. */
  metricsRegistry?: Registry;
  /** What "now" is for the oldest-waiting-job age; the system clock by default. */
  clock?: Clock;
  /** Job defaults; by default finished jobs are trimmed so Redis does not grow without bound. */
  defaultJobOptions?: DefaultJobOptions;
  /** How long shutdown waits for running jobs before forcing the workers closed. */
  shutdownTimeoutMs?: number;
  /** The queue board at `/admin/queues`; not mounted when absent. */
  board?: QueueBoardOptions;
}

export const QUEUES_OPTIONS = Symbol('QUEUES_OPTIONS');
