import { Module } from '@nestjs/common';
import { DensityRefreshService } from './density-refresh.service';

@Module({ providers: [DensityRefreshService], exports: [DensityRefreshService] })
export class DensityPipelineModule {}
