import { Module } from '@nestjs/common';
import { ForecastsController } from './forecasts.controller';
import { ForecastsReadRepository } from './forecasts.repository';
import { ForecastsService } from './forecasts.service';

/** Port-arrival forecasts and their accuracy. */
@Module({
  controllers: [ForecastsController],
  providers: [ForecastsReadRepository, ForecastsService],
})
export class ForecastsModule {}
