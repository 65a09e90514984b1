import { Module } from '@nestjs/common';
import { AlertDeliveryModule } from '../../pipeline/alert-delivery/alert-delivery.module';
import { AlertChannelsController } from './alert-channels.controller';
import { AlertChannelsRepository } from './alert-channels.repository';
import { AlertChannelsService } from './alert-channels.service';

/** Delivery channels (slack, teams, email, webhook) and their test send. */
@Module({
  imports: [AlertDeliveryModule],
  controllers: [AlertChannelsController],
  providers: [AlertChannelsRepository, AlertChannelsService],
})
export class AlertChannelsModule {}
