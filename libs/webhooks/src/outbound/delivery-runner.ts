import type { AttemptResult } from './attempt-result';
import { decideNext } from './decide-next';
import type { DeliveryStore, PendingDelivery } from './delivery-store';
import { RetrySchedule } from './retry-schedule';
import type { OutboundWebhook } from './webhook-sender';

/** Sends one attempt of a delivery (the WebhookSender, or another channel's transport). */
export interface DeliveryTransport<D extends PendingDelivery = PendingDelivery> {
  send(delivery: D): Promise<AttemptResult>;
}

/** What the queue does with a delivery's job after one run. */
export type DeliveryStep =
  | { kind: 'nothing_to_do' }
  | { kind: 'canceled' }
  | { kind: 'succeeded' }
  | { kind: 'dead' }
  | { kind: 'retry'; delayMs: number };

export interface DeliveryRunnerOptions<D extends PendingDelivery> {
  store: DeliveryStore<D>;
  transport: DeliveryTransport<D>;
  schedule: RetrySchedule;
}

/**
 * One attempt of one delivery, whatever the queue: load it from the store (nothing to do when it
 * is finished or gone), cancel it when its endpoint is no longer active, send, decide the next
 * state and record both. The store is the source of truth, so running a delivery twice (a
 * re-queued job, a stalled worker) never sends a finished one again.
 */
export class DeliveryRunner<D extends PendingDelivery = PendingDelivery> {
  constructor(private readonly options: DeliveryRunnerOptions<D>) {}

  async run(deliveryId: string): Promise<DeliveryStep> {
    const delivery = await this.options.store.load(deliveryId);
    if (delivery === null) return { kind: 'nothing_to_do' };
    if (!delivery.endpoint.active) {
      await this.options.store.cancel(delivery);
      return { kind: 'canceled' };
    }
    const attempt = delivery.attemptsMade + 1;
    const result = await this.options.transport.send(delivery);
    const decision = decideNext(result, attempt, this.options.schedule);
    await this.options.store.record(delivery, { ...result, attempt }, decision);
    if (decision.status === 'retrying') return { kind: 'retry', delayMs: decision.delayMs };
    return { kind: decision.status };
  }
}

/** The transport of plain webhooks: the delivery's endpoint and message through `sender`. */
export function webhookTransport<D extends PendingDelivery>(
  sender: { send(webhook: OutboundWebhook): Promise<AttemptResult> },
  extra: Pick<OutboundWebhook, 'signatureCopies'> = {},
): DeliveryTransport<D> {
  return {
    send: (delivery) =>
      sender.send({
        url: delivery.endpoint.url,
        secret: delivery.endpoint.secret,
        messageId: delivery.message.id,
        body: delivery.message.body,
        ...extra,
      }),
  };
}
