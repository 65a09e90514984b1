// geo-scoring's DeliveryStore (see docs/geo-scoring/webhooks.md#delivery): webhook_deliveries
// rows are the source of truth; every attempt is a webhook_delivery_attempts row. Loads and
// attempt records of concurrent deliveries are batched into one statement each.
import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { SecretBox } from '@platform/secrets';
import {
  MicroBatcher,
  type AttemptRecord,
  type DeliveryDecision,
  type DeliveryStore,
  type PendingDelivery,
} from '@platform/webhooks';
import { DataSource } from 'typeorm';
import {
  AttemptWrite,
  countDeadDelivery,
  DeliveryRow,
  loadDeliveries,
  recordAttempts,
} from './webhook-delivery.queries';
import { signingSecret } from './webhook-secret';

export interface GeoPendingDelivery extends PendingDelivery {
  webhookId: string;
  /** Attempts recorded in all, replays included: the next attempt row is number attempts + 1. */
  attempts: number;
}

/**
 * Deliveries per batched statement, and how long a batch waits for more: 10 ms more per delivery
 * buys statements of tens of deliveries instead of a few, which halves PostgreSQL's share.
 */
const BATCH = { maxSize: 64, maxWaitMs: 10 };

@Injectable()
export class WebhookDeliveryStore implements DeliveryStore<GeoPendingDelivery> {
  private readonly loads = new MicroBatcher<string, DeliveryRow | undefined>(async (ids) => {
    const rows = new Map((await loadDeliveries(this.dataSource, ids)).map((r) => [r.id, r]));
    return ids.map((id) => rows.get(id));
  }, BATCH);

  private readonly records = new MicroBatcher<AttemptWrite, boolean>(async (writes) => {
    const moved = await recordAttempts(this.dataSource, writes);
    return writes.map((write) => moved.has(write.deliveryId));
  }, BATCH);

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(SecretBox) private readonly secrets: SecretBox,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async load(deliveryId: string): Promise<GeoPendingDelivery | null> {
    const row = await this.loads.submit(deliveryId);
    if (row === undefined) return null;
    const secret =
      row.secret_enc === null || row.secret_key_id === null
        ? null
        : this.secrets.decryptText(
            { keyId: row.secret_key_id, ciphertext: row.secret_enc },
            row.webhook_id,
          );
    return {
      deliveryId: row.id,
      webhookId: row.webhook_id,
      attempts: row.attempts,
      attemptsMade: row.attempts_made,
      endpoint: {
        url: row.url,
        active: row.active,
        secret: secret === null ? null : signingSecret(secret),
      },
      message: {
        id: row.event_id,
        // The same bytes on every attempt: jsonb gives the payload's keys in a stable order.
        body: JSON.stringify({
          id: row.event_id,
          type: row.type,
          created_at: row.created_at.toISOString(),
          data: row.payload,
        }),
      },
    };
  }

  async record(
    delivery: GeoPendingDelivery,
    attempt: AttemptRecord,
    decision: DeliveryDecision,
  ): Promise<void> {
    const write: AttemptWrite = {
      deliveryId: delivery.deliveryId,
      webhookId: delivery.webhookId,
      attemptNo: delivery.attempts + 1,
      status: decision.status,
      attemptedAt: attempt.attemptedAt,
      nextAttemptAt:
        decision.status === 'retrying'
          ? new Date(attempt.attemptedAt.getTime() + decision.delayMs)
          : null,
      deadReason: decision.status === 'dead' ? decision.reason : null,
      durationMs: attempt.durationMs,
      statusCode: attempt.statusCode,
      error: attempt.error,
      responseExcerpt: attempt.responseExcerpt,
      outcome: attempt.outcome,
    };
    if (decision.status !== 'dead') {
      await this.records.submit(write);
      return;
    }
    // Rare, and it changes the webhook: its own transaction.
    await this.dataSource.transaction(async (manager) => {
      const moved = await recordAttempts(manager, [write]);
      if (moved.size > 0) {
        await countDeadDelivery(
          manager,
          delivery.webhookId,
          decision.disableEndpoint,
          this.clock.now(),
        );
      }
    });
  }

  async cancel(delivery: GeoPendingDelivery): Promise<void> {
    await this.dataSource.query(
      `UPDATE webhook_deliveries SET status = 'canceled', completed_at = $2
       WHERE id = $1 AND status IN ('pending', 'retrying')`,
      [delivery.deliveryId, this.clock.now()],
    );
  }
}
