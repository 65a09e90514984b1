import { Module } from '@nestjs/common';
import { PartitionMaintenance } from './partition-maintenance';
import { PartitionsRepository } from './partitions.repository';

/** Monthly partitions of activity_events and score_snapshots: partition-maintain. */
@Module({
  providers: [PartitionsRepository, PartitionMaintenance],
  exports: [PartitionMaintenance],
})
export class PartitionsModule {}
