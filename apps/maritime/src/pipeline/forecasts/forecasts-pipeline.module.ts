import { Module } from '@nestjs/common';
import { DestinationModelsRepository } from '../destinations/destination-models.repository';
import { DestinationsPipelineModule } from '../destinations/destinations-pipeline.module';
import { ForecastInputsRepository } from './forecast-inputs.repository';
import { ForecastIssuer } from './forecast-issuer.service';
import { ForecastsRepository } from './forecasts.repository';

/** Issues port-arrival forecasts (the daily job, the seed's backfill). */
@Module({
  imports: [DestinationsPipelineModule],
  providers: [
    DestinationModelsRepository,
    ForecastInputsRepository,
    ForecastsRepository,
    ForecastIssuer,
  ],
  exports: [ForecastIssuer],
})
export class ForecastsPipelineModule {}
