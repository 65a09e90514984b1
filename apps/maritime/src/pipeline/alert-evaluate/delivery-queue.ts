/**
 * Where created deliveries go once their transaction has committed. The jobs module provides
 * the BullMQ implementation, so the evaluation itself has no queue code.
 */
export abstract class DeliveryQueue {
  abstract enqueue(deliveryIds: readonly string[]): Promise<void>;
}
