import { Module } from '@nestjs/common';
import { WebhookOutboxRepository } from './webhook-outbox.repository';

/**
 * The outbox writer (see docs/geo-scoring/webhooks.md#outbox): needs only the database and the
 * clock, so the score refresh and ingestion use it in the app, in commands and in the seed alike.
 */
@Module({
  providers: [WebhookOutboxRepository],
  exports: [WebhookOutboxRepository],
})
export class WebhookOutboxModule {}
