import { Inject, Injectable } from '@nestjs/common';
import type { Plan } from '@platform/maritime-domain';
import { DataSource, EntityManager } from 'typeorm';
import type { UnifiedAlertRecord } from './rule-record';

/** The four alert sources: `unified_alerts.source` and the table each one reads. */
export const ALERT_SOURCES = {
  platform: 'platform_alerts',
  dark_event: 'dark_events',
  spoofing_alert: 'spoofing_alerts',
  locus_alert: 'locus_alerts',
} as const;
export type AlertSource = keyof typeof ALERT_SOURCES;

/** An alert to evaluate: the unified record plus its source row id (text: bigint). */
export interface SourcedAlert extends UnifiedAlertRecord {
  source_id: string;
  imo: string | null;
}

export interface ActiveRule {
  id: string;
  owner_id: string;
  name: string;
  expression: unknown;
  severity_override: 'critical' | 'warning' | 'info' | null;
  dedupe_window_minutes: number;
  version: number;
}

export interface WatchEntry {
  owner_id: string;
  imo: string;
  notify_on: string[];
}

export interface VesselFacts {
  imo_number: string;
  name: string;
  vessel_type: string;
  flag: string | null;
  risk_score: number | null;
  risk_tier: string | null;
}

export interface MatchRow {
  ruleId: string;
  ruleVersion: number;
  alertUid: string;
  suppressed: boolean;
  dedupeKey: string;
}

export interface DeliveryRow {
  id: string;
  ownerId: string;
  channel: string;
  kind: 'alert' | 'watchlist';
  alertUid: string;
  ruleId: string | null;
  ruleVersion: number | null;
  payload: unknown;
}

/** Error code of a lock wait that ran into lock_timeout. */
const LOCK_NOT_AVAILABLE = '55P03';

const ALERT_COLUMNS = `uid, source, source_id::text AS source_id, product, severity, title,
  description, event_type, entity_id, imo, occurred_at, metadata`;

