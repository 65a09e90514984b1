import { Module } from '@nestjs/common';
import { AlertDeliveryModule } from '../../pipeline/alert-delivery/alert-delivery.module';
import { AlertDeliveryQueue } from './alert-delivery-queue';
import { AlertDeliveryStore } from './alert-delivery.store';
import { AlertDeliveryWorker } from './alert-delivery.worker';

/**
 * The alert-deliveries queue: its worker (in replicas with QUEUE_WORKERS), its dead-letter mirror,
 * and `AlertDeliveryQueue`, the one way to enqueue deliveries (alert evaluation, replays).
 */
@Module({
  imports: [AlertDeliveryModule],
  providers: [AlertDeliveryQueue, AlertDeliveryStore, AlertDeliveryWorker],
  exports: [AlertDeliveryQueue],
})
export class AlertDeliveriesJobModule {}
