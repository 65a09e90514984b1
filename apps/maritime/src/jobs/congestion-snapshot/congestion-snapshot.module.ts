import { Module } from '@nestjs/common';
import { CongestionPipelineModule } from '../../pipeline/congestion/congestion-pipeline.module';
import { CongestionSnapshotProcessor } from './congestion-snapshot.processor';

/** The congestion-snapshot queue. */
@Module({
  imports: [CongestionPipelineModule],
  providers: [CongestionSnapshotProcessor],
})
export class CongestionSnapshotJobModule {}
