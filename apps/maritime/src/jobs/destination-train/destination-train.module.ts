import { Module } from '@nestjs/common';
import { DestinationsPipelineModule } from '../../pipeline/destinations/destinations-pipeline.module';
import { DestinationTrainProcessor } from './destination-train.processor';

/** The destination-train queue. */
@Module({
  imports: [DestinationsPipelineModule],
  providers: [DestinationTrainProcessor],
})
export class DestinationTrainJobModule {}
