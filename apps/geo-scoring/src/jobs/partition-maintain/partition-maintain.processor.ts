import { Inject, Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { QueueRegistry } from '@platform/queues';
import { DataSource } from 'typeorm';
import {
  PartitionMaintenance,
  PartitionMaintenanceResult,
} from '../../pipeline/partitions/partition-maintenance';
import { LockedResult } from '../advisory-lock';
import { JOB_QUEUES } from '../job-queues';
import { runLockedTask } from '../maintenance-processor';

/** Daily 00:10 UTC: next monthly partitions, expired ones dropped (design 1.5). */
@Injectable()
export class PartitionMaintainProcessor implements OnModuleInit {
  private readonly logger = new Logger(PartitionMaintainProcessor.name);

  constructor(
    @Inject(QueueRegistry) private readonly queues: QueueRegistry,
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(PartitionMaintenance) private readonly maintenance: PartitionMaintenance,
  ) {}

  onModuleInit(): void {
    this.queues.process(JOB_QUEUES.partitionMaintain, () => this.run());
  }

  run(today: Date = new Date()): Promise<LockedResult<PartitionMaintenanceResult>> {
    return runLockedTask(this.logger, this.dataSource, JOB_QUEUES.partitionMaintain, () =>
      this.maintenance.run(today),
    );
  }
}
