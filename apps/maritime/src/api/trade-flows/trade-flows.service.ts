import { Inject, Injectable } from '@nestjs/common';
import { ApiError } from '@platform/http';
import type { Caller } from '../../platform/access/caller';
import { DataWindow } from '../../platform/access/data-window';
import { TRADE_FLOWS_LIMIT_DEFAULT, TradeFlowsQuery } from './dto/trade-flows.query';
import type { TradeFilter } from './trade-filter';
import { ExposureScope, TradeExposureRepository } from './trade-exposure.repository';
import { TradeFlowsRepository } from './trade-flows.repository';
import { discrepancyView, entityView, flowView, matchView } from './trade-views';

/** Dark events counted on an entity: the same 90 days the risk score's gap factors use. */
export const ENTITY_DARK_EVENT_DAYS = 90;
const DAY_MS = 86_400_000;

@Injectable()
export class TradeFlowsService {
  constructor(
    @Inject(TradeFlowsRepository) private readonly flows: TradeFlowsRepository,
    @Inject(TradeExposureRepository) private readonly exposure: TradeExposureRepository,
    @Inject(DataWindow) private readonly window: DataWindow,
  ) {}

  async read(query: TradeFlowsQuery, caller: Caller): Promise<Record<string, unknown>> {
    const view = query.view ?? 'flows';
    if (query.imo !== undefined && (view === 'flows' || view === 'mirror'))
      throw ApiError.badRequest(
        'invalid_request',
        'imo applies only to views entity and sanctions',
        [{ field: 'imo', message: 'imo applies only to views entity and sanctions' }],
      );
    const limit = query.limit ?? TRADE_FLOWS_LIMIT_DEFAULT;
    const trade = await this.filter(query);
    const head = { view, limit_applied: limit };
    const tail = { tier: caller.limits.tier };
    if (view === 'flows' || view === 'mirror') {
      const rows =
        view === 'flows'
          ? await this.flows.flows(trade, limit)
          : await this.flows.mirror(trade, limit);
      const total = rows[0]?.total ?? 0;
      return view === 'flows'
        ? { ...head, flows: rows.map(flowView), count: rows.length, total, ...tail }
        : { ...head, discrepancies: rows.map(discrepancyView), count: rows.length, total, ...tail };
    }
    const scope: ExposureScope = {
      trade,
      imo: query.imo ?? null,
      visibleUntil: this.window.visibleUntil(caller),
      limit,
    };
    if (view === 'sanctions') {
      const rows = await this.exposure.matches(scope);
      const first = rows[0];
      return {
        ...head,
        matches: rows.map(matchView),
        match_types: {
          direct_imo: first?.n_direct_imo ?? 0,
          mmsi: first?.n_mmsi ?? 0,
          name: first?.n_name ?? 0,
        },
        count: rows.length,
        total: first?.total ?? 0,
        ...tail,
      };
    }
    const darkSince = new Date(scope.visibleUntil.getTime() - ENTITY_DARK_EVENT_DAYS * DAY_MS);
    const rows = await this.exposure.entities(scope, darkSince);
    if (scope.imo !== null && rows.length === 0)
      throw ApiError.notFound('vessel_not_found', `No vessel with IMO ${scope.imo}`);
    return {
      ...head,
      entities: rows.map(entityView),
      count: rows.length,
      total: rows[0]?.total ?? 0,
      dark_event_window_days: ENTITY_DARK_EVENT_DAYS,
      ...tail,
    };
  }

  /** The query's trade filter, with the commodity (slug or name) resolved to its id. */
  private async filter(query: TradeFlowsQuery): Promise<TradeFilter> {
    return {
      exporter: query.exporter?.trim() ?? null,
      importer: query.importer?.trim() ?? null,
      commodityId: query.commodity === undefined ? null : await this.commodityId(query.commodity),
      period: query.period ?? null,
    };
  }

  private async commodityId(given: string): Promise<string> {
    const commodities = await this.flows.commodities();
    const wanted = given.trim().toLowerCase();
    const asSlug = wanted.replace(/[\s-]+/g, '_');
    const found = commodities.find((c) => c.slug === asSlug || c.name.toLowerCase() === wanted);
    if (found) return found.id;
    const message = `unknown commodity "${given}"; use a slug or name: ${commodities.map((c) => c.slug).join(', ')}`;
    throw ApiError.badRequest('invalid_request', message, [{ field: 'commodity', message }]);
  }
}
