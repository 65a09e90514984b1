import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { GeoScoringConfig } from '@platform/config';
import { QueueRegistry } from '@platform/queues';
import { createDeliveryWorker, DeliveryRunner, webhookTransport } from '@platform/webhooks';
import {
  GeoPendingDelivery,
  WebhookDeliveryStore,
} from '../../pipeline/webhooks/webhook-delivery.store';
import { WebhookOutbound } from '../../pipeline/webhooks/webhook-outbound';
import { JOB_QUEUES } from '../job-queues';

/**
 * Deliveries in flight at once per replica. Each mostly waits (receiver, PostgreSQL, Redis), so
 * throughput grows with it; it is also the most one replica sends to one endpoint at once.
 */
export const DELIVERY_CONCURRENCY = 64;

/**
 * The worker of `geo:webhook-deliveries` (where QUEUE_WORKERS is on): each job is one attempt of
 * one delivery, run by the shared DeliveryRunner against geo-scoring's store; a retry moves the
 * same job (id = delivery id) to the delayed set. Unlike the other queues it is not a
 * @QueueProcessor: every attempt is already a row of webhook_delivery_attempts, so a job_runs row
 * per attempt would double the writes of the busiest queue for nothing, and it needs its own
 * stall detection (a killed replica's deliveries resume within about half a minute). The queue
 * registry adopts it, so it drains and closes with the other workers (running attempts finish
 * within the shutdown timeout; with Redis away it is dropped at once).
 */
@Injectable()
export class WebhookDeliveryWorker implements OnApplicationBootstrap {
  private readonly logger = new Logger('WebhookDeliveries');
  readonly runner: DeliveryRunner<GeoPendingDelivery>;

  constructor(
    @Inject(QueueRegistry) private readonly queues: QueueRegistry,
    @Inject(WebhookDeliveryStore) store: WebhookDeliveryStore,
    @Inject(WebhookOutbound) outbound: WebhookOutbound,
    @Inject(GeoScoringConfig) private readonly config: GeoScoringConfig,
  ) {
    this.runner = new DeliveryRunner({
      store,
      transport: webhookTransport(outbound.sender),
      schedule: outbound.schedule,
    });
  }

  onApplicationBootstrap(): void {
    if (!this.queues.workersEnabled) return;
    const worker = createDeliveryWorker({
      queue: JOB_QUEUES.webhookDeliveries,
      connection: this.queues.connection,
      prefix: this.queues.prefix,
      runner: this.runner,
      concurrency: DELIVERY_CONCURRENCY,
      name: `${this.config.serviceName}:${process.pid}`,
    });
    worker.on('failed', (job, error) => {
      this.logger.error(
        { job_id: job?.id, err: { name: error.name, message: error.message } },
        'delivery job failed; the outbox sweep enqueues it again',
      );
    });
    this.queues.adoptWorker(JOB_QUEUES.webhookDeliveries, worker);
  }
}
