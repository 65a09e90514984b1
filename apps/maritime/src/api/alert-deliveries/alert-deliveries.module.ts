import { Module } from '@nestjs/common';
import { AlertDeliveriesJobModule } from '../../jobs/alert-deliveries/alert-deliveries.module';
import { DeadLetterReplayModule } from '../../pipeline/alert-delivery/dead-letter-replay.module';
import { AlertDeliveriesController } from './alert-deliveries.controller';
import { AlertDeliveriesRepository } from './alert-deliveries.repository';
import { AlertDeliveriesService } from './alert-deliveries.service';

/** Delivery history, attempts and replay of dead letters. */
@Module({
  imports: [AlertDeliveriesJobModule, DeadLetterReplayModule],
  controllers: [AlertDeliveriesController],
  providers: [AlertDeliveriesRepository, AlertDeliveriesService],
})
export class AlertDeliveriesModule {}
