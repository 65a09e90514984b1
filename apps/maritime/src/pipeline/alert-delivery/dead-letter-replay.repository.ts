import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { rowsOf, type SqlRunner } from '@platform/database';
import { DataSource } from 'typeorm';

/** Why a dead letter named by id was not replayed. */
export type ReplaySkipReason =
  'not_found' | 'not_dead_lettered' | 'already_replayed' | 'channel_disabled';

export interface ReplayResult {
  replayed: { delivery_id: string; replay_delivery_id: string }[];
  skipped: { delivery_id: string; reason: ReplaySkipReason }[];
}

/** Dead letters a range replay takes per statement. */
export const REPLAY_BATCH = 500;

interface Candidate {
  id: string;
  dead: boolean;
  replayed: boolean;
  enabled: boolean | null;
}

/**
 * Replays of dead letters (see docs/maritime/alert-deliveries.md#replay). A replay is a new
 * `replay` delivery of the same message to the same channel (replay_of = the dead one), pending
 * with a fresh budget of 8 attempts; the dead letter records when and by which delivery it was
 * replayed, so each dead letter is replayed once (a replay that dies is a dead letter of its own).
 * A dead letter whose channel is disabled or deleted is left alone: the replay would only be
 * cancelled; re-enable the channel first. `ownerId` null (the operator's CLI) means any owner.
 */
@Injectable()
export class DeadLetterReplayRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** Replays the named dead letters (another owner's answer `not_found`). */
  replayIds(
    ownerId: string | null,
    deliveryIds: readonly string[],
    now: Date,
  ): Promise<ReplayResult> {
    return this.dataSource.transaction(async (manager) => {
      const candidates = await rowsOf<Candidate>(
        manager,
        `SELECT d.id::text AS id, dl.delivery_id IS NOT NULL AS dead,
           dl.replayed_at IS NOT NULL AS replayed, ch.enabled
         FROM alert_deliveries d
         LEFT JOIN dead_letters dl ON dl.delivery_id = d.id
         LEFT JOIN alert_channels ch ON ch.owner_id = d.owner_id AND ch.channel = d.channel
         WHERE d.id = ANY ($1::uuid[]) AND ($2::text IS NULL OR d.owner_id = $2)
         ORDER BY d.id
         FOR UPDATE OF d`,
        [deliveryIds, ownerId],
      );
      const byId = new Map(candidates.map((c) => [c.id, c]));
      const result: ReplayResult = { replayed: [], skipped: [] };
      const chosen: string[] = [];
      for (const id of new Set(deliveryIds.map((value) => value.toLowerCase()))) {
        const candidate = byId.get(id);
        const reason: ReplaySkipReason | null =
          candidate === undefined
            ? 'not_found'
            : !candidate.dead
              ? 'not_dead_lettered'
              : candidate.replayed
                ? 'already_replayed'
                : candidate.enabled !== true
                  ? 'channel_disabled'
                  : null;
        if (reason === null) chosen.push(id);
        else result.skipped.push({ delivery_id: id, reason });
      }
      result.replayed = await createReplays(manager, chosen, now);
      return result;
    });
  }

  /**
   * Replays up to `limit` unreplayed dead letters of [from, to) (by dead-letter time, oldest
   * first) whose channel is enabled. `remaining` counts the ones still left in the range,
   * `channel_disabled` those left because their channel is off.
   */
  replayRange(
    ownerId: string | null,
    from: Date,
    to: Date,
    now: Date,
    limit: number,
  ): Promise<{ replayed: ReplayResult['replayed']; remaining: number; channel_disabled: number }> {
    return this.dataSource.transaction(async (manager) => {
      const picked = await rowsOf<{ id: string }>(
        manager,
        `SELECT dl.delivery_id::text AS id FROM dead_letters dl
         JOIN alert_deliveries d ON d.id = dl.delivery_id
         JOIN alert_channels ch ON ch.owner_id = d.owner_id AND ch.channel = d.channel
         WHERE dl.replayed_at IS NULL AND dl.dead_lettered_at >= $1 AND dl.dead_lettered_at < $2
           AND ($3::text IS NULL OR dl.owner_id = $3) AND ch.enabled
         ORDER BY dl.dead_lettered_at, dl.delivery_id
         LIMIT $4
         FOR UPDATE OF dl SKIP LOCKED`,
        [from, to, ownerId, limit],
      );
      const replayed = await createReplays(
        manager,
        picked.map((row) => row.id),
        now,
      );
      const [left] = await rowsOf<{ remaining: number; channel_disabled: number }>(
        manager,
        `SELECT count(*) FILTER (WHERE ch.enabled)::int AS remaining,
           count(*) FILTER (WHERE ch.enabled IS NOT TRUE)::int AS channel_disabled
         FROM dead_letters dl
         JOIN alert_deliveries d ON d.id = dl.delivery_id
         LEFT JOIN alert_channels ch ON ch.owner_id = d.owner_id AND ch.channel = d.channel
         WHERE dl.replayed_at IS NULL AND dl.dead_lettered_at >= $1 AND dl.dead_lettered_at < $2
           AND ($3::text IS NULL OR dl.owner_id = $3)`,
        [from, to, ownerId],
      );
      return {
        replayed,
        remaining: left?.remaining ?? 0,
        channel_disabled: left?.channel_disabled ?? 0,
      };
    });
  }
}

/**
 * One `replay` delivery per dead one (the same owner, channel, alert, rule and message, with the
 * message's id set to the new delivery's), and the dead letters marked replayed. Run it in the
 * transaction that locked them.
 */
async function createReplays(
  db: SqlRunner,
  deadIds: readonly string[],
  now: Date,
): Promise<ReplayResult['replayed']> {
  if (deadIds.length === 0) return [];
  const newIds = deadIds.map(() => randomUUID());
  await db.query(
    `WITH pairs AS (
       SELECT * FROM unnest($1::uuid[], $2::uuid[]) AS p (dead_id, new_id)
     ), created AS (
       INSERT INTO alert_deliveries (id, owner_id, channel, kind, alert_uid, rule_id, rule_version,
         status, payload, replay_of, created_at, next_attempt_at)
       SELECT p.new_id, d.owner_id, d.channel, 'replay', d.alert_uid, d.rule_id, d.rule_version,
         'pending', jsonb_set(d.payload, '{id}', to_jsonb(p.new_id::text)), d.id, $3, $3
       FROM pairs p JOIN alert_deliveries d ON d.id = p.dead_id
       RETURNING id, replay_of
     )
     UPDATE dead_letters dl SET replayed_at = $3, replay_delivery_id = c.id
     FROM created c WHERE dl.delivery_id = c.replay_of`,
    [deadIds, newIds, now],
  );
  return deadIds.map((id, i) => ({ delivery_id: id, replay_delivery_id: newIds[i] as string }));
}
