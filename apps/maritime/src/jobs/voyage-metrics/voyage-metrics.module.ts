import { Module } from '@nestjs/common';
import { VoyageMetricsModule } from '../../pipeline/voyage-metrics/voyage-metrics.module';
import { VoyageMetricsProcessor } from './voyage-metrics.processor';

/** The voyage-metrics queue: the 04:30 sweep and the runs completed voyages ask for. */
@Module({
  imports: [VoyageMetricsModule],
  providers: [VoyageMetricsProcessor],
})
export class VoyageMetricsJobModule {}
