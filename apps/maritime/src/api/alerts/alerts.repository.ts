import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface AlertRow {
  uid: string;
  source: string;
  source_id: string;
  product: string;
  severity: string;
  title: string;
  description: string;
  event_type: string;
  entity_id: string | null;
  imo: string | null;
  occurred_at: Date;
  /** occurred_at to the microsecond, the cursor's sort key (an ISO string would drop µs). */
  occurred_key: string;
  metadata: Record<string, unknown>;
  state: string;
}

export interface AlertFilter {
  ownerId: string;
  /** The service clock: a snooze that ended before it reads as open. */
  now: Date;
  /** Only platform alerts (the `/alerts` feed). */
  platformOnly: boolean;
  product?: string;
  severity?: string;
  eventType?: string;
  /** False hides dark_fleet alerts (plans without the feature). */
  darkFleet: boolean;
  /** Newest detection time the caller may see (the plan's sync delay). */
  visibleUntil: Date;
  /** Oldest detection time the caller may see (the plan's history depth); null for all. */
  oldest: Date | null;
  watchlistOnly: boolean;
  /** Only alerts about vessels in these categories of the owner. */
  categoryIds: string[] | null;
  /** Only alerts whose effective state is this. */
  state?: string;
}

export interface AlertPageRequest {
  /** Keyset position: the last row of the previous page. */
  after?: { occurredKey: string; sourceId: string; source: string };
  /** An ISO timestamp cursor: only alerts detected before it. */
  before?: string;
  limit: number;
}

export interface StateRow {
  state: string;
  read_at: Date | null;
  resolved_at: Date | null;
  snoozed_until: Date | null;
}

/** What one state action writes; read_at is only ever set, never cleared. */
export interface StateWrite {
  state: string;
  readAt: Date | null;
  resolvedAt: Date | null;
  snoozedUntil: Date | null;
}

/** Builds a WHERE clause with numbered parameters. */
class Where {
  readonly params: unknown[] = [];
  readonly conditions: string[] = [];

  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  add(condition: string): void {
    this.conditions.push(condition);
  }

  sql(): string {
    return this.conditions.length === 0 ? 'TRUE' : this.conditions.join(' AND ');
  }
}

/**
 * Reads over the `unified_alerts` view (platform alerts, dark events, spoofing and locus alerts)
 * joined with the owner's alert states. Pages are ordered by (occurred_at, source_id, source)
 * descending: source_id alone repeats across the four sources.
 */
