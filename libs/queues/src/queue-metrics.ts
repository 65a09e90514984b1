import type { Logger } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type Redis from 'ioredis';
import { Gauge, Registry } from 'prom-client';
import { JOB_COUNT_STATES, readQueueStats, statsRows, type QueueStats } from './queue-stats';
import type { QueueStatsRow } from './queue-stats';
import { settleWithin } from './settle-within';

/** Longest a scrape waits for one queue's numbers. */
export const SCRAPE_TIMEOUT_MS = 1000;

export interface QueueMetricsSource {
  connection: Redis;
  queues: ReadonlyMap<string, Queue>;
  nowMs(): number;
  logger: Logger;
}

/**
 * Per-queue gauges read from Redis on scrape: `queue_jobs{queue,state}` (waiting, active,
 * delayed, failed, prioritized), `queue_dead_lettered_jobs{queue}` (jobs waiting in the queue's
 * `<queue>-dlq`) and `queue_oldest_waiting_job_age_seconds{queue}`. One read serves all three
 * gauges of a scrape. A scrape never waits on Redis: nothing is read while the connection is not
 * ready (its commands would queue behind a reconnect forever), and each queue gets one second.
 */
export function registerQueueMetrics(registry: Registry, source: QueueMetricsSource): void {
  let inFlight: Promise<QueueStatsRow[]> | undefined;
  // The registry collects every metric at once, so the three gauges share one read.
  const snapshot = (): Promise<QueueStatsRow[]> =>
    (inFlight ??= readAll(source).finally(() => {
      inFlight = undefined;
    }));

  new Gauge({
    name: 'queue_jobs',
    help: 'BullMQ jobs per queue and state, read from Redis on scrape',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      const rows = await snapshot();
      this.reset();
      for (const row of rows)
        for (const state of JOB_COUNT_STATES) this.set({ queue: row.queue, state }, row[state]);
    },
  });
  new Gauge({
    name: 'queue_dead_lettered_jobs',
    help: "Jobs waiting in the queue's dead-letter queue <queue>-dlq (0 when it has none)",
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      const rows = await snapshot();
      this.reset();
      for (const row of rows)
        if (row.deadLettered !== undefined) this.set({ queue: row.queue }, row.deadLettered);
    },
  });
  new Gauge({
    name: 'queue_oldest_waiting_job_age_seconds',
    help: 'Seconds the oldest waiting job of the queue has waited (0 when none waits)',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      const rows = await snapshot();
      this.reset();
      for (const row of rows) this.set({ queue: row.queue }, row.oldestWaitingAgeSeconds);
    },
  });
}

async function readAll(source: QueueMetricsSource): Promise<QueueStatsRow[]> {
  if (source.connection.status !== 'ready') return [];
  const nowMs = source.nowMs();
  const stats = new Map<string, QueueStats>();
  const unavailable: string[] = [];
  let reason = '';
  await Promise.all(
    [...source.queues].map(async ([name, queue]) => {
      try {
        stats.set(name, await settleWithin(readQueueStats(queue, nowMs), SCRAPE_TIMEOUT_MS));
      } catch (error) {
        unavailable.push(name);
        reason = error instanceof Error ? error.message : String(error);
      }
    }),
  );
  // One line per scrape, not one per queue: a stalled Redis fails them all at once.
  if (unavailable.length > 0)
    source.logger.warn({ queues: unavailable.sort(), reason }, 'queue depth unavailable');
  return statsRows(stats, [...source.queues.keys()]);
}
