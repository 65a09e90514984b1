import { MiddlewareConsumer, Module, NestModule, RequestMethod } from '@nestjs/common';
import { DestinationsPipelineModule } from '../../pipeline/destinations/destinations-pipeline.module';
import { DestinationsController } from './destinations.controller';
import { DestinationsRepository } from './destinations.repository';
import { DestinationsService } from './destinations.service';
import { PredictBodyLimitMiddleware } from './predict-body-limit.middleware';

/** Destination prediction, its model, and declared-destination reliability. */
@Module({
  imports: [DestinationsPipelineModule],
  controllers: [DestinationsController],
  providers: [DestinationsRepository, DestinationsService, PredictBodyLimitMiddleware],
})
export class DestinationsModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(PredictBodyLimitMiddleware)
      .forRoutes({ path: 'api/v1/predict-destination', method: RequestMethod.POST });
  }
}
