import { DeliveryRunner, type DeliveryStep, type RetrySchedule } from '@platform/webhooks';
import type { AlertDeliveryOutbound } from '../../pipeline/alert-delivery/alert-delivery-outbound';
import type { ChannelAttemptResult } from '../../pipeline/alert-delivery/attempt-outcome';
import { decideChannelNext, httpView } from '../../pipeline/alert-delivery/channel-decision';
import type { AlertPendingDelivery, AlertDeliveryStore } from './alert-delivery.store';

/**
 * One attempt of one alert delivery. It extends the shared runner so the shared BullMQ worker
 * runs it, and keeps its steps (load, cancel when the channel is gone or disabled, send, decide,
 * record) with two channel rules added: a configuration that cannot be used dead-letters at once
 * with `config_invalid` and nothing sent, and SMTP outcomes are decided by `decideChannelNext`.
 */
export class AlertDeliveryRunner extends DeliveryRunner<AlertPendingDelivery> {
  constructor(
    private readonly store: AlertDeliveryStore,
    private readonly outbound: AlertDeliveryOutbound,
    private readonly schedule: RetrySchedule,
  ) {
    super({
      store,
      // What the shared run() would use; run() below is the one that runs.
      transport: { send: async (delivery) => httpView(await sendOf(outbound, delivery)) },
      schedule,
    });
  }

  override async run(deliveryId: string): Promise<DeliveryStep> {
    const delivery = await this.store.load(deliveryId);
    if (delivery === null) return { kind: 'nothing_to_do' };
    if (!delivery.endpoint.active) {
      await this.store.cancel(delivery);
      return { kind: 'canceled' };
    }
    if ('problem' in delivery.send) {
      await this.store.deadLetterUnsent(delivery, 'config_invalid', delivery.send.problem);
      return { kind: 'dead' };
    }
    const attempt = delivery.attemptsMade + 1;
    const result = await sendOf(this.outbound, delivery);
    const decision = decideChannelNext(result, attempt, this.schedule);
    await this.store.record(delivery, { ...result, attempt }, decision);
    if (decision.status === 'retrying') return { kind: 'retry', delayMs: decision.delayMs };
    return { kind: decision.status };
  }
}

async function sendOf(
  outbound: AlertDeliveryOutbound,
  delivery: AlertPendingDelivery,
): Promise<ChannelAttemptResult> {
  if ('problem' in delivery.send) throw new Error(delivery.send.problem);
  return outbound.send(delivery.channel, delivery.send.config, delivery.send.message);
}
