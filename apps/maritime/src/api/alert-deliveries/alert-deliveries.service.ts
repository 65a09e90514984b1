import { Inject, Injectable, Logger } from '@nestjs/common';
import { Clock } from '@platform/clock';
import { MaritimeConfig } from '@platform/config';
import { ApiError } from '@platform/http';
import { buildPage, CursorCodec } from '@platform/pagination';
import { AlertDeliveryQueue } from '../../jobs/alert-deliveries/alert-delivery-queue';
import { DeadLetterReplayRepository } from '../../pipeline/alert-delivery/dead-letter-replay.repository';
import type { Caller } from '../../platform/access/caller';
import { parseInstant } from '../../platform/validation/maritime-validators';
import { AlertDeliveriesRepository, type DeliveryRow } from './alert-deliveries.repository';
import type {
  AttemptView,
  DeadLetterView,
  DeliveriesQuery,
  DeliveryView,
  ReplayBody,
} from './dto/alert-deliveries.dto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Dead letters one range replay request takes at most; `remaining` tells the caller to go on. */
export const RANGE_REPLAY_MAX = 1_000;

/** The caller's deliveries, their attempts, and replays of their dead letters. */
@Injectable()
export class AlertDeliveriesService {
  private readonly logger = new Logger('AlertDeliveries');
  private readonly cursor: CursorCodec;

  constructor(
    @Inject(AlertDeliveriesRepository) private readonly deliveries: AlertDeliveriesRepository,
    @Inject(DeadLetterReplayRepository) private readonly replays: DeadLetterReplayRepository,
    @Inject(AlertDeliveryQueue) private readonly queue: AlertDeliveryQueue,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(MaritimeConfig) config: MaritimeConfig,
  ) {
    this.cursor = new CursorCodec(config.cursorSecret, 'maritime:alert-deliveries');
  }

  async list(caller: Caller, query: DeliveriesQuery): Promise<Record<string, unknown>> {
    const ownerId = ownerOf(caller);
    const limit = query.limit ?? 50;
    let after: { createdKey: string; id: string } | undefined;
    if (query.cursor !== undefined) {
      const position = this.cursor.decode(query.cursor);
      if (typeof position.sort !== 'string' || !UUID.test(position.id)) {
        throw ApiError.badRequest('invalid_cursor', 'The cursor does not belong to this list');
      }
      after = { createdKey: position.sort, id: position.id };
    }
    const filter = {
      ownerId,
      status: query.status,
      channel: query.channel,
      kind: query.kind,
      ruleId: query.rule_id,
      alertId: query.alert_id,
      since: query.since === undefined ? undefined : (parseInstant(query.since) ?? undefined),
      until: query.until === undefined ? undefined : (parseInstant(query.until) ?? undefined),
      deadLettered: query.dead_lettered === 'true',
    };
    const [rows, deadLetters] = await Promise.all([
      this.deliveries.page(filter, limit, after),
      this.deliveries.openDeadLetters(ownerId),
    ]);
    const page = buildPage(rows, limit, (r) => ({ sort: r.created_key, id: r.id }), this.cursor);
    return {
      deliveries: page.items.map(deliveryView),
      count: page.items.length,
      dead_letters_count: deadLetters,
      pagination: { limit, has_more: page.has_more, next_cursor: page.next_cursor },
    };
  }

