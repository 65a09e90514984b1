import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { QueueProcessor, type JobProcessor } from '@platform/queues';
import {
  RetentionRepository,
  RetentionResult,
} from '../../pipeline/retention/retention.repository';
import { JOB_QUEUES } from '../job-queues';

/** Daily 01:00 UTC: webhook rows after 30 days, diagnostics runs after 7. Exclusive. */
@Injectable()
@QueueProcessor(JOB_QUEUES.retention, { exclusive: true })
export class RetentionProcessor implements JobProcessor<unknown, RetentionResult> {
  constructor(
    @Inject(RetentionRepository) private readonly retention: RetentionRepository,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  process(): Promise<RetentionResult> {
    return this.retention.purge(this.clock.now());
  }
}
