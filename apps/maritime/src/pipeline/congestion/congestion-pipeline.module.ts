import { Module } from '@nestjs/common';
import { CongestionSnapshotService } from './congestion-snapshot.service';

/** Congestion snapshots from port calls: the hourly job, on-demand refreshes and the seed. */
@Module({
  providers: [CongestionSnapshotService],
  exports: [CongestionSnapshotService],
})
export class CongestionPipelineModule {}
