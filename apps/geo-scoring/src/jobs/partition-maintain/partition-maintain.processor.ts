import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { QueueProcessor, type JobProcessor } from '@platform/queues';
import {
  PartitionMaintenance,
  PartitionMaintenanceResult,
} from '../../pipeline/partitions/partition-maintenance';
import { JOB_QUEUES } from '../job-queues';

/** Daily 00:10 UTC: next monthly partitions, expired ones dropped. Exclusive. */
@Injectable()
@QueueProcessor(JOB_QUEUES.partitionMaintain, { exclusive: true })
export class PartitionMaintainProcessor implements JobProcessor<
  unknown,
  PartitionMaintenanceResult
> {
  constructor(
    @Inject(PartitionMaintenance) private readonly maintenance: PartitionMaintenance,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  process(): Promise<PartitionMaintenanceResult> {
    return this.maintenance.run(this.clock.now());
  }
}
