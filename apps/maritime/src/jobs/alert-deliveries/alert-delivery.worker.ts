import {
  Inject,
  Injectable,
  Logger,
  OnApplicationBootstrap,
  OnApplicationShutdown,
} from '@nestjs/common';
import { Clock } from '@platform/clock';
import { MaritimeConfig } from '@platform/config';
import { QueueRegistry } from '@platform/queues';
import { createDeliveryWorker } from '@platform/webhooks';
import { DataSource } from 'typeorm';
import { AlertDeliveryOutbound } from '../../pipeline/alert-delivery/alert-delivery-outbound';
import { JOB_QUEUES } from '../job-queues';
import { AlertDeliveryQueue } from './alert-delivery-queue';
import { overdueDeliveries } from './alert-delivery.queries';
import { AlertDeliveryRunner } from './alert-delivery.runner';
import { AlertDeliveryStore } from './alert-delivery.store';

/**
 * Deliveries in flight at once per replica. Each mostly waits (receiver, SMTP, PostgreSQL,
 * Redis), so throughput grows with it; it is also the most one replica sends to one channel at once.
 */
export const DELIVERY_CONCURRENCY = 64;

/** How often a worker replica looks for deliveries the queue lost, and how old they must be. */
export const SWEEP_INTERVAL_MS = 60_000;
export const SWEEP_GRACE_MS = 30_000;
const SWEEP_LIMIT = 5_000;

/**
 * The worker of `mar:alert-deliveries` (where QUEUE_WORKERS is on): each job (id = delivery id) is
 * one attempt, run by AlertDeliveryRunner against the maritime store; a retry moves the same job
 * to the delayed set. Not a @QueueProcessor: every attempt is already a delivery_attempts row, so a
 * job_runs row per attempt would only double the writes, and it needs its own stall detection (a
 * killed replica's deliveries run again elsewhere within about half a minute). The queue registry
 * adopts it, so it drains and closes with the other workers.
 *
 * Every minute it also enqueues deliveries that are due but may have no job (committed but never
 * enqueued, a job that failed): enqueueing is idempotent per id, so this never sends twice.
 */
@Injectable()
export class AlertDeliveryWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('AlertDeliveries');
  readonly runner: AlertDeliveryRunner;
  private sweepTimer: NodeJS.Timeout | undefined;

  constructor(
    @Inject(QueueRegistry) private readonly queues: QueueRegistry,
    @Inject(AlertDeliveryStore) store: AlertDeliveryStore,
    @Inject(AlertDeliveryOutbound) outbound: AlertDeliveryOutbound,
    @Inject(AlertDeliveryQueue) private readonly queue: AlertDeliveryQueue,
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(MaritimeConfig) private readonly config: MaritimeConfig,
  ) {
    this.runner = new AlertDeliveryRunner(store, outbound, outbound.schedule);
  }

  onApplicationBootstrap(): void {
    if (!this.queues.workersEnabled) return;
    const worker = createDeliveryWorker({
      queue: JOB_QUEUES.alertDeliveries,
      connection: this.queues.connection,
      prefix: this.queues.prefix,
      runner: this.runner,
      concurrency: DELIVERY_CONCURRENCY,
      name: `${this.config.serviceName}:${process.pid}`,
    });
    worker.on('failed', (job, error) => {
      this.logger.error(
        { job_id: job?.id, err: { name: error.name, message: error.message } },
        'delivery job failed; the sweep enqueues it again',
      );
    });
    this.queues.adoptWorker(JOB_QUEUES.alertDeliveries, worker);
    this.sweepTimer = setInterval(() => {
      this.sweep().catch((error: unknown) =>
        this.logger.warn({ err: error }, 'delivery sweep failed; the next one retries'),
      );
    }, SWEEP_INTERVAL_MS);
    this.sweepTimer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.sweepTimer);
  }

  /** Enqueues deliveries due for more than SWEEP_GRACE_MS; returns how many. */
  async sweep(): Promise<number> {
    const ids = await overdueDeliveries(
      this.dataSource,
      new Date(this.clock.nowMs() - SWEEP_GRACE_MS),
      SWEEP_LIMIT,
    );
    await this.queue.enqueue(ids);
    return ids.length;
  }
}
