import { Inject, Injectable } from '@nestjs/common';
import { DeliveryQueue } from '../../pipeline/alert-evaluate/delivery-queue';
import { AlertDeliveryQueue } from '../alert-deliveries/alert-delivery-queue';

/** Deliveries onto `alert-deliveries` through its one entry point (job id = delivery id). */
@Injectable()
export class QueuedDeliveries extends DeliveryQueue {
  constructor(@Inject(AlertDeliveryQueue) private readonly deliveries: AlertDeliveryQueue) {
    super();
  }

  enqueue(deliveryIds: readonly string[]): Promise<void> {
    return this.deliveries.enqueue(deliveryIds);
  }
}