@Injectable()
export class AlertEvaluateRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  /** Each source's watermark, read without a lock: only to decide whether there is work. */
  async watermarks(): Promise<Map<AlertSource, string>> {
    const rows = (await this.db.query(
      'SELECT source, last_id::text AS last_id FROM alert_evaluation_watermarks',
    )) as { source: AlertSource; last_id: string }[];
    return new Map(rows.map((row) => [row.source, row.last_id]));
  }

  /** The highest id of a source table right now, committed or not yet visible (unlocked). */
  async maxId(source: AlertSource): Promise<string> {
    const rows = (await this.db.query(
      `SELECT coalesce(max(id), 0)::text AS max FROM ${ALERT_SOURCES[source]}`,
    )) as { max: string }[];
    return rows[0]?.max ?? '0';
  }

  /**
   * The highest id below which every row of the source has committed or rolled back. Ids are
   * taken before commit, so a visible id 101 may precede an id 100 that commits later; a SHARE
   * lock waits for the transactions inserting into the table and keeps new ones out while we
   * read the maximum, so nothing at or below it can still appear. Writers wait only for that one
   * read; when a long writer holds the table past the lock timeout, null: try again next run.
   */
  async settledMaxId(source: AlertSource, lockTimeoutMs: number): Promise<string | null> {
    try {
      return await this.db.transaction(async (m) => {
        await m.query(`SET LOCAL lock_timeout = ${Math.max(1, Math.floor(lockTimeoutMs))}`);
        await m.query(`LOCK TABLE ${ALERT_SOURCES[source]} IN SHARE MODE`);
        const rows = (await m.query(
          `SELECT coalesce(max(id), 0)::text AS max FROM ${ALERT_SOURCES[source]}`,
        )) as { max: string }[];
        return rows[0]?.max ?? '0';
      });
    } catch (error) {
      if ((error as { code?: string }).code === LOCK_NOT_AVAILABLE) return null;
      throw error;
    }
  }

  /**
   * Locks every watermark for the transaction: a second replica's run waits here and then reads
   * the watermarks the first one committed, so no alert is evaluated twice.
   */
  async lockWatermarks(m: EntityManager): Promise<Map<AlertSource, string>> {
    const rows = (await m.query(
      `SELECT source, last_id::text AS last_id FROM alert_evaluation_watermarks
       ORDER BY source FOR UPDATE`,
    )) as { source: AlertSource; last_id: string }[];
    return new Map(rows.map((row) => [row.source, row.last_id]));
  }

  /** Puts a watermark back to `lastId` when it is above it (its table was emptied or reseeded). */
  async rewindWatermark(source: AlertSource, lastId: string): Promise<boolean> {
    const rows = (await this.db.query(
      `UPDATE alert_evaluation_watermarks SET last_id = $2::bigint, updated_at = now()
       WHERE source = $1 AND last_id > $2::bigint RETURNING source`,
      [source, lastId],
    )) as unknown[];
    return rows.length > 0;
  }

  async advanceWatermark(m: EntityManager, source: AlertSource, lastId: string): Promise<void> {
    await m.query(
      `UPDATE alert_evaluation_watermarks SET last_id = greatest(last_id, $2::bigint),
         updated_at = now() WHERE source = $1`,
      [source, lastId],
    );
  }

  /** Alerts of one source with after < id <= upTo, oldest first. */
  async alertsAfter(
    m: EntityManager,
    source: AlertSource,
    after: string,
    upTo: string,
    limit: number,
  ): Promise<SourcedAlert[]> {
    return (await m.query(
      `SELECT ${ALERT_COLUMNS} FROM unified_alerts
       WHERE source = $1 AND source_id > $2::bigint AND source_id <= $3::bigint
       ORDER BY source_id LIMIT $4`,
      [source, after, upTo, limit],
    )) as SourcedAlert[];
  }

  async alertsByUid(m: EntityManager, uids: readonly string[]): Promise<SourcedAlert[]> {
    return (await m.query(
      `SELECT ${ALERT_COLUMNS} FROM unified_alerts WHERE uid = ANY($1::text[])
       ORDER BY source, source_id`,
      [uids],
    )) as SourcedAlert[];
  }

  async activeRules(m: EntityManager): Promise<ActiveRule[]> {
    return (await m.query(
      `SELECT id::text AS id, owner_id, name, expression, severity_override,
         dedupe_window_minutes, version
       FROM alert_rules WHERE active AND deleted_at IS NULL ORDER BY id`,
    )) as ActiveRule[];
  }

  async watchEntries(m: EntityManager, imos: readonly string[]): Promise<WatchEntry[]> {
    if (imos.length === 0) return [];
    return (await m.query(
      `SELECT owner_id, imo::text AS imo, notify_on FROM watchlist_entries
       WHERE imo = ANY($1::text[]) ORDER BY owner_id, imo`,
      [imos],
    )) as WatchEntry[];
  }

  /** The plans of each owner's keys that are not revoked. */
  async activePlans(m: EntityManager, owners: readonly string[]): Promise<Map<string, Plan[]>> {
    const rows = (await m.query(
      `SELECT owner_id, array_agg(DISTINCT plan) AS plans FROM api_keys
       WHERE revoked_at IS NULL AND owner_id = ANY($1::text[]) GROUP BY owner_id`,
      [owners],
    )) as { owner_id: string; plans: Plan[] }[];
    return new Map(rows.map((row) => [row.owner_id, row.plans]));
  }

  async enabledChannels(
    m: EntityManager,
    owners: readonly string[],
  ): Promise<Map<string, string[]>> {
    const rows = (await m.query(
      `SELECT owner_id, array_agg(channel ORDER BY channel) AS channels FROM alert_channels
       WHERE enabled AND owner_id = ANY($1::text[]) GROUP BY owner_id`,
      [owners],
    )) as { owner_id: string; channels: string[] }[];
    return new Map(rows.map((row) => [row.owner_id, row.channels]));
  }

  /** `owner|signal_type|imo` of every adjudication whose suppression runs past `now`. */
  async suppressions(
    m: EntityManager,
    owners: readonly string[],
    imos: readonly string[],
    now: Date,
  ): Promise<Set<string>> {
    if (owners.length === 0 || imos.length === 0) return new Set();
    const rows = (await m.query(
      `SELECT DISTINCT owner_id, signal_type, imo::text AS imo FROM signal_adjudications
       WHERE suppression_until > $3 AND imo = ANY($2::text[]) AND owner_id = ANY($1::text[])`,
      [owners, imos, now],
    )) as { owner_id: string; signal_type: string; imo: string }[];
    return new Set(rows.map((row) => `${row.owner_id}|${row.signal_type}|${row.imo}`));
  }

  async vessels(m: EntityManager, imos: readonly string[]): Promise<Map<string, VesselFacts>> {
    if (imos.length === 0) return new Map();
    const rows = (await m.query(
      `SELECT v.imo::text AS imo_number, v.name, v.vessel_type, v.flag,
         r.score::float8 AS risk_score,
         CASE WHEN r.tier_override IS NOT NULL THEN 'critical' ELSE r.tier END AS risk_tier
       FROM vessels v LEFT JOIN vessel_risk_scores r ON r.imo = v.imo
       WHERE v.imo = ANY($1::text[])`,
      [imos],
    )) as VesselFacts[];
    return new Map(rows.map((row) => [row.imo_number, row]));
  }

  async insertMatches(m: EntityManager, rows: readonly MatchRow[], now: Date): Promise<void> {
    if (rows.length === 0) return;
    await m.query(
      `INSERT INTO rule_matches (rule_id, rule_version, alert_uid, matched_at, suppressed, dedupe_key)
       SELECT r, v, a, $6, s, k
       FROM unnest($1::bigint[], $2::int[], $3::text[], $4::boolean[], $5::text[]) AS t(r, v, a, s, k)`,
      [
        rows.map((row) => row.ruleId),
        rows.map((row) => row.ruleVersion),
        rows.map((row) => row.alertUid),
        rows.map((row) => row.suppressed),
        rows.map((row) => row.dedupeKey),
        now,
      ],
    );
  }

  /**
   * Pending deliveries; an (owner, alert, channel) that already has one (from an earlier run or
   * another replica) is skipped. Returns the ids actually created.
   */
  async insertDeliveries(
    m: EntityManager,
    rows: readonly DeliveryRow[],
    now: Date,
  ): Promise<string[]> {
    if (rows.length === 0) return [];
    const created = (await m.query(
      `INSERT INTO alert_deliveries (id, owner_id, channel, kind, alert_uid, rule_id, rule_version,
         status, payload, next_attempt_at, created_at)
       SELECT i, o, c, k, a, r, v, 'pending', p, $9, $9
       FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::bigint[],
         $7::int[], $8::jsonb[]) AS t(i, o, c, k, a, r, v, p)
       ON CONFLICT DO NOTHING
       RETURNING id::text AS id`,
      [
        rows.map((row) => row.id),
        rows.map((row) => row.ownerId),
        rows.map((row) => row.channel),
        rows.map((row) => row.kind),
        rows.map((row) => row.alertUid),
        rows.map((row) => row.ruleId),
        rows.map((row) => row.ruleVersion),
        rows.map((row) => JSON.stringify(row.payload)),
        now,
      ],
    )) as { id: string }[];
    return created.map((row) => row.id);
  }
}
