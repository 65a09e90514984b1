import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { JobProcessor, QueueProcessor } from '@platform/queues';
import { PartitionsResult, PartitionsService } from '../../pipeline/partitions/partitions.service';
import { JOB_QUEUES } from '../job-queues';

/** Hourly at :10 and at boot: partitions up to a week ahead, expired days dropped. */
@Injectable()
@QueueProcessor(JOB_QUEUES.partitionsMaintain, { exclusive: true })
export class PartitionsMaintainProcessor implements JobProcessor<unknown, PartitionsResult> {
  constructor(
    @Inject(PartitionsService) private readonly partitions: PartitionsService,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  process(): Promise<PartitionsResult> {
    return this.partitions.maintain(this.clock.today());
  }
}
