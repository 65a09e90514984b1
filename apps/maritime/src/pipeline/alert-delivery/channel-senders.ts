import type { WebhookSender } from '@platform/webhooks';
import type { ChannelAttemptResult } from './attempt-outcome';
import { webhookSecretKey, type ChannelConfigs, type ChannelType } from './channel-config';
import type { DeliveryMessage } from './delivery-message';
import { slackPayload, teamsPayload, webhookBody } from './payloads';

/**
 * Sends one message through one channel type, once: no retries here (the caller decides what a
 * failure means). The configuration must already have passed `validateChannelConfig`; the
 * target's address is checked again on every send by the shared SSRF guard.
 */
export interface ChannelSender<C extends ChannelType> {
  readonly channel: C;
  send(config: ChannelConfigs[C], message: DeliveryMessage): Promise<ChannelAttemptResult>;
}

/** The header maritime adds beside `webhook-signature`, with the same value. */
export const SERVICE_SIGNATURE_HEADER = 'X-Service-Signature';

export class SlackChannelSender implements ChannelSender<'slack'> {
  readonly channel = 'slack';
  constructor(private readonly sender: WebhookSender) {}

  send(config: ChannelConfigs['slack'], message: DeliveryMessage): Promise<ChannelAttemptResult> {
    return this.sender.send({
      url: config.webhook_url,
      messageId: message.id,
      body: slackPayload(message),
      secret: null,
    });
  }
}

export class TeamsChannelSender implements ChannelSender<'teams'> {
  readonly channel = 'teams';
  constructor(private readonly sender: WebhookSender) {}

  send(config: ChannelConfigs['teams'], message: DeliveryMessage): Promise<ChannelAttemptResult> {
    return this.sender.send({
      url: config.webhook_url,
      messageId: message.id,
      body: teamsPayload(message),
      secret: null,
    });
  }
}

/**
 * A user's own endpoint: the Standard Webhooks body, signed when the channel has a secret
 * (`webhook-id` = the delivery id, and `X-Service-Signature` carrying the same `v1,<base64>`).
 */
export class WebhookChannelSender implements ChannelSender<'webhook'> {
  readonly channel = 'webhook';
  constructor(private readonly sender: WebhookSender) {}

  send(config: ChannelConfigs['webhook'], message: DeliveryMessage): Promise<ChannelAttemptResult> {
    return this.sender.send({
      url: config.url,
      messageId: message.id,
      body: webhookBody(message),
      secret: config.secret === undefined ? null : webhookSecretKey(config.secret),
      signatureCopies: [SERVICE_SIGNATURE_HEADER],
    });
  }
}

export type ChannelSenderMap = { [C in ChannelType]: ChannelSender<C> };

/** Sends through the sender of `channel`. */
export function sendThrough<C extends ChannelType>(
  senders: ChannelSenderMap,
  channel: C,
  config: ChannelConfigs[C],
  message: DeliveryMessage,
): Promise<ChannelAttemptResult> {
  return (senders[channel] as ChannelSender<C>).send(config, message);
}
