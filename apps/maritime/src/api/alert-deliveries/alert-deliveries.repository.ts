import { Inject, Injectable } from '@nestjs/common';
import { rowsOf } from '@platform/database';
import { DataSource } from 'typeorm';

export interface DeliveryRow {
  id: string;
  alert_uid: string | null;
  rule_id: string | null;
  rule_version: number | null;
  channel: string;
  kind: string;
  status: string;
  attempts: number;
  max_attempts: number;
  next_attempt_at: Date | null;
  last_status_code: number | null;
  last_error: string | null;
  reason_code: string | null;
  created_at: Date;
  /** created_at to the µs, the keyset sort key. */
  created_key: string;
  delivered_at: Date | null;
  dead_lettered_at: Date | null;
  replay_of: string | null;
}

export interface AttemptRow {
  attempt_no: number;
  started_at: Date;
  duration_ms: number;
  status_code: number | null;
  outcome: string;
  error: string | null;
  response_excerpt: string | null;
}

export interface DeadLetterRow {
  reason_code: string;
  last_error: string | null;
  dead_lettered_at: Date;
  replayed_at: Date | null;
  replay_delivery_id: string | null;
}

export interface DeliveryFilter {
  ownerId: string;
  status?: string;
  channel?: string;
  kind?: string;
  ruleId?: number;
  alertId?: string;
  since?: Date;
  until?: Date;
  deadLettered: boolean;
}

const COLUMNS = `d.id::text AS id, d.alert_uid, d.rule_id::text AS rule_id, d.rule_version,
  d.channel, d.kind, d.status, d.attempts, d.max_attempts, d.next_attempt_at, d.last_status_code,
  d.last_error, d.reason_code, d.created_at,
  to_char(d.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_key,
  d.delivered_at, d.dead_lettered_at, d.replay_of::text AS replay_of`;

/** An owner's deliveries, their attempts and dead letters; every read is scoped to the owner. */
@Injectable()
export class AlertDeliveriesRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /** One page, newest first (created_at, id), `limit + 1` rows. */
  page(
    filter: DeliveryFilter,
    limit: number,
    after?: { createdKey: string; id: string },
  ): Promise<DeliveryRow[]> {
    const where = ['d.owner_id = $1'];
    const params: unknown[] = [filter.ownerId];
    const add = (clause: string, value: unknown): void => {
      params.push(value);
      where.push(clause.replace('?', `$${params.length}`));
    };
    if (filter.status !== undefined) add('d.status = ?', filter.status);
    if (filter.deadLettered) where.push(`d.status = 'dead_lettered'`);
    if (filter.channel !== undefined) add('d.channel = ?', filter.channel);
    if (filter.kind !== undefined) add('d.kind = ?', filter.kind);
    if (filter.ruleId !== undefined) add('d.rule_id = ?', filter.ruleId);
    if (filter.alertId !== undefined) add('d.alert_uid = ?', filter.alertId);
    if (filter.since !== undefined) add('d.created_at >= ?', filter.since);
    if (filter.until !== undefined) add('d.created_at < ?', filter.until);
    if (after !== undefined) {
      params.push(after.createdKey, after.id);
      where.push(
        `(d.created_at, d.id) < ($${params.length - 1}::timestamptz, $${params.length}::uuid)`,
      );
    }
    params.push(limit + 1);
    return rowsOf<DeliveryRow>(
      this.db,
      `SELECT ${COLUMNS} FROM alert_deliveries d WHERE ${where.join(' AND ')}
       ORDER BY d.created_at DESC, d.id DESC LIMIT $${params.length}`,
      params,
    );
  }

  /** The owner's dead letters not replayed yet. */
  async openDeadLetters(ownerId: string): Promise<number> {
    const [row] = await rowsOf<{ n: number }>(
      this.db,
      'SELECT count(*)::int AS n FROM dead_letters WHERE owner_id = $1 AND replayed_at IS NULL',
      [ownerId],
    );
    return row?.n ?? 0;
  }

  async find(ownerId: string, id: string): Promise<DeliveryRow | undefined> {
    const [row] = await rowsOf<DeliveryRow>(
      this.db,
      `SELECT ${COLUMNS} FROM alert_deliveries d WHERE d.owner_id = $1 AND d.id = $2`,
      [ownerId, id],
    );
    return row;
  }

  attempts(id: string): Promise<AttemptRow[]> {
    return rowsOf<AttemptRow>(
      this.db,
      `SELECT attempt_no, started_at, duration_ms, status_code, outcome, error, response_excerpt
       FROM delivery_attempts WHERE delivery_id = $1 ORDER BY attempt_no`,
      [id],
    );
  }

  async deadLetter(id: string): Promise<DeadLetterRow | undefined> {
    const [row] = await rowsOf<DeadLetterRow>(
      this.db,
      `SELECT reason_code, last_error, dead_lettered_at, replayed_at,
         replay_delivery_id::text AS replay_delivery_id
       FROM dead_letters WHERE delivery_id = $1`,
      [id],
    );
    return row;
  }
}
