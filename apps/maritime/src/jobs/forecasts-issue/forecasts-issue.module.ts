import { Module } from '@nestjs/common';
import { ForecastsPipelineModule } from '../../pipeline/forecasts/forecasts-pipeline.module';
import { ForecastsIssueProcessor } from './forecasts-issue.processor';

/** The forecasts-issue queue: today's port-arrival forecasts. */
@Module({
  imports: [ForecastsPipelineModule],
  providers: [ForecastsIssueProcessor],
})
export class ForecastsIssueJobModule {}
