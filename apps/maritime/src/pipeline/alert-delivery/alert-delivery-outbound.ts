import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { MaritimeConfig } from '@platform/config';
import {
  OutboundTargetGuard,
  PinnedAgents,
  RetrySchedule,
  WebhookSender,
} from '@platform/webhooks';
import type { ChannelAttemptResult } from './attempt-outcome';
import type { ChannelConfigs, ChannelType, ConfigRules } from './channel-config';
import {
  sendThrough,
  SlackChannelSender,
  TeamsChannelSender,
  WebhookChannelSender,
  type ChannelSenderMap,
} from './channel-senders';
import type { DeliveryMessage } from './delivery-message';
import { EmailChannelSender } from './email-sender';

/** User-Agent of every alert request (chat webhooks and user endpoints). */
export const ALERT_USER_AGENT = 'maritime-alerts/1';

/**
 * The outbound side of alert delivery, built once per replica: the SSRF guard (private targets
 * only with ALLOW_PRIVATE_TARGETS), keep-alive connections pinned to checked addresses, the HTTP
 * sender (15 s per attempt), the SMTP transport, one sender per channel type, and the retry
 * schedule scaled by DELIVERY_SCHEDULE_FACTOR for the queued pipeline.
 */
@Injectable()
export class AlertDeliveryOutbound implements OnApplicationShutdown {
  readonly guard: OutboundTargetGuard;
  readonly agents = new PinnedAgents();
  readonly http: WebhookSender;
  readonly email: EmailChannelSender;
  readonly senders: ChannelSenderMap;
  readonly schedule: RetrySchedule;
  readonly rules: ConfigRules;

  constructor(@Inject(MaritimeConfig) config: MaritimeConfig, @Inject(Clock) clock: Clock) {
    this.guard = new OutboundTargetGuard({ allowPrivateTargets: config.ALLOW_PRIVATE_TARGETS });
    this.http = new WebhookSender({
      guard: this.guard,
      agents: this.agents,
      userAgent: ALERT_USER_AGENT,
      now: () => clock.now(),
    });
    this.email = new EmailChannelSender({
      smtpUrl: config.SMTP_URL ?? null,
      from: config.SMTP_FROM,
      now: () => clock.now(),
    });
    this.senders = {
      slack: new SlackChannelSender(this.http),
      teams: new TeamsChannelSender(this.http),
      email: this.email,
      webhook: new WebhookChannelSender(this.http),
    };
    this.schedule = new RetrySchedule({ factor: config.DELIVERY_SCHEDULE_FACTOR });
    this.rules = { slackWebhookBase: config.SLACK_WEBHOOK_BASE };
  }

  send<C extends ChannelType>(
    channel: C,
    config: ChannelConfigs[C],
    message: DeliveryMessage,
  ): Promise<ChannelAttemptResult> {
    return sendThrough(this.senders, channel, config, message);
  }

  async onApplicationShutdown(): Promise<void> {
    this.email.close();
    await this.agents.close();
  }
}
