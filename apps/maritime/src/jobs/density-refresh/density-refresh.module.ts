import { Module } from '@nestjs/common';
import { DensityPipelineModule } from '../../pipeline/density/density-pipeline.module';
import { DensityRefreshProcessor } from './density-refresh.processor';

/** The density-refresh queue. */
@Module({ imports: [DensityPipelineModule], providers: [DensityRefreshProcessor] })
export class DensityRefreshJobModule {}
