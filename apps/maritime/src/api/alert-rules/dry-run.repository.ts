import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';

export interface UnifiedAlertRow {
  uid: string;
  source: string;
  product: string;
  severity: string;
  title: string;
  description: string;
  event_type: string;
  entity_id: string | null;
  occurred_at: Date;
  metadata: Record<string, unknown>;
  state: string;
}

export interface DryRunFilter {
  ownerId: string;
  product: string | null;
  severity: string | null;
  watchlistOnly: boolean;
  portfolioId: number | null;
  /** Plans below supply_chain_risk never see dark_fleet alerts. */
  darkFleet: boolean;
  /** The newest instant this caller sees (the plan's sync delay). */
  until: Date;
  /** The oldest instant this caller sees (the plan's history depth); null for all. */
  since: Date | null;
  now: Date;
  limit: number;
}

@Injectable()
export class DryRunRepository {
  constructor(@Inject(DataSource) private readonly db: DataSource) {}

  async categoryExists(ownerId: string, id: number): Promise<boolean> {
    const rows = (await this.db.query(
      'SELECT 1 FROM watchlist_categories WHERE owner_id = $1 AND id = $2',
      [ownerId, id],
    )) as unknown[];
    return rows.length > 0;
  }

  /**
   * The newest `limit` unified alerts the caller may see, after the filters, with the caller's
   * effective state (an expired snooze reads as open). The inner query keeps the view's
   * (occurred_at DESC, source_id DESC) order so the four branch indexes merge; the state is
   * joined on the page only.
   */
  async newest(filter: DryRunFilter): Promise<UnifiedAlertRow[]> {
    return (await this.db.query(
      `WITH RECURSIVE portfolio AS (
         SELECT id FROM watchlist_categories WHERE owner_id = $1 AND id = $5
         UNION
         SELECT c.id FROM watchlist_categories c JOIN portfolio p ON c.parent_id = p.id
         WHERE c.owner_id = $1
       ), page AS (
         SELECT u.uid, u.source, u.source_id, u.product, u.severity, u.title, u.description,
           u.event_type, u.entity_id, u.occurred_at, u.metadata
         FROM unified_alerts u
         WHERE ($2::text IS NULL OR u.product = $2)
           AND ($3::text IS NULL OR u.severity = $3)
           AND (NOT $4::boolean OR u.imo IN
             (SELECT w.imo FROM watchlist_entries w WHERE w.owner_id = $1))
           AND ($5::bigint IS NULL OR u.imo IN (SELECT w.imo FROM watchlist_entries w
             JOIN portfolio p ON p.id = w.category_id WHERE w.owner_id = $1))
           AND ($6::boolean OR u.event_type <> 'dark_fleet')
           AND u.occurred_at <= $7
           AND ($8::timestamptz IS NULL OR u.occurred_at >= $8)
         ORDER BY u.occurred_at DESC, u.source_id DESC
         LIMIT $10
       )
       SELECT page.uid, page.source, page.product, page.severity, page.title, page.description,
         page.event_type, page.entity_id, page.occurred_at, page.metadata,
         CASE WHEN s.state IS NULL THEN 'open'
           WHEN s.state = 'snoozed' AND s.snoozed_until <= $9 THEN 'open'
           ELSE s.state END AS state
       FROM page LEFT JOIN alert_states s ON s.owner_id = $1 AND s.alert_uid = page.uid
       ORDER BY page.occurred_at DESC, page.source_id DESC`,
      [
        filter.ownerId,
        filter.product,
        filter.severity,
        filter.watchlistOnly,
        filter.portfolioId,
        filter.darkFleet,
        filter.until,
        filter.since,
        filter.now,
        filter.limit,
      ],
    )) as UnifiedAlertRow[];
  }
}
