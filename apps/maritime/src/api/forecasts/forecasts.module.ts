import { Module } from '@nestjs/common';

/** Port-arrival forecasts and their accuracy. */
@Module({})
export class ForecastsModule {}
