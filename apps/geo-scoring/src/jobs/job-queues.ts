/**
 * Queue names (`geo:<name>`; see docs/geo-scoring/jobs.md#queues-and-schedules). BullMQ forbids ':'
 * in queue names, so the `geo` part is the BullMQ prefix derived from REDIS_PREFIX (see
 * @platform/queues bullPrefix) and these bare names are the queues: keys are `geo:score-refresh:…`
 * in production.
 */
export const JOB_QUEUES = {
  scoreRefresh: 'score-refresh',
  spatialDiagnostics: 'spatial-diagnostics',
  robustnessClassify: 'robustness-classify',
  rollupReconcile: 'rollup-reconcile',
  populationRefresh: 'population-refresh',
  partitionMaintain: 'partition-maintain',
  retention: 'retention',
  licenceTiers: 'licence-tiers',
  webhookDeliveries: 'webhook-deliveries',
  outboxSweep: 'outbox-sweep',
  portfolioMonitor: 'portfolio-monitor',
} as const;

export type JobQueueName = (typeof JOB_QUEUES)[keyof typeof JOB_QUEUES];

/** Daily schedules (cron, UTC), one job scheduler per queue. */
export const JOB_SCHEDULES: readonly { queue: JobQueueName; pattern: string }[] = [
  { queue: JOB_QUEUES.partitionMaintain, pattern: '10 0 * * *' },
  { queue: JOB_QUEUES.retention, pattern: '0 1 * * *' },
  { queue: JOB_QUEUES.licenceTiers, pattern: '30 2 * * *' },
  { queue: JOB_QUEUES.rollupReconcile, pattern: '0 3 * * *' },
  { queue: JOB_QUEUES.scoreRefresh, pattern: '0 4 * * *' },
  { queue: JOB_QUEUES.portfolioMonitor, pattern: '0 6 * * *' },
];

/** Schedules at a fixed interval, one job scheduler per queue (`<queue>-every-<n>s`). */
export const INTERVAL_SCHEDULES: readonly { queue: JobQueueName; everyMs: number }[] = [
  // Deliveries committed but never enqueued (a crash between commit and enqueue), or lost.
  { queue: JOB_QUEUES.outboxSweep, everyMs: 60_000 },
];

/** Data of a portfolio-monitor job: what asked for it. */
export interface PortfolioMonitorJobData {
  trigger: 'schedule' | 'score-refresh' | 'manual';
}

/** Deduplication id of the portfolio-monitor run a score refresh asks for. */
export const PORTFOLIO_MONITOR_DEDUP_ID = 'portfolio-monitor';

/** Data of a score-refresh job: the daily run has no metros (all of them). */
export interface ScoreRefreshJobData {
  trigger: 'schedule' | 'ingest' | 'manual';
  metros?: string[];
  /** YYYY-MM-DD; today (UTC) when the job runs if absent. */
  asOf?: string;
}

export interface SpatialDiagnosticsJobData {
  metroSlug: string;
  scoreRunId: string;
}

/** Deduplication id of the ingest-triggered refresh of one metro. */
export function scoreRefreshDedupId(metroSlug: string): string {
  return `score-refresh-${metroSlug}`;
}

export const POPULATION_REFRESH_DEDUP_ID = 'population-refresh';

export interface RobustnessClassifyJobData {
  scoreRunId: string;
}

export const ROBUSTNESS_CLASSIFY_DEDUP_ID = 'robustness-classify';

/**
 * Pub/sub channel announcing a finished score refresh, payload `{"score_run_id": "…"}`.
 * ioredis applies keyPrefix to keys only, never to PUBLISH/SUBSCRIBE channels, so the prefix is
 * written out here: `geo:scores-refreshed` in production, the test file's prefix in tests.
 * Subscribers (e.g. the in-memory similarity index) rebuild on it.
 */
export function scoresRefreshedChannel(redisPrefix: string): string {
  return `${redisPrefix}scores-refreshed`;
}

/**
 * Pub/sub channel announcing that satellite_embeddings changed (published after a
 * satellite-embeddings ingest commits), the embeddings twin of `scoresRefreshedChannel`.
 */
export function embeddingsUpdatedChannel(redisPrefix: string): string {
  return `${redisPrefix}embeddings-updated`;
}
