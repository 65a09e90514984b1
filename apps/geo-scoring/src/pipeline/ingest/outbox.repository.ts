// The webhook outbox written inside the triggering transaction
// (see docs/geo-scoring/webhook-events.md#outbox): one event row and one pending delivery per
// active subscribed webhook. No subscriber, no rows.
import { Injectable } from '@nestjs/common';
import { ulid } from 'ulid';
import { TransactionalRepository } from '../../platform/database/transactional-repository';

export interface OutboxResult {
  eventIds: string[];
  deliveryIds: string[];
}

@Injectable()
export class OutboxRepository extends TransactionalRepository {
  async emitGlobal(type: string, payloads: readonly object[]): Promise<OutboxResult> {
    if (payloads.length === 0) return { eventIds: [], deliveryIds: [] };
    const webhooks = await this.db.query<{ id: string }[]>(
      `SELECT id FROM webhooks WHERE active AND events @> ARRAY[$1]::text[] ORDER BY id`,
      [type],
    );
    if (webhooks.length === 0) return { eventIds: [], deliveryIds: [] };
    const eventIds = payloads.map(() => `evt_${ulid()}`);
    await this.db.query(
      `INSERT INTO webhook_events (id, type, owner_id, payload)
       SELECT u.id, $2, NULL, u.payload FROM unnest($1::text[], $3::jsonb[]) AS u (id, payload)`,
      [eventIds, type, payloads.map((payload) => JSON.stringify(payload))],
    );
    const deliveries = eventIds.flatMap((eventId) =>
      webhooks.map((webhook) => ({ id: `dlv_${ulid()}`, eventId, webhookId: webhook.id })),
    );
    await this.db.query(
      `INSERT INTO webhook_deliveries (id, webhook_id, event_id, status, next_attempt_at)
       SELECT u.id, u.webhook_id, u.event_id, 'pending', now()
       FROM unnest($1::text[], $2::text[], $3::text[]) AS u (id, webhook_id, event_id)`,
      [
        deliveries.map((d) => d.id),
        deliveries.map((d) => d.webhookId),
        deliveries.map((d) => d.eventId),
      ],
    );
    return { eventIds, deliveryIds: deliveries.map((d) => d.id) };
  }
}
