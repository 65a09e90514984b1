import { Module } from '@nestjs/common';
import { DestinationsPipelineModule } from '../../pipeline/destinations/destinations-pipeline.module';
import { ReliabilityRecomputeProcessor } from './reliability-recompute.processor';

/** The reliability-recompute queue. */
@Module({
  imports: [DestinationsPipelineModule],
  providers: [ReliabilityRecomputeProcessor],
})
export class ReliabilityRecomputeJobModule {}
