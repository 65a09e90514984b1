import { Inject, Injectable, OnApplicationShutdown } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { GeoScoringConfig } from '@platform/config';
import {
  OutboundTargetGuard,
  PinnedAgents,
  RetrySchedule,
  WebhookSender,
} from '@platform/webhooks';
import { WEBHOOK_USER_AGENT } from './webhook-event-types';

/**
 * The outbound side of webhooks, configured once per replica: the SSRF guard (private targets
 * only with ALLOW_PRIVATE_TARGETS), keep-alive connections pinned to checked addresses, the
 * sender (15 s per attempt) and the retry schedule scaled by DELIVERY_SCHEDULE_FACTOR.
 */
@Injectable()
export class WebhookOutbound implements OnApplicationShutdown {
  readonly guard: OutboundTargetGuard;
  readonly agents = new PinnedAgents();
  readonly sender: WebhookSender;
  readonly schedule: RetrySchedule;

  constructor(@Inject(GeoScoringConfig) config: GeoScoringConfig, @Inject(Clock) clock: Clock) {
    this.guard = new OutboundTargetGuard({ allowPrivateTargets: config.ALLOW_PRIVATE_TARGETS });
    this.sender = new WebhookSender({
      guard: this.guard,
      agents: this.agents,
      userAgent: WEBHOOK_USER_AGENT,
      now: () => clock.now(),
    });
    this.schedule = new RetrySchedule({ factor: config.DELIVERY_SCHEDULE_FACTOR });
  }

  // After the delivery worker has stopped (it closes before application shutdown).
  async onApplicationShutdown(): Promise<void> {
    await this.agents.close();
  }
}
