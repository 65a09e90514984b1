// The outbox as ingestion uses it (see docs/geo-scoring/webhooks.md#outbox): permit.filed events
// written inside the ingest chunk's transaction and enqueued once it commits.
import { Injectable } from '@nestjs/common';
import { OutboxResult, WebhookOutboxRepository } from '../webhooks/webhook-outbox.repository';
import type { WebhookEventType } from '../webhooks/webhook-event-types';

export type { OutboxResult } from '../webhooks/webhook-outbox.repository';

@Injectable()
export class OutboxRepository extends WebhookOutboxRepository {
  /** Events for every subscribed webhook (owner_id null). */
  emitGlobal(type: WebhookEventType, payloads: readonly object[]): Promise<OutboxResult> {
    return this.emit(type, null, payloads);
  }
}
