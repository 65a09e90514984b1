import { Module } from '@nestjs/common';
import { AlertDedupe } from '../../pipeline/alert-evaluate/alert-dedupe';
import { AlertEvaluateRepository } from '../../pipeline/alert-evaluate/alert-evaluate.repository';
import { AlertEvaluateService } from '../../pipeline/alert-evaluate/alert-evaluate.service';
import { DeliveryQueue } from '../../pipeline/alert-evaluate/delivery-queue';
import { AlertDeliveriesJobModule } from '../alert-deliveries/alert-deliveries.module';
import { AlertEvaluateProcessor } from './alert-evaluate.processor';
import { QueuedDeliveries } from './queued-deliveries';

/** The alert-evaluate queue: new alerts against every owner's rules and watchlist. */
@Module({
  imports: [AlertDeliveriesJobModule],
  providers: [
    AlertEvaluateRepository,
    AlertDedupe,
    { provide: DeliveryQueue, useClass: QueuedDeliveries },
    AlertEvaluateService,
    AlertEvaluateProcessor,
  ],
  exports: [AlertEvaluateService],
})
export class AlertEvaluateModule {}
