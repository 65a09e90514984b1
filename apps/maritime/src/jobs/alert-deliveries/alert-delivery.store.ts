// maritime's DeliveryStore (see docs/maritime/alert-deliveries.md): alert_deliveries rows are the
// source of truth, every attempt is a delivery_attempts row, a dead letter is a dead_letters row
// plus a job on `alert-deliveries-dlq`. Claims and attempt records of concurrent deliveries are
// batched into one statement each.
import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { SecretBox } from '@platform/secrets';
import {
  clipText,
  MicroBatcher,
  type DeliveryStore,
  type PendingDelivery,
} from '@platform/webhooks';
import { DataSource } from 'typeorm';
import { AlertDeliveryOutbound } from '../../pipeline/alert-delivery/alert-delivery-outbound';
import type { ChannelDeadReason } from '../../pipeline/alert-delivery/attempt-outcome';
import {
  channelConfigContext,
  validateChannelConfig,
  type ChannelConfig,
  type ChannelType,
} from '../../pipeline/alert-delivery/channel-config';
import type {
  ChannelAttemptRecord,
  ChannelDecision,
} from '../../pipeline/alert-delivery/channel-decision';
import type { DeliveryMessage } from '../../pipeline/alert-delivery/delivery-message';
import { readStoredMessage } from '../../pipeline/alert-delivery/stored-message';
import { AlertDeliveryQueue } from './alert-delivery-queue';
import {
  AttemptWrite,
  cancelDelivery,
  claimDeliveries,
  ClaimedRow,
  deadLetterUnsent,
  disableGoneChannel,
  insertDeadLetter,
  recordAttempts,
} from './alert-delivery.queries';

export interface AlertPendingDelivery extends PendingDelivery {
  ownerId: string;
  channel: ChannelType;
  /** The channel's configuration, or why it cannot be used (then nothing is sent). */
  send: { config: ChannelConfig; message: DeliveryMessage } | { problem: string };
}

/** Deliveries per batched statement, and how long a batch waits for more. */
const BATCH = { maxSize: 64, maxWaitMs: 10 };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@Injectable()
export class AlertDeliveryStore implements DeliveryStore<AlertPendingDelivery> {
  private readonly logger = new Logger('AlertDeliveries');

  private readonly claims = new MicroBatcher<string, ClaimedRow | undefined>(async (ids) => {
    const rows = new Map((await claimDeliveries(this.dataSource, ids)).map((r) => [r.id, r]));
    return ids.map((id) => rows.get(id));
  }, BATCH);

  private readonly records = new MicroBatcher<AttemptWrite, boolean>(async (writes) => {
    const moved = await recordAttempts(this.dataSource, writes);
    return writes.map((write) => moved.has(write.deliveryId));
  }, BATCH);

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(SecretBox) private readonly secrets: SecretBox,
    @Inject(AlertDeliveryOutbound) private readonly outbound: AlertDeliveryOutbound,
    @Inject(AlertDeliveryQueue) private readonly queue: AlertDeliveryQueue,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async load(deliveryId: string): Promise<AlertPendingDelivery | null> {
    if (!UUID.test(deliveryId)) return null;
    const row = await this.claims.submit(deliveryId.toLowerCase());
    if (row === undefined) return null;
    const configured = row.enabled !== null;
    return {
      deliveryId: row.id,
      ownerId: row.owner_id,
      channel: row.channel,
      attemptsMade: row.attempts,
      endpoint: { url: '', secret: null, active: row.enabled === true },
      message: { id: row.id, body: row.payload },
      send: configured ? this.usable(row) : { problem: 'the channel no longer exists' },
    };
  }

  async record(
    delivery: AlertPendingDelivery,
    attempt: ChannelAttemptRecord,
    decision: ChannelDecision,
  ): Promise<void> {
    const finishedAt = new Date(attempt.attemptedAt.getTime() + attempt.durationMs);
    const write: AttemptWrite = {
      deliveryId: delivery.deliveryId,
      attemptNo: attempt.attempt,
      status:
        decision.status === 'succeeded'
          ? 'delivered'
          : decision.status === 'retrying'
            ? 'retrying'
            : 'dead_lettered',
      startedAt: attempt.attemptedAt,
      finishedAt,
      nextAttemptAt:
        decision.status === 'retrying' ? new Date(finishedAt.getTime() + decision.delayMs) : null,
      reason: decision.status === 'dead' ? decision.reason : null,
      durationMs: attempt.durationMs,
      statusCode: attempt.statusCode,
      outcome: attempt.outcome,
      error: attempt.error,
      responseExcerpt: attempt.responseExcerpt,
    };
    if (decision.status !== 'dead') {
      await this.records.submit(write);
      return;
    }
    // Rare, and it may change the channel: its own transaction.
    await this.deadLetter(delivery, async (manager) => {
      const moved = await recordAttempts(manager, [write]);
      if (!moved.has(delivery.deliveryId)) return false;
      if (decision.disableEndpoint) {
        await disableGoneChannel(manager, delivery.ownerId, delivery.channel, this.clock.now());
      }
      return true;
    });
  }

  /** The channel cannot be used (undecryptable or invalid configuration, a broken payload). */
  async deadLetterUnsent(
    delivery: AlertPendingDelivery,
    reason: ChannelDeadReason,
    error: string,
  ): Promise<void> {
    await this.deadLetter(delivery, (manager) =>
      deadLetterUnsent(manager, delivery.deliveryId, reason, clipText(error), this.clock.now()),
    );
  }

  async cancel(delivery: AlertPendingDelivery): Promise<void> {
    await cancelDelivery(this.dataSource, delivery.deliveryId);
  }

  /**
   * Moves the delivery to dead_lettered with `move` and writes its dead_letters row in one
   * transaction, then mirrors it on the dead-letter queue. The row is the record: a mirror that
   * fails (Redis away) is logged, not retried.
   */
  private async deadLetter(
    delivery: AlertPendingDelivery,
    move: (manager: DataSource['manager']) => Promise<boolean>,
  ): Promise<void> {
    const row = await this.dataSource.transaction(async (manager) =>
      (await move(manager)) ? insertDeadLetter(manager, delivery.deliveryId) : undefined,
    );
    if (row === undefined) return;
    await this.queue.mirrorDeadLetter(row).catch((error: unknown) => {
      this.logger.warn(
        { delivery_id: row.delivery_id, err: error },
        'dead letter recorded but not mirrored on the dead-letter queue',
      );
    });
  }

  /** The configuration and message to send, or what makes them unusable. */
  private usable(row: ClaimedRow): AlertPendingDelivery['send'] {
    const message = readStoredMessage(row.payload, row.id);
    if (typeof message === 'string') return { problem: message };
    let raw: unknown;
    try {
      raw = JSON.parse(
        this.secrets.decryptText(
          { keyId: row.config_key_id ?? '', ciphertext: row.config_enc ?? Buffer.alloc(0) },
          channelConfigContext(row.owner_id, row.channel),
        ),
      );
    } catch {
      return { problem: 'the stored channel configuration could not be decrypted' };
    }
    const check = validateChannelConfig(row.channel, raw, this.outbound.rules);
    if (!check.ok) {
      return {
        problem: `the stored channel configuration is no longer valid: ${check.problems
          .map((p) => p.message)
          .join('; ')}`,
      };
    }
    return { config: check.config, message };
  }
}