  async get(caller: Caller, id: string): Promise<Record<string, unknown>> {
    const ownerId = ownerOf(caller);
    const row = UUID.test(id) ? await this.deliveries.find(ownerId, id) : undefined;
    if (row === undefined) {
      throw ApiError.notFound('delivery_not_found', `No delivery ${id.slice(0, 64)}`);
    }
    const [attempts, deadLetter] = await Promise.all([
      this.deliveries.attempts(row.id),
      this.deliveries.deadLetter(row.id),
    ]);
    const log: AttemptView[] = attempts.map((a) => ({
      attempt: a.attempt_no,
      started_at: a.started_at.toISOString(),
      latency_ms: a.duration_ms,
      status_code: a.status_code,
      outcome: a.outcome,
      error: a.error,
      response_excerpt: a.response_excerpt,
    }));
    const dead: DeadLetterView | null =
      deadLetter === undefined
        ? null
        : {
            reason_code: deadLetter.reason_code,
            last_error: deadLetter.last_error,
            dead_lettered_at: deadLetter.dead_lettered_at.toISOString(),
            replayed_at: deadLetter.replayed_at?.toISOString() ?? null,
            replay_delivery_id: deadLetter.replay_delivery_id,
          };
    return { delivery: { ...deliveryView(row), attempts_log: log, dead_letter: dead } };
  }

  /** A replay by ids (≤ 100) or by dead-letter time range; the replays are enqueued at once. */
  async replay(caller: Caller, body: ReplayBody): Promise<Record<string, unknown>> {
    const ownerId = ownerOf(caller);
    const byIds = body.delivery_ids !== undefined;
    const byRange = body.from !== undefined || body.to !== undefined;
    if (byIds === byRange) {
      throw ApiError.badRequest('invalid_request', 'Give either delivery_ids, or from and to', [
        { field: 'delivery_ids', message: 'give delivery_ids, or from and to, not both' },
      ]);
    }
    const now = this.clock.now();
    if (byIds) {
      const result = await this.replays.replayIds(ownerId, body.delivery_ids ?? [], now);
      await this.enqueue(result.replayed);
      return { ...result, count: result.replayed.length };
    }
    const from = body.from === undefined ? null : parseInstant(body.from);
    const to = body.to === undefined ? null : parseInstant(body.to);
    if (from === null || to === null || from >= to) {
      throw ApiError.badRequest('invalid_request', 'from and to are both needed, from before to', [
        {
          field: from === null ? 'from' : 'to',
          message: 'from and to must both be given, from < to',
        },
      ]);
    }
    const result = await this.replays.replayRange(ownerId, from, to, now, RANGE_REPLAY_MAX);
    await this.enqueue(result.replayed);
    return {
      from: from.toISOString(),
      to: to.toISOString(),
      replayed: result.replayed,
      count: result.replayed.length,
      remaining: result.remaining,
      skipped_channel_disabled: result.channel_disabled,
    };
  }

  /**
   * The replays are committed: enqueue them and take their dead letters off the mirror. With
   * Redis away the replays still stand, and the worker's sweep enqueues them.
   */
  private async enqueue(replayed: { delivery_id: string; replay_delivery_id: string }[]) {
    if (replayed.length === 0) return;
    try {
      await this.queue.enqueue(replayed.map((r) => r.replay_delivery_id));
      await this.queue.dropDeadLetters(replayed.map((r) => r.delivery_id));
    } catch (error) {
      this.logger.warn(
        { replays: replayed.length, err: error },
        'replays committed but not enqueued; the delivery sweep will enqueue them',
      );
    }
  }
}

function ownerOf(caller: Caller): string {
  if (caller.key === null)
    throw ApiError.unauthorized('api_key_required', 'This route needs an API key: X-API-Key');
  return caller.key.ownerId;
}

export function deliveryView(row: DeliveryRow): DeliveryView {
  return {
    id: row.id,
    alert_id: row.alert_uid,
    rule_id: row.rule_id === null ? null : Number(row.rule_id),
    rule_version: row.rule_version,
    channel: row.channel,
    kind: row.kind,
    status: row.status,
    attempts: row.attempts,
    max_attempts: row.max_attempts,
    next_attempt_at: row.next_attempt_at?.toISOString() ?? null,
    last_status_code: row.last_status_code,
    last_error: row.last_error,
    reason_code: row.reason_code,
    created_at: row.created_at.toISOString(),
    delivered_at: row.delivered_at?.toISOString() ?? null,
    dead_lettered_at: row.dead_lettered_at?.toISOString() ?? null,
    replay_of: row.replay_of,
  };
}
