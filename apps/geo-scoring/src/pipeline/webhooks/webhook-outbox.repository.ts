// The transactional outbox (see docs/geo-scoring/webhooks.md#outbox): an event row and one
// pending delivery per active webhook subscribed to its type, written in the transaction of the
// change that produces the event, so both commit or neither does. No subscriber, no rows.
import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { rowsOf, type SqlRunner } from '@platform/database';
import { DataSource } from 'typeorm';
import { monotonicFactory } from 'ulid';
import { TransactionalRepository } from '../../platform/database/transactional-repository';
import { stageDeliveries, transactionOf } from './after-commit';
import type { WebhookEventType } from './webhook-event-types';

export interface OutboxResult {
  eventIds: string[];
  deliveryIds: string[];
}

/** Ids sort by creation, also within one millisecond. */
const nextUlid = monotonicFactory();

@Injectable()
export class WebhookOutboxRepository extends TransactionalRepository {
  constructor(
    @Inject(DataSource) db: SqlRunner,
    @Inject(Clock) private readonly clock: Clock,
  ) {
    super(db);
  }

  override withTransaction(tx: SqlRunner): this {
    const Repository = this.constructor as new (db: SqlRunner, clock: Clock) => this;
    return new Repository(tx, this.clock);
  }

  /**
   * One event per payload, delivered to the active webhooks subscribed to `type`: every one of
   * them for a global event (`ownerId` null: score.changed, permit.filed), else only the owner's.
   * Outside a transaction it opens its own. The deliveries are enqueued after commit.
   */
  async emit(
    type: WebhookEventType,
    ownerId: string | null,
    payloads: readonly object[],
  ): Promise<OutboxResult> {
    if (payloads.length === 0) return { eventIds: [], deliveryIds: [] };
    const transaction = transactionOf(this.db);
    if (transaction === undefined) {
      if (!(this.db instanceof DataSource)) throw new Error('the outbox needs a transaction');
      return this.db.transaction((manager) =>
        this.withTransaction(manager).emit(type, ownerId, payloads),
      );
    }
    const webhooks = await rowsOf<{ id: string }>(
      this.db,
      `SELECT id FROM webhooks
       WHERE active AND events @> ARRAY[$1]::text[] AND ($2::text IS NULL OR owner_id = $2)
       ORDER BY id`,
      [type, ownerId],
    );
    if (webhooks.length === 0) return { eventIds: [], deliveryIds: [] };
    const createdAt = this.clock.now();
    const eventIds = payloads.map(() => `evt_${nextUlid()}`);
    await this.db.query(
      `INSERT INTO webhook_events (id, type, owner_id, payload, created_at)
       SELECT u.id, $2, $3, u.payload, $4 FROM unnest($1::text[], $5::jsonb[]) AS u (id, payload)`,
      [eventIds, type, ownerId, createdAt, payloads.map((payload) => JSON.stringify(payload))],
    );
    const deliveries = eventIds.flatMap((eventId) =>
      webhooks.map((webhook) => ({ id: `dlv_${nextUlid()}`, eventId, webhookId: webhook.id })),
    );
    await this.db.query(
      `INSERT INTO webhook_deliveries (id, webhook_id, event_id, status, next_attempt_at, created_at)
       SELECT u.id, u.webhook_id, u.event_id, 'pending', $4, $4
       FROM unnest($1::text[], $2::text[], $3::text[]) AS u (id, webhook_id, event_id)`,
      [
        deliveries.map((d) => d.id),
        deliveries.map((d) => d.webhookId),
        deliveries.map((d) => d.eventId),
        createdAt,
      ],
    );
    const deliveryIds = deliveries.map((d) => d.id);
    stageDeliveries(transaction, deliveryIds);
    return { eventIds, deliveryIds };
  }
}
