import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { QueueProcessor, QueueRegistry, type JobProcessor } from '@platform/queues';
import { enqueueDeliveries } from '@platform/webhooks';
import { OutboxSweepRepository } from '../../pipeline/webhooks/outbox-sweep.repository';
import { JOB_QUEUES } from '../job-queues';

/** Deliveries enqueued per sweep at most; a bigger backlog is taken over the next minutes. */
const SWEEP_LIMIT = 5_000;

export interface OutboxSweepResult {
  enqueued: number;
}

/**
 * Every 60 s: enqueues deliveries that were committed but never enqueued (the process died
 * between commit and enqueue, Redis was away) or whose retry job was lost. The queue of its own
 * keeps it apart from the deliveries it feeds.
 */
@Injectable()
@QueueProcessor(JOB_QUEUES.outboxSweep)
export class OutboxSweepProcessor implements JobProcessor<unknown, OutboxSweepResult> {
  constructor(
    @Inject(OutboxSweepRepository) private readonly outbox: OutboxSweepRepository,
    @Inject(QueueRegistry) private readonly queues: QueueRegistry,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async process(): Promise<OutboxSweepResult> {
    const ids = await this.outbox.due(this.clock.now(), SWEEP_LIMIT);
    await enqueueDeliveries(this.queues.queue(JOB_QUEUES.webhookDeliveries), ids);
    return { enqueued: ids.length };
  }
}
