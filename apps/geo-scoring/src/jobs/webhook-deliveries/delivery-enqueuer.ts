import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { QueueRegistry } from '@platform/queues';
import { enqueueDeliveries } from '@platform/webhooks';
import {
  DataSource,
  EntitySubscriberInterface,
  TransactionCommitEvent,
  TransactionRollbackEvent,
} from 'typeorm';
import { takeStagedDeliveries } from '../../pipeline/webhooks/after-commit';
import { JOB_QUEUES } from '../job-queues';

/**
 * Enqueues outbox deliveries once the transaction that wrote them commits (job id = delivery id),
 * and forgets them on rollback. It listens to the app's DataSource, so every transaction of the
 * app is covered: ingestion, score refreshes, portfolio refreshes. The enqueue is not awaited by
 * the commit: with Redis away the commit still returns, and the outbox sweep enqueues the
 * deliveries later.
 */
@Injectable()
export class DeliveryEnqueuer implements EntitySubscriberInterface, OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('WebhookOutbox');

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(QueueRegistry) private readonly queues: QueueRegistry,
  ) {}

  onModuleInit(): void {
    this.dataSource.subscribers.push(this);
  }

  onModuleDestroy(): void {
    const index = this.dataSource.subscribers.indexOf(this);
    if (index >= 0) this.dataSource.subscribers.splice(index, 1);
  }

  afterTransactionCommit(event: TransactionCommitEvent): void {
    // Still active after releasing a savepoint: only the outermost COMMIT counts.
    if (event.queryRunner.isTransactionActive) return;
    const ids = takeStagedDeliveries(event.queryRunner);
    if (ids.length === 0) return;
    enqueueDeliveries(this.queues.queue(JOB_QUEUES.webhookDeliveries), ids).catch(
      (error: unknown) => {
        this.logger.warn(
          { deliveries: ids.length, err: error },
          'deliveries committed but not enqueued; the outbox sweep will enqueue them',
        );
      },
    );
  }

  afterTransactionRollback(event: TransactionRollbackEvent): void {
    if (!event.queryRunner.isTransactionActive) takeStagedDeliveries(event.queryRunner);
  }
}
