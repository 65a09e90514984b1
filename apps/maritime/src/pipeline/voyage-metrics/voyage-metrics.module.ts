import { Module } from '@nestjs/common';
import { VoyageMetricsRepository } from './voyage-metrics.repository';
import { VoyageMetricsService } from './voyage-metrics.service';

/** Emissions and earnings of completed voyages (the voyage-metrics job and the seed). */
@Module({
  providers: [VoyageMetricsRepository, VoyageMetricsService],
  exports: [VoyageMetricsService],
})
export class VoyageMetricsModule {}
