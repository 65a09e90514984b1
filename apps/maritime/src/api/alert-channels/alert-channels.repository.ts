import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { SealedSecret } from '@platform/secrets';
import type {
  ChannelAttemptResult,
  ChannelDeadReason,
} from '../../pipeline/alert-delivery/attempt-outcome';
import type { ChannelType } from '../../pipeline/alert-delivery/channel-config';
import type { DeliveryVessel } from '../../pipeline/alert-delivery/delivery-message';

export interface ChannelRow {
  channel: ChannelType;
  enabled: boolean;
  config_enc: Buffer;
  config_key_id: string;
  disabled_reason: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface TestDeliveryRecord {
  id: string;
  ownerId: string;
  channel: ChannelType;
  payload: unknown;
  createdAt: Date;
  /** Null when no attempt was made (the stored configuration is unusable). */
  attempt: ChannelAttemptResult | null;
  /** Null: delivered. */
  reason: ChannelDeadReason | null;
  error: string | null;
}

const CHANNEL_COLUMNS = `channel, enabled, config_enc, config_key_id, disabled_reason, created_at,
  updated_at`;

// The states a delivery can still leave by being sent; deleting or disabling a channel cancels them.
const CANCEL_PENDING = `UPDATE alert_deliveries SET status = 'cancelled', next_attempt_at = NULL
  WHERE owner_id = $1 AND channel = $2 AND status IN ('pending', 'retrying')`;

@Injectable()
export class AlertChannelsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  list(ownerId: string): Promise<ChannelRow[]> {
    return this.db.query(
      `SELECT ${CHANNEL_COLUMNS} FROM alert_channels WHERE owner_id = $1 ORDER BY channel`,
      [ownerId],
    );
  }

  async find(ownerId: string, channel: ChannelType): Promise<ChannelRow | null> {
    const rows = (await this.db.query(
      `SELECT ${CHANNEL_COLUMNS} FROM alert_channels WHERE owner_id = $1 AND channel = $2`,
      [ownerId, channel],
    )) as ChannelRow[];
    return rows[0] ?? null;
  }

  /**
   * Creates or replaces the owner's channel. Enabling clears a disabled_reason (the owner has
   * seen the 410 and fixed the URL); disabling cancels the channel's pending deliveries.
   */
  async upsert(
    ownerId: string,
    channel: ChannelType,
    enabled: boolean,
    sealed: SealedSecret,
    now: Date,
  ): Promise<{ row: ChannelRow; created: boolean }> {
    return this.db.transaction(async (manager) => {
      const rows = (await manager.query(
        `INSERT INTO alert_channels (owner_id, channel, enabled, config_enc, config_key_id,
           disabled_reason, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, NULL, $6, $6)
         ON CONFLICT (owner_id, channel) DO UPDATE SET enabled = EXCLUDED.enabled,
           config_enc = EXCLUDED.config_enc, config_key_id = EXCLUDED.config_key_id,
           disabled_reason = CASE WHEN EXCLUDED.enabled THEN NULL
             ELSE alert_channels.disabled_reason END,
           updated_at = EXCLUDED.updated_at
         RETURNING ${CHANNEL_COLUMNS}, (xmax = 0) AS created`,
        [ownerId, channel, enabled, sealed.ciphertext, sealed.keyId, now],
      )) as [ChannelRow & { created: boolean }];
      if (!enabled) await manager.query(CANCEL_PENDING, [ownerId, channel]);
      const { created, ...row } = rows[0];
      return { row, created };
    });
  }

  /** Deletes the channel and cancels its pending deliveries (their records stay); false if absent. */
  async remove(ownerId: string, channel: ChannelType): Promise<boolean> {
    return this.db.transaction(async (manager) => {
      const deleted = (await manager.query(
        'DELETE FROM alert_channels WHERE owner_id = $1 AND channel = $2 RETURNING channel',
        [ownerId, channel],
      )) as [unknown[], number];
      if (deleted[1] === 0) return false;
      await manager.query(CANCEL_PENDING, [ownerId, channel]);
      return true;
    });
  }

  /** A vessel by IMO, with its current risk score; null when unknown. */
  async vessel(imo: string): Promise<DeliveryVessel | null> {
    const rows = (await this.db.query(`${VESSEL_SELECT} WHERE v.imo = $1`, [imo])) as VesselRow[];
    return rows[0] === undefined ? null : toVessel(rows[0]);
  }

  /** The vessel of a test message: the lowest-IMO critical vessel, else the lowest IMO. */
  async sampleVessel(): Promise<DeliveryVessel | null> {
    const rows = (await this.db.query(
      `${VESSEL_SELECT} ORDER BY (r.tier = 'critical') DESC NULLS LAST, v.imo LIMIT 1`,
    )) as VesselRow[];
    return rows[0] === undefined ? null : toVessel(rows[0]);
  }

  /** One `test` delivery with its single attempt, delivered or dead-lettered in one go. */
  async recordTestDelivery(record: TestDeliveryRecord): Promise<void> {
    const { attempt, reason } = record;
    const finishedAt =
      attempt === null
        ? record.createdAt
        : new Date(attempt.attemptedAt.getTime() + attempt.durationMs);
    await this.db.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO alert_deliveries (id, owner_id, channel, kind, status, attempts, max_attempts,
           last_status_code, last_error, reason_code, payload, created_at, delivered_at,
           dead_lettered_at)
         VALUES ($1, $2, $3, 'test', $4, $5, 1, $6, $7, $8, $9, $10, $11, $12)`,
        [
          record.id,
          record.ownerId,
          record.channel,
          reason === null ? 'delivered' : 'dead_lettered',
          attempt === null ? 0 : 1,
          attempt?.statusCode ?? null,
          record.error,
          reason,
          JSON.stringify(record.payload),
          record.createdAt,
          reason === null ? finishedAt : null,
          reason === null ? null : finishedAt,
        ],
      );
      if (attempt === null) return;
      await manager.query(
        `INSERT INTO delivery_attempts (delivery_id, attempt_no, started_at, duration_ms,
           status_code, outcome, error, response_excerpt)
         VALUES ($1, 1, $2, $3, $4, $5, $6, $7)`,
        [
          record.id,
          attempt.attemptedAt,
          attempt.durationMs,
          attempt.statusCode,
          attempt.outcome,
          attempt.error,
          attempt.responseExcerpt,
        ],
      );
    });
  }
}

interface VesselRow {
  imo: string;
  name: string;
  vessel_type: string;
  flag: string | null;
  risk_score: string | null;
  risk_tier: string | null;
}

const VESSEL_SELECT = `SELECT v.imo, v.name, v.vessel_type, v.flag, r.score AS risk_score,
  r.tier AS risk_tier FROM vessels v LEFT JOIN vessel_risk_scores r USING (imo)`;

function toVessel(row: VesselRow): DeliveryVessel {
  return {
    imo_number: row.imo,
    name: row.name,
    vessel_type: row.vessel_type,
    flag: row.flag,
    risk_score: row.risk_score === null ? null : Number(row.risk_score),
    risk_tier: row.risk_tier,
  };
}
