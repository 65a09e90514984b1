import { Injectable } from '@nestjs/common';
import { rowsOf } from '@platform/database';
import type { SealedSecret } from '@platform/secrets';
import { TransactionalRepository } from '../../platform/database/transactional-repository';
import type { WebhookEventType } from '../../pipeline/webhooks/webhook-event-types';

export interface WebhookRow {
  id: string;
  url: string;
  events: WebhookEventType[];
  active: boolean;
  disabled_reason: string | null;
  created_at: Date;
  last_delivery: Date | null;
  succeeded: number;
  counted: number;
}

export interface NewWebhook {
  id: string;
  ownerId: string;
  url: string;
  events: readonly WebhookEventType[];
  secret: SealedSecret | null;
  createdAt: Date;
}

export interface WebhookChanges {
  url?: string;
  events?: readonly WebhookEventType[];
  active?: boolean;
}

// The list's statistics: last_delivery is the latest attempt; the success rate counts deliveries
// created since $2 that reached an outcome or are on their way (pending and canceled ones are left
// out: nothing was tried yet, or the endpoint was switched off).
const SELECT_WEBHOOKS = `
  SELECT w.id, w.url, w.events, w.active, w.disabled_reason, w.created_at,
    (SELECT max(a.attempted_at) FROM webhook_delivery_attempts a WHERE a.webhook_id = w.id)
      AS last_delivery,
    s.succeeded, s.counted
  FROM webhooks w
  CROSS JOIN LATERAL (
    SELECT (count(*) FILTER (WHERE d.status = 'succeeded'))::int AS succeeded,
      (count(*) FILTER (WHERE d.status IN ('succeeded', 'retrying', 'dead')))::int AS counted
    FROM webhook_deliveries d WHERE d.webhook_id = w.id AND d.created_at >= $2
  ) s`;

/** The webhooks table as the /api/v1/webhooks routes use it: every statement scoped to an owner. */
@Injectable()
export class WebhooksRepository extends TransactionalRepository {
  /** Serialises this owner's creations until the transaction ends (the 25-webhook limit). */
  async lockOwner(ownerId: string): Promise<void> {
    await this.db.query(`SELECT pg_advisory_xact_lock(hashtext('geo:webhooks'), hashtext($1))`, [
      ownerId,
    ]);
  }

  async countOwned(ownerId: string): Promise<number> {
    const [row] = await rowsOf<{ n: number }>(
      this.db,
      'SELECT count(*)::int AS n FROM webhooks WHERE owner_id = $1',
      [ownerId],
    );
    return row?.n ?? 0;
  }

  async insert(webhook: NewWebhook): Promise<void> {
    await this.db.query(
      `INSERT INTO webhooks (id, owner_id, url, events, secret_enc, secret_key_id, active,
         created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, true, $7, $7)`,
      [
        webhook.id,
        webhook.ownerId,
        webhook.url,
        webhook.events,
        webhook.secret?.ciphertext ?? null,
        webhook.secret?.keyId ?? null,
        webhook.createdAt,
      ],
    );
  }

  /** The owner's webhooks, newest first, with their delivery statistics since `since`. */
  listOwned(ownerId: string, since: Date): Promise<WebhookRow[]> {
    return rowsOf<WebhookRow>(
      this.db,
      `${SELECT_WEBHOOKS} WHERE w.owner_id = $1 ORDER BY w.created_at DESC, w.id DESC`,
      [ownerId, since],
    );
  }

  async findOwned(ownerId: string, id: string, since: Date): Promise<WebhookRow | undefined> {
    const [row] = await rowsOf<WebhookRow>(
      this.db,
      `${SELECT_WEBHOOKS} WHERE w.owner_id = $1 AND w.id = $3`,
      [ownerId, since, id],
    );
    return row;
  }

  /** Deletes an owned webhook (its deliveries and attempts go with it); false when not owned. */
  async deleteOwned(ownerId: string, id: string): Promise<boolean> {
    const rows = await rowsOf<{ id: string }>(
      this.db,
      // Wrapped in a CTE: TypeORM answers a bare DELETE with [rows, count] instead of rows.
      `WITH gone AS (DELETE FROM webhooks WHERE id = $1 AND owner_id = $2 RETURNING id)
       SELECT id FROM gone`,
      [id, ownerId],
    );
    return rows.length > 0;
  }

  /**
   * Applies the changes to an owned webhook; false when not owned. Re-enabling clears the reason
   * and the run of dead deliveries; disabling an active one by hand records `manual` (a webhook
   * already disabled keeps its reason).
   */
  async updateOwned(
    ownerId: string,
    id: string,
    changes: WebhookChanges,
    now: Date,
  ): Promise<boolean> {
    const rows = await rowsOf<{ id: string }>(
      this.db,
      `WITH changed AS (UPDATE webhooks SET
         url = coalesce($3, url),
         events = coalesce($4, events),
         active = coalesce($5, active),
         disabled_reason = CASE WHEN $5 IS NULL THEN disabled_reason
           WHEN $5 THEN NULL WHEN active THEN 'manual' ELSE disabled_reason END,
         consecutive_dead = CASE WHEN $5 THEN 0 ELSE consecutive_dead END,
         updated_at = $6
       WHERE id = $1 AND owner_id = $2
       RETURNING id)
       SELECT id FROM changed`,
      [id, ownerId, changes.url ?? null, changes.events ?? null, changes.active ?? null, now],
    );
    return rows.length > 0;
  }

  /** A disabled webhook's queued deliveries end `canceled`. */
  async cancelQueued(id: string, now: Date): Promise<void> {
    await this.db.query(
      `UPDATE webhook_deliveries SET status = 'canceled', completed_at = $2
       WHERE webhook_id = $1 AND status IN ('pending', 'retrying')`,
      [id, now],
    );
  }
}
