import { Module } from '@nestjs/common';
import { WebhookReplayRepository } from './webhook-replay.repository';

/** Replays of undelivered deliveries: the database only, so `geo webhooks replay` needs no secret. */
@Module({
  providers: [WebhookReplayRepository],
  exports: [WebhookReplayRepository],
})
export class WebhookReplayModule {}
