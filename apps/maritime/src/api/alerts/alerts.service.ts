import { Inject, Injectable } from '@nestjs/common';
import { MaritimeConfig } from '@platform/config';
import { ApiError } from '@platform/http';
import { alertsLimit, FEATURE_MINIMUM_PLANS, type Plan } from '@platform/maritime-domain';
import { buildPage, CursorCodec, decodeCursorOrIsoTimestamp } from '@platform/pagination';
import { requirePlan } from '../../platform/access/access.guard';
import type { Caller } from '../../platform/access/caller';
import { DataWindow } from '../../platform/access/data-window';
import { platformAlertView, unifiedAlertView } from './alert-views';
import { AlertFilter, AlertPageRequest, AlertRow, AlertsRepository } from './alerts.repository';
import { ALERT_ID_PATTERN, type AlertsQuery, type UnifiedAlertsQuery } from './dto/alerts.dto';

/** The caller's plan; these routes are keyed, so the guard has refused anonymous callers. */
export function planOf(caller: Caller): Plan {
  return (caller.key as NonNullable<Caller['key']>).plan;
}

export function ownerIdOf(caller: Caller): string {
  return (caller.key as NonNullable<Caller['key']>).ownerId;
}

/** The keyset position of a row: its detection time (to the µs) and its unified id. */
function positionOf(row: AlertRow): { sort: string; id: string } {
  return { sort: row.occurred_key, id: row.uid };
}

/** The two alert feeds, as the caller's plan may see them. */
@Injectable()
export class AlertsService {
  private readonly alertsCursor: CursorCodec;
  private readonly unifiedCursor: CursorCodec;

  constructor(
    @Inject(AlertsRepository) private readonly alerts: AlertsRepository,
    @Inject(DataWindow) private readonly window: DataWindow,
    @Inject(MaritimeConfig) config: MaritimeConfig,
  ) {
    this.alertsCursor = new CursorCodec(config.cursorSecret, 'maritime:alerts');
    this.unifiedCursor = new CursorCodec(config.cursorSecret, 'maritime:alerts-unified');
  }

  /**
   * Platform alerts (sanctions matches, river levels, dark fleet). The limit is capped by the
   * plan; the cursor is our opaque one or an ISO timestamp (alerts detected before it).
   */
  async platformFeed(query: AlertsQuery, caller: Caller): Promise<Record<string, unknown>> {
    const plan = planOf(caller);
    if (query.type === 'dark_fleet') requirePlan(plan, FEATURE_MINIMUM_PLANS.dark_fleet);
    const limit = alertsLimit(plan, query.limit ?? 20);
    const page: AlertPageRequest = { limit };
    if (query.cursor !== undefined) {
      const cursor = decodeCursorOrIsoTimestamp(this.alertsCursor, query.cursor);
      if (cursor.kind === 'timestamp') page.before = cursor.before;
      else page.after = afterOf(cursor.position);
    }
    const filter: AlertFilter = {
      ...this.baseFilter(caller),
      platformOnly: true,
      severity: query.severity,
      eventType: query.type,
      state: query.unacknowledged === 'true' ? 'open' : undefined,
    };
    const [rows, counts] = await Promise.all([
      this.alerts.page(filter, page),
      this.alerts.counts(filter),
    ]);
    const built = buildPage(rows, limit, positionOf, this.alertsCursor);
    return {
      alerts: built.items.map(platformAlertView),
      count: built.items.length,
      unacknowledged: counts.open,
      tier: caller.limits.tier,
      pagination: { limit, has_more: built.has_more, next_cursor: built.next_cursor },
    };
  }

  /** Alerts of every source with the owner's state, filtered by product, watchlist, portfolio. */
  async unifiedFeed(query: UnifiedAlertsQuery, caller: Caller): Promise<Record<string, unknown>> {
    const ownerId = ownerIdOf(caller);
    const limit = query.limit ?? 25;
    const page: AlertPageRequest = { limit };
    if (query.cursor !== undefined) page.after = afterOf(this.unifiedCursor.decode(query.cursor));
    let categoryIds: string[] | null = null;
    if (query.portfolio !== undefined) {
      categoryIds = await this.alerts.categorySubtree(ownerId, query.portfolio);
      if (categoryIds.length === 0)
        throw ApiError.notFound(
          'category_not_found',
          `No watchlist category ${query.portfolio} to use as a portfolio`,
        );
    }
    const product = query.product ?? 'all';
    const state = query.state ?? 'all';
    const watchlist = query.watchlist === 'true';
    const filter: AlertFilter = {
      ...this.baseFilter(caller),
      platformOnly: false,
      product: product === 'all' ? undefined : product,
      severity: query.severity,
      watchlistOnly: watchlist,
      categoryIds,
      state: state === 'all' ? undefined : state,
    };
    const rows = await this.alerts.page(filter, page);
    const built = buildPage(rows, limit, positionOf, this.unifiedCursor);
    return {
      alerts: built.items.map(unifiedAlertView),
      count: built.items.length,
      pagination: { limit, has_more: built.has_more, next_cursor: built.next_cursor },
      filters: {
        product,
        severity: query.severity ?? null,
        watchlist,
        portfolio: query.portfolio ?? null,
        state,
      },
    };
  }

  /** What every feed applies: the owner, the plan's dark-fleet gate, sync delay and depth. */
  private baseFilter(caller: Caller): AlertFilter {
    return {
      ownerId: ownerIdOf(caller),
      now: this.window.now(),
      platformOnly: false,
      darkFleet: caller.limits.dark_fleet,
      visibleUntil: this.window.visibleUntil(caller),
      oldest: this.window.oldestVisible(caller),
      watchlistOnly: false,
      categoryIds: null,
    };
  }
}

/** A decoded keyset position back into its parts (the MAC vouches for it; the shape is rechecked). */
function afterOf(position: { sort: string | number; id: string }): AlertPageRequest['after'] {
  if (typeof position.sort !== 'string' || !ALERT_ID_PATTERN.test(position.id))
    throw ApiError.badRequest('invalid_cursor', 'The cursor does not belong to this list');
  const [source, sourceId] = position.id.split(':') as [string, string];
  return { occurredKey: position.sort, sourceId, source };
}