@Injectable()
export class AlertsRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async page(filter: AlertFilter, page: AlertPageRequest): Promise<AlertRow[]> {
    const where = new Where();
    const from = this.filtered(filter, where);
    if (page.after) {
      const at = where.param(page.after.occurredKey);
      const id = where.param(page.after.sourceId);
      const source = where.param(page.after.source);
      where.add(
        `(f.occurred_at, f.source_id, f.source) < (${at}::timestamptz, ${id}::bigint, ${source}::text)`,
      );
    }
    if (page.before) where.add(`f.occurred_at < ${where.param(page.before)}::timestamptz`);
    const limit = where.param(page.limit + 1);
    return (await this.db.query(
      `SELECT * FROM (${from}) f WHERE ${where.sql()}
       ORDER BY f.occurred_at DESC, f.source_id DESC, f.source DESC LIMIT ${limit}`,
      where.params,
    )) as AlertRow[];
  }

  /** How many alerts match the filter (cursor aside), and how many of them are open. */
  async counts(filter: AlertFilter): Promise<{ total: number; open: number }> {
    const where = new Where();
    const from = this.filtered(filter, where);
    const [row] = (await this.db.query(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE f.state = 'open')::int AS open
       FROM (${from}) f WHERE ${where.sql()}`,
      where.params,
    )) as { total: number; open: number }[];
    return row ?? { total: 0, open: 0 };
  }

  /**
   * The owner's category `categoryId` and all categories below it; empty when the owner has
   * no such category.
   */
  async categorySubtree(ownerId: string, categoryId: number): Promise<string[]> {
    const rows = (await this.db.query(
      `WITH RECURSIVE tree AS (
         SELECT id FROM watchlist_categories WHERE owner_id = $1 AND id = $2
         UNION
         SELECT c.id FROM watchlist_categories c JOIN tree t ON c.parent_id = t.id
         WHERE c.owner_id = $1)
       SELECT id::text AS id FROM tree`,
      [ownerId, categoryId],
    )) as { id: string }[];
    return rows.map((row) => row.id);
  }

  /** The event type of one alert, or undefined when there is no such alert. */
  async eventTypeOf(source: string, sourceId: string): Promise<string | undefined> {
    const rows = (await this.db.query(
      'SELECT event_type FROM unified_alerts WHERE source = $1 AND source_id = $2::bigint',
      [source, sourceId],
    )) as { event_type: string }[];
    return rows[0]?.event_type;
  }

  /** Writes the owner's state of one alert; read_at keeps its first value. */
  async writeState(ownerId: string, uid: string, write: StateWrite, now: Date): Promise<StateRow> {
    const [row] = (await this.db.query(
      `INSERT INTO alert_states (owner_id, alert_uid, state, read_at, resolved_at, snoozed_until,
         updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (owner_id, alert_uid) DO UPDATE SET
         state = excluded.state,
         read_at = coalesce(alert_states.read_at, excluded.read_at),
         resolved_at = excluded.resolved_at,
         snoozed_until = excluded.snoozed_until,
         updated_at = excluded.updated_at
       RETURNING state, read_at, resolved_at, snoozed_until`,
      [ownerId, uid, write.state, write.readAt, write.resolvedAt, write.snoozedUntil, now],
    )) as StateRow[];
    return row as StateRow;
  }

  /**
   * The view rows with the owner's effective state (aliased `f` by the caller): an expired
   * snooze reads as open, and no state row means open. Filters that do not depend on the state
   * go inside, where the planner pushes them into each branch of the view; the state filter
   * goes on `where`, outside.
   */
  private filtered(filter: AlertFilter, where: Where): string {
    const owner = where.param(filter.ownerId);
    const now = where.param(filter.now);
    const inner: string[] = [`v.occurred_at <= ${where.param(filter.visibleUntil)}::timestamptz`];
    if (filter.oldest) inner.push(`v.occurred_at >= ${where.param(filter.oldest)}::timestamptz`);
    if (filter.platformOnly) inner.push(`v.source = 'platform'`);
    if (filter.product) inner.push(`v.product = ${where.param(filter.product)}`);
    if (filter.severity) inner.push(`v.severity = ${where.param(filter.severity)}`);
    if (filter.eventType) inner.push(`v.event_type = ${where.param(filter.eventType)}`);
    if (!filter.darkFleet) inner.push(`v.event_type <> 'dark_fleet'`);
    if (filter.watchlistOnly)
      inner.push(`v.imo IN (SELECT imo FROM watchlist_entries WHERE owner_id = ${owner})`);
    if (filter.categoryIds)
      inner.push(`v.imo IN (SELECT imo FROM watchlist_entries WHERE owner_id = ${owner}
        AND category_id = ANY(${where.param(filter.categoryIds)}::bigint[]))`);
    if (filter.state) where.add(`f.state = ${where.param(filter.state)}`);
    return `SELECT v.uid, v.source, v.source_id, v.product, v.severity, v.title,
        v.description, v.event_type, v.entity_id, v.imo, v.occurred_at,
        to_char(v.occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS occurred_key,
        v.metadata,
        CASE WHEN s.state IS NULL
            OR (s.state = 'snoozed' AND s.snoozed_until <= ${now}::timestamptz)
          THEN 'open' ELSE s.state END AS state
      FROM unified_alerts v
      LEFT JOIN alert_states s ON s.owner_id = ${owner} AND s.alert_uid = v.uid
      WHERE ${inner.join(' AND ')}`;
  }
}
