import { Module } from '@nestjs/common';

/** The forecasts-issue queue. */
@Module({})
export class ForecastsIssueJobModule {}
