import { Module } from '@nestjs/common';
import { CongestionPipelineModule } from '../congestion/congestion-pipeline.module';
import { DestinationsPipelineModule } from '../destinations/destinations-pipeline.module';
import { ForecastsPipelineModule } from '../forecasts/forecasts-pipeline.module';
import { RiskModule } from '../risk/risk.module';
import { SanctionsScreeningModule } from '../sanctions/sanctions.module';
import { VoyageMetricsModule } from '../voyage-metrics/voyage-metrics.module';
import { MaritimeSeeder } from './maritime-seeder';
import { SeedRepository } from './seed.repository';

@Module({
  imports: [
    RiskModule,
    SanctionsScreeningModule,
    VoyageMetricsModule,
    DestinationsPipelineModule,
    ForecastsPipelineModule,
    CongestionPipelineModule,
  ],
  providers: [SeedRepository, MaritimeSeeder],
  exports: [MaritimeSeeder, SeedRepository],
})
export class SeedModule {}
